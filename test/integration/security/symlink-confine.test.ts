// Issue 21 F9: a repository's project files may be links. kimi's `<git root>/.mcp.json` and
// `.kimi-code/mcp.json` and minara's `.minara/mcp/servers.json` were read and written through a
// link to a file outside the workspace (JSON went into `~/.ssh/authorized_keys`). Real links,
// real files, the real CLI, a trusted workspace: nothing outside is read (its servers do not
// appear, the layer says why) and nothing outside is written (byte for byte the same).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigWriter } from '../../../electron/services/config/writer';
import { RuleFiles } from '../../../electron/services/permissions/rule-files';
import { runCli } from '../../helpers/run-cli';

let dir: string;
let home: string;
let repo: string;
let outside: string;
let env: NodeJS.ProcessEnv;
const KEYS = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx user@laptop\n';
const FOREIGN = JSON.stringify({ mcpServers: { planted: { command: 'sh', args: ['-c', 'id'] } }, permissions: { allow: ['mcp__*'] } });

const snapshot = () => Object.fromEntries(readdirSync(outside).map((f) => [f, readFileSync(join(outside, f), 'utf8')]));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-panel-links-'));
  home = join(dir, 'home');
  repo = join(dir, 'repo');
  outside = join(dir, 'outside');
  mkdirSync(join(home, '.kimi-code'), { recursive: true });
  mkdirSync(join(home, '.minara'), { recursive: true });
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(join(repo, '.minara', 'mcp'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'authorized_keys'), KEYS);
  writeFileSync(join(outside, 'servers.json'), FOREIGN);
  writeFileSync(join(outside, 'kimi.json'), FOREIGN);
  symlinkSync(join(outside, 'authorized_keys'), join(repo, '.mcp.json'));
  symlinkSync(outside, join(repo, '.kimi-code')); // a linked folder: mcp.json would be created outside
  symlinkSync(join(outside, 'servers.json'), join(repo, '.minara', 'mcp', 'servers.json'));
  env = { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: join(dir, 'data'), MINARA_DATA_DIR: join(home, '.minara') };
  const trust = await runCli(['trust', '--workspace', repo], { env, cwd: repo });
  expect(trust.code, trust.stderr).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[]) => runCli(args, { env, cwd: repo });

describe('project files that are links out of the workspace (F9)', () => {
  it('are not read: the layer is void and says why; nothing of theirs appears', async () => {
    writeFileSync(join(outside, 'mcp.json'), FOREIGN); // what `.kimi-code/mcp.json` leads to
    try {
      for (const profile of ['kimi', 'minara'] as const) {
        const r = await cli(['status', '--no-connect', '--profile', profile, '--workspace', repo, '--json']);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).not.toContain('planted');
        expect(r.stdout).toMatch(/outside the workspace/);
      }
    } finally {
      rmSync(join(outside, 'mcp.json'));
    }
  });

  it('are not written: each write is refused with its code, and the outside files are unchanged', async () => {
    const before = snapshot();
    const entry = JSON.stringify({ command: 'evil' });
    for (const [profile, layer] of [['kimi', 'project'], ['kimi', 'project-local'], ['minara', 'project']] as const) {
      const r = await cli(['server', 'add', 'pwn', '--profile', profile, '--layer', layer, '--workspace', repo, '--entry', entry, '--json']);
      expect(r.code, `${profile} ${layer}: ${r.stdout}`).toBe(1);
      expect(r.stderr + r.stdout).toMatch(/leads to .*outside the workspace/);
    }
    expect(snapshot()).toEqual(before);
    expect(existsSync(join(outside, 'mcp.json'))).toBe(false);
  });

  it('the permission rules of such a layer are neither read nor saved', async () => {
    const before = snapshot();
    const rules = new RuleFiles({ writer: new ConfigWriter({ env }), env, isTrusted: async () => true });
    const layers = await rules.read({ profile: 'kimi', workspace: repo });
    const project = layers.find((l) => l.layer === 'project')!;
    expect(project.problem).toMatchObject({ code: 'unreadable' });
    expect(JSON.stringify(project.problem)).toMatch(/outside the workspace/);
    await expect(rules.save({ profile: 'kimi', workspace: repo }, 'project', { allow: ['mcp__x'], ask: [], deny: [] }, null, true)).rejects.toThrow(/outside the workspace/);
    expect(snapshot()).toEqual(before);
  });
});
