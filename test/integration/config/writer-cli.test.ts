// The CLI face (spawned for real, so a few only: each start costs a tsx boot).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../helpers/run-cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let home: string;
const cli = (args: string[]) => runCli(args, { env: { PATH: process.env.PATH, HOME: home }, cwd: home });

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'cw-cli-'));
});

afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('config write CLI', () => {
  it('server add --json prints one document and writes the file', async () => {
    const r = await cli(['server', 'add', 'docs', '--profile', 'kimi', '--layer', 'user', '--entry', '{"url":"https://docs.example/mcp","bearerTokenEnvVar":"DOCS_TOKEN"}', '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ ok: true, server: 'docs', op: 'add', created: true, path: join(home, '.kimi-code', 'mcp.json') });
    expect(JSON.parse(await readFile(doc.path, 'utf8')).mcpServers.docs.bearerTokenEnvVar).toBe('DOCS_TOKEN');
  });

  it('a refused write exits 1 with one line that never shows the secret', async () => {
    const secret = 'literal-secret-value-42';
    const r = await cli(['server', 'add', 'leak', '--profile', 'minara', '--layer', 'user', '--entry', JSON.stringify({ url: 'https://x.example/mcp', authToken: secret })]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: inline_secret: .*authTokenEnv/);
    expect(r.stderr + r.stdout).not.toContain(secret);
  });

  it('secrets scan --json reports without values; import refuses the secret-bearing server', async () => {
    const secret = 'ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
    await mkdir(join(home, '.cursor'), { recursive: true });
    await writeFile(join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { gh: { command: 'npx', env: { GITHUB_TOKEN: secret } }, fs: { command: 'npx', args: ['fs'] } } }), { mode: 0o600 });
    const scan = await cli(['secrets', 'scan', '--json']);
    expect(scan.code).toBe(1);
    const report = JSON.parse(scan.stdout);
    expect(report.findings).toEqual(expect.arrayContaining([expect.objectContaining({ pointer: '/mcpServers/gh/env/GITHUB_TOKEN', kind: 'env' })]));
    expect(scan.stdout + scan.stderr).not.toContain(secret);
    const imp = await cli(['import', '--from', 'cursor', '--profile', 'kimi', '--layer', 'user', '--json']);
    expect(imp.code).toBe(1);
    const doc = JSON.parse(imp.stdout);
    expect(doc.imported.map((s: { name: string }) => s.name)).toEqual(['fs']);
    expect(doc.skipped).toMatchObject([{ name: 'gh', code: 'inline_secret' }]);
    expect(imp.stdout + imp.stderr).not.toContain(secret);
  });
});
