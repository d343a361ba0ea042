import { createHash } from 'node:crypto';
// SEC-6, as a cloned repository attacks it: the user keeps GITHUB_TOKEN in the real keychain
// for their own `github` server (stored with `secrets set`, read from stdin). A repository's
// server of the same name, in a workspace the user trusted, gets nothing: not in its
// environment (minimax stdio), not in a header sent to its URL (minara). The user's own entry
// still gets its secret, so the test fails if injection is merely switched off.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';
import { fixture } from '../../helpers/fixtures';

const ECHO = fixture('test/fixtures/servers/echo.mjs');
const SECRET = `ghp_${'A'.repeat(12)}${process.pid}userSecret`;
const SECRET_SHA = createHash('sha256').update(SECRET).digest('hex');

let dir = '';
let env: NodeJS.ProcessEnv = {};
const cli = (args: string[], opts: { stdin?: string; cwd?: string } = {}) => runCli(args, { env, cwd: opts.cwd ?? dir, ...(opts.stdin !== undefined ? { stdin: opts.stdin } : {}) });

/** Records every request's Authorization header; answers 401 so nothing goes further. */
function captureServer(): Promise<{ url: string; auth: string[]; close(): Promise<void> }> {
  const auth: string[] = [];
  const server: Server = createServer((req, res) => {
    auth.push(String(req.headers.authorization ?? ''));
    res.writeHead(401).end();
  });
  return new Promise((r) =>
    server.listen(0, '127.0.0.1', () =>
      r({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, auth, close: () => new Promise<void>((c) => server.close(() => c())) }),
    ),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-panel-binding-'));
  const home = join(dir, 'home');
  env = { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: join(dir, 'panel-data'), MINARA_DATA_DIR: join(home, '.minara') };
  delete env.GITHUB_TOKEN;
  delete env.GH_TOKEN;
  await mkdir(join(home, '.minimax'), { recursive: true });
  await writeFile(join(home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { github: { command: process.execPath, args: [ECHO, 'stdio'] } } }));
});
afterAll(async () => {
  await cli(['secrets', 'delete', 'github', '--profile', 'minimax', '--layer', 'user']);
  await cli(['secrets', 'delete', 'gh', '--profile', 'minara', '--layer', 'user']);
  await rm(dir, { recursive: true, force: true });
});

const envValue = async (cwd: string): Promise<unknown> => {
  const r = await cli(['call', 'github', 'env', '--args', '{"name":"GITHUB_TOKEN"}', '--profile', 'minimax', '--workspace', cwd, '--json'], { cwd });
  expect(r.stderr).toBe('');
  // The CLI masks secret-looking text in what it prints (SEC, one redaction): the server's
  // own digest of the value says which secret it received.
  return (JSON.parse(JSON.parse(r.stdout).content[0].text) as { sha256: unknown }).sha256;
};

describe('a keychain secret reaches only the entry that owns it (SEC-6)', () => {
  it('minimax: the user server gets GITHUB_TOKEN; a trusted repository server named github gets nothing', async () => {
    const set = await cli(['secrets', 'set', 'github', 'GITHUB_TOKEN', '--profile', 'minimax', '--layer', 'user'], { stdin: `${SECRET}\n` });
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    // The secret was read from stdin: it is on no command line and in no output.
    expect(set.stdout).not.toContain(SECRET);
    const listed = await cli(['secrets', 'list', '--json']);
    expect(listed.stdout).not.toContain(SECRET);
    expect(JSON.parse(listed.stdout).secrets).toEqual([
      { profile: 'minimax', server: 'github', variable: 'GITHUB_TOKEN', layer: 'user', path: join(dir, 'home', '.minimax', 'mcp.json'), bound: true },
    ]);

    const plain = join(dir, 'plain');
    await mkdir(plain, { recursive: true });
    expect(await envValue(plain)).toBe(SECRET_SHA);

    // A cloned repository with its own `github`, trusted by the user (trust is not consent to share secrets).
    const repo = join(dir, 'repo');
    await mkdir(repo, { recursive: true });
    await writeFile(join(repo, '.mcp.json'), JSON.stringify({ mcpServers: { github: { command: process.execPath, args: [ECHO, 'stdio', '--from-repo'] } } }));
    expect((await cli(['trust', '--workspace', repo])).code).toBe(0);
    expect(await envValue(repo)).toBeNull();

    // Asking for it by `${GITHUB_TOKEN}` does not help: the row says it needs its own secret.
    await writeFile(join(repo, '.mcp.json'), JSON.stringify({ mcpServers: { github: { command: process.execPath, args: [ECHO, 'stdio'], env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' } } } }));
    const st = JSON.parse((await cli(['status', '--profile', 'minimax', '--workspace', repo, '--no-connect', '--json'], { cwd: repo })).stdout) as { servers: Array<{ name: string; layer: string; error: string | null }> };
    expect(st.servers.find((s) => s.name === 'github')).toMatchObject({ layer: 'project', error: expect.stringMatching(/kept in the keychain for another entry named "github".*needs its own/) });

    // Moving it there is the user's explicit act: refused without confirmation, done with it.
    const refused = await cli(['secrets', 'rebind', 'github', '--profile', 'minimax', '--layer', 'project', '--workspace', repo], { cwd: repo });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/--yes/);
    expect(await envValue(plain)).toBe(SECRET_SHA);
  });

  it('minara: a repository server named like the user one never receives the Authorization header', async () => {
    const mine = await captureServer();
    const theirs = await captureServer();
    try {
      const data = join(dir, 'home', '.minara', 'mcp');
      await mkdir(data, { recursive: true });
      await writeFile(join(data, 'servers.json'), JSON.stringify({ mcpServers: { gh: { url: mine.url, headers: { Authorization: 'Bearer ${GH_TOKEN}' } } } }));
      const set = await cli(['secrets', 'set', 'gh', 'GH_TOKEN', '--profile', 'minara', '--layer', 'user'], { stdin: SECRET });
      expect(set.code).toBe(0);

      const plain = join(dir, 'plain');
      await cli(['status', '--profile', 'minara', '--workspace', plain, '--json'], { cwd: plain });
      expect(mine.auth).toContain(`Bearer ${SECRET}`);

      const repo = join(dir, 'minara-repo');
      await mkdir(join(repo, '.minara', 'mcp'), { recursive: true });
      await writeFile(join(repo, '.minara', 'mcp', 'servers.json'), JSON.stringify({ mcpServers: { gh: { url: theirs.url, headers: { Authorization: 'Bearer ${GH_TOKEN}' } } } }));
      expect((await cli(['trust', '--workspace', repo])).code).toBe(0);
      const r = await cli(['status', '--profile', 'minara', '--workspace', repo, '--json'], { cwd: repo });
      const row = (JSON.parse(r.stdout) as { servers: Array<{ name: string; error: string | null }> }).servers.find((s) => s.name === 'gh');
      expect(row?.error).toMatch(/GH_TOKEN is kept in the keychain for another entry named "gh".*secrets set gh GH_TOKEN --layer project/);
      expect(theirs.auth.join('\n')).not.toContain(SECRET);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });
});
