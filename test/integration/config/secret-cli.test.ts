// Items 4 and 11 through the real CLI on a temp HOME: `secrets scan --json` finds every
// hidden literal (by pointer, never printing it) and `server add` refuses a `${X:-ghp_…}`
// default in each field, leaving the file as it was.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';
import { GHP, SCAN_POINTERS, SECRETS, secretServers } from './secret-cases';

let home: string;
let userFile: string;
const cli = (args: string[]) => runCli(args, { env: { PATH: process.env.PATH, HOME: home }, cwd: home, timeoutMs: 60_000 });

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'cw-secret-cli-'));
  userFile = join(home, '.minimax', 'mcp.json');
  await mkdir(join(home, '.minimax'), { recursive: true });
  await writeFile(userFile, JSON.stringify({ mcpServers: { ...secretServers(), clean: { command: 'npx', args: ['-y', 'srv', '${GITHUB_TOKEN}'], env: { API_KEY: '${API_KEY}' } } } }, null, 2), { mode: 0o600 });
});

afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('secrets CLI (items 4, 11)', () => {
  it('secrets scan --json finds every hidden literal and prints none of them', async () => {
    const r = await cli(['secrets', 'scan', '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { findings: Array<{ path: string; pointer: string }> };
    const pointers = report.findings.filter((f) => f.path === userFile).map((f) => f.pointer);
    expect(pointers.sort()).toEqual([...SCAN_POINTERS].sort());
    for (const s of Object.values(SECRETS)) expect(r.stdout + r.stderr).not.toContain(s);
  });

  it('server add refuses a literal ${X:-…} default in env, headers, URL query and args', async () => {
    const before = await readFile(userFile, 'utf8');
    const entries = [
      { command: 'npx', env: { GITHUB_TOKEN: `\${GITHUB_TOKEN:-${GHP}}` } },
      { url: 'https://h.example/mcp', headers: { Authorization: `Bearer \${GH_TOKEN:-${GHP}}` } },
      { url: `https://h.example/mcp?api_key=\${GH_TOKEN:-${GHP}}` },
      { command: 'npx', args: ['-y', 'srv', `\${GH_TOKEN:-${GHP}}`] },
    ];
    for (const entry of entries) {
      const r = await cli(['server', 'add', 'leak', '--profile', 'minimax', '--layer', 'user', '--entry', JSON.stringify(entry)]);
      expect(r.code, JSON.stringify(entry)).toBe(1);
      expect(r.stderr).toMatch(/^error: inline_secret: /);
      expect(r.stdout + r.stderr).not.toContain(GHP);
    }
    expect(await readFile(userFile, 'utf8')).toBe(before);
  });
});
