// PERM-4 for Claude Code: its rules are `permissions.allow|ask|deny` in its settings files
// (~/.claude/settings.json, <ws>/.claude/settings.json, <ws>/.claude/settings.local.json), not in
// its MCP files. `simulate --profile claude-code` reads them there with Claude Code's rule syntax;
// project files count once the workspace is trusted; a save keeps the settings' other keys.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigWriter } from '../../../electron/services/config/writer';
import { RuleFiles } from '../../../electron/services/permissions/rule-files';
import { runCli } from '../../helpers/run-cli';

let home: string;
let ws: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'perm-claude-home-'));
  ws = await mkdtemp(join(tmpdir(), 'perm-claude-ws-'));
  await mkdir(join(home, '.claude'), { recursive: true });
  await mkdir(join(ws, '.claude'), { recursive: true });
  await writeFile(join(home, '.claude', 'settings.json'), '{\n  "model": "opus",\n  "permissions": {"allow": ["mcp__github__*"], "defaultMode": "acceptEdits"}\n}\n');
  await writeFile(join(ws, '.claude', 'settings.local.json'), '{"permissions": {"deny": ["mcp__github__delete_repo"]}}');
  await writeFile(join(ws, 'tools.json'), JSON.stringify(['mcp__github__create_issue', 'mcp__github__delete_repo']));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
  await rm(ws, { recursive: true, force: true });
});

const env = () => ({ ...process.env, HOME: home, USERPROFILE: home });
const simulate = () => runCli(['simulate', '--profile', 'claude-code', '--workspace', ws, '--tools', join(ws, 'tools.json'), '--json'], { env: env() });

describe('Claude Code rules from settings.json', () => {
  it('reads the user file, and the local file once the workspace is trusted', async () => {
    const before = JSON.parse((await simulate()).stdout);
    expect(before.tools.map((t: { decision: string }) => t.decision)).toEqual(['allow', 'allow']);
    expect(before.rules[0].source.path).toBe(join(home, '.claude', 'settings.json'));
    expect((await runCli(['trust', '--workspace', ws], { env: env() })).code).toBe(0);
    const after = JSON.parse((await simulate()).stdout);
    expect(after.tools.map((t: { decision: string }) => t.decision)).toEqual(['allow', 'deny']);
    expect(after.rules[0].source).toEqual({ layer: 'project-local', path: join(ws, '.claude', 'settings.local.json'), position: 0 });
  });

  it('saves a layer into its settings file, keeping Claude Code\'s other settings', async () => {
    const files = new RuleFiles({ writer: new ConfigWriter({ env: env() }), env: env(), isTrusted: async () => true });
    const sel = { profile: 'claude-code' as const, workspace: ws };
    const user = (await files.read(sel)).find((l) => l.layer === 'user')!;
    await files.save(sel, 'user', { ...user.rules, ask: ['mcp__github'] }, user.hash, false);
    const text = JSON.parse(await readFile(join(home, '.claude', 'settings.json'), 'utf8'));
    expect(text).toMatchObject({ model: 'opus', permissions: { allow: ['mcp__github__*'], ask: ['mcp__github'], defaultMode: 'acceptEdits' } });
  });
});
