// BRIDGE-4 on the real CLI (spawned): `bridge install` / `bridge uninstall` --json documents,
// the line the agent gets (node + the checkout's built command, both absolute, when run from a
// checkout), refusals with exit 1, and `status --json` listing the bridges running now.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_CLI, runCli } from '../../helpers/run-cli';

const USER_FILE = `{
  // by hand
  "mcpServers": {
    "docs": {"url": "https://docs.example/mcp"}
  }
}
`;

let home: string;
let file: string;
const cli = (args: string[]) => runCli(args, { env: { PATH: process.env.PATH, HOME: home }, cwd: home });

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'bridge-cli-'));
  file = join(home, '.minimax', 'mcp.json');
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('bridge install / uninstall CLI', () => {
  it('install --json writes the line and says what it replaced; uninstall restores the file exactly', async () => {
    file = join(home, '.minimax', 'mcp.json');
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, USER_FILE);
    const r = await cli(['bridge', 'install', 'docs', '--agent', 'minimax', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toEqual({ ok: true, server: 'docs', agent: 'minimax', path: file, layer: 'user', changed: true, replaced: true, line: { command: process.execPath, args: [BUILT_CLI, 'bridge', 'docs', '--profile', 'minimax'] } });
    expect(await readFile(file, 'utf8')).toContain('// by hand');
    const u = await cli(['bridge', 'uninstall', 'docs', '--agent', 'minimax', '--json']);
    expect(u.code).toBe(0);
    expect(JSON.parse(u.stdout)).toEqual({ ok: true, server: 'docs', agent: 'minimax', path: file, layer: 'user', restored: 'exact' });
    expect(await readFile(file, 'utf8')).toBe(USER_FILE);
  });

  it('the text answer ends with how to ask the agent written to, where the panel knows its command (AGENT-8)', async () => {
    const claudeFile = join(home, '.claude.json');
    await writeFile(claudeFile, JSON.stringify({ mcpServers: { docs: { type: 'http', url: 'https://docs.example/mcp' } } }));
    const r = await cli(['bridge', 'install', 'docs', '--agent', 'claude-code']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ {2}ask Claude Code itself what it reads now: mcp-panel agents --ask claude-code$/m);
    const u = await cli(['bridge', 'uninstall', 'docs', '--agent', 'claude-code']);
    expect(u.stdout).toMatch(/mcp-panel agents --ask claude-code$/m);
    // MiniMax Code has no command line to ask: no such line.
    await writeFile(file, USER_FILE);
    const m = await cli(['bridge', 'install', 'docs', '--agent', 'minimax']);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stdout).not.toMatch(/agents --ask/);
    await cli(['bridge', 'uninstall', 'docs', '--agent', 'minimax']);
  });

  it('a refusal exits 1 with one line, and the --json error document', async () => {
    const r = await cli(['bridge', 'install', 'nope', '--agent', 'minimax', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, error: { code: 'unknown_server', params: { server: 'nope' } } });
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    const bad = await cli(['bridge', 'install', 'docs', '--agent', 'claude']);
    expect(bad.code).toBe(2);
  });

  it('status --json lists the live bridges (a dead pid is dropped)', async () => {
    const dir = join(home, '.mcp-panel', 'bridges');
    await mkdir(dir, { recursive: true });
    const live = { pid: process.pid, agentPid: process.ppid, agentName: 'kimi', server: 'docs', profile: 'minimax', workspace: null, origin: 'https://docs.example', since: 1, calls: 3, lastError: 'upstream 503', updatedAt: 2 };
    await writeFile(join(dir, `${process.pid}.json`), JSON.stringify(live));
    await writeFile(join(dir, '999999999.json'), JSON.stringify({ ...live, pid: 999999999 }));
    const r = await cli(['status', '--no-connect', '--profile', 'minimax', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).bridges).toEqual([live]);
    const text = await cli(['status', '--no-connect', '--profile', 'minimax']);
    expect(text.stdout).toMatch(/bridges: 1 running\n {2}kimi \d+ +docs \(minimax\) +since 1970-01-01T00:00:00\.001Z \(\S+\) {2}3 calls {2}last error: upstream 503/);
  });
});
