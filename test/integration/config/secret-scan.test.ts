// CFG-8 scan on real files and a real git repository: literals found (never printed),
// readable-by-others files flagged, project secrets git would commit flagged.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanSecrets } from '../../../electron/services/config/secrets';

let home: string;
let repo: string;
const TOKEN = 'tok-9f8e7d6c5b4a39281706';
const KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz012345';

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'cw-scan-'));
  repo = join(home, 'repo');
  await mkdir(repo);
  execFileSync('git', ['init', '-q', repo]);
});

afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

async function put(path: string, value: unknown, mode = 0o600): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(value, null, 2));
  await chmod(path, mode);
}

describe('scanSecrets', () => {
  it('finds literals by file and pointer, never printing their value', async () => {
    const minara = join(repo, '.minara', 'mcp', 'servers.json');
    await put(minara, { mcpServers: { slack: { url: 'https://s.example/mcp', authToken: TOKEN }, ok: { url: 'https://o.example/mcp', authTokenEnv: 'O_TOKEN' } } }, 0o600);
    await put(join(home, '.minimax', 'mcp.json'), { mcpServers: { ai: { command: 'npx', env: { OPENAI_API_KEY: KEY } } } }, 0o600);
    await put(join(home, '.claude.json'), { projects: { [repo]: { mcpServers: { p: { url: 'https://p/mcp', headers: { 'X-Api-Key': KEY } } } } } }, 0o600);
    const report = await scanSecrets({ env: { HOME: home }, workspace: repo });
    const secretFindings = report.findings.filter((f) => ['auth-token', 'env', 'header'].includes(f.kind)).map((f) => [f.path, f.pointer]);
    expect(secretFindings).toEqual(
      expect.arrayContaining([
        [minara, '/mcpServers/slack/authToken'],
        [join(home, '.minimax', 'mcp.json'), '/mcpServers/ai/env/OPENAI_API_KEY'],
        [join(home, '.claude.json'), `/projects/${repo.replace(/~/g, '~0').replace(/\//g, '~1')}/mcpServers/p/headers/X-Api-Key`],
      ]),
    );
    expect(secretFindings).toHaveLength(3);
    const out = JSON.stringify(report);
    expect(out).not.toContain(TOKEN);
    expect(out).not.toContain(KEY);
    expect(out).toContain(`${TOKEN.length} characters`);
  });

  it('flags a 0644 user file (chmod 600 advice) and not a 0600 one', async () => {
    const p = join(home, '.kimi-code', 'mcp.json');
    await put(p, { mcpServers: { a: { command: 'a' } } }, 0o644);
    let report = await scanSecrets({ env: { HOME: home } });
    expect(report.findings).toEqual([expect.objectContaining({ path: p, kind: 'readable-by-others', severity: 'warning', fix: `chmod 600 ${p}` })]);
    expect(report.files.find((f) => f.path === p)?.mode).toBe('0644');
    await chmod(p, 0o600);
    report = await scanSecrets({ env: { HOME: home } });
    expect(report.findings).toEqual([]);
  });

  it('a project file with secrets that git would commit: advise ignoring .minara/; ignored → no finding', async () => {
    const minara = join(repo, '.minara', 'mcp', 'servers.json');
    await put(minara, { mcpServers: { slack: { url: 'https://s.example/mcp', authToken: TOKEN } } }, 0o644);
    let report = await scanSecrets({ env: { HOME: home }, workspace: join(repo) });
    const git = report.findings.find((f) => f.kind === 'git-exposed');
    expect(git?.path).toBe(minara);
    expect(git?.fix).toContain('`.minara/`');
    // A project file holding secrets and readable by others is flagged too.
    expect(report.findings.some((f) => f.kind === 'readable-by-others' && f.path === minara && f.severity === 'error')).toBe(true);
    await writeFile(join(repo, '.gitignore'), '.minara/\n');
    report = await scanSecrets({ env: { HOME: home }, workspace: repo });
    expect(report.findings.some((f) => f.kind === 'git-exposed')).toBe(false);
  });

  it('scans a legacy minara file even when the new one exists', async () => {
    await put(join(home, '.minara', 'mcp', 'servers.json'), { mcpServers: {} });
    await put(join(home, '.minara', 'mcp.json'), { mcpServers: { old: { url: 'https://o/mcp', authToken: TOKEN } } });
    const report = await scanSecrets({ env: { HOME: home } });
    expect(report.findings.map((f) => f.path)).toContain(join(home, '.minara', 'mcp.json'));
  });
});
