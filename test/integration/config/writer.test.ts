// CFG-7 / SEC-3 on real files in a temp HOME: comments survive, conflicts are refused,
// unparseable files are never overwritten, modes are kept.
import { writeFileSync } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigWriter, type ConflictData } from '../../../electron/services/config/writer';
import { resolveLayerPaths } from '../../../electron/services/config/profiles';

let home: string;
let ws: string;
let writer: ConfigWriter;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'cw-home-'));
  ws = join(home, 'repo');
  await mkdir(join(ws, '.git'), { recursive: true });
  writer = new ConfigWriter({ env: { HOME: home } });
});

afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

const KIMI_USER = `{
\t// personal servers
\t"mcpServers": {
\t\t"first": {"command": "a", "x-mine": {"keep": true}}, // note on first
\t\t"second": {
\t\t\t"url": "https://second.example/mcp" /* why */
\t\t}
\t},
\t"mcp": {"startupTimeoutMs": 45000}
}
`;

async function kimiUser(text = KIMI_USER): Promise<string> {
  const p = join(home, '.kimi-code', 'mcp.json');
  await mkdir(join(home, '.kimi-code'), { recursive: true });
  await writeFile(p, text);
  return p;
}

describe('ConfigWriter on real files', () => {
  it('a commented file round-trips an edit: byte-identical outside the edited span', async () => {
    const p = await kimiUser();
    const r = await writer.set({ profile: 'kimi', layer: 'user' }, 'second', { url: 'https://second.example/v2' });
    expect(r).toMatchObject({ ok: true, value: { path: p, changed: true, created: false } });
    const after = await readFile(p, 'utf8');
    const cut = KIMI_USER.indexOf('mcp"', KIMI_USER.indexOf('second.example')) - 1;
    expect(after.slice(0, cut)).toBe(KIMI_USER.slice(0, cut)); // prefix identical
    const tail = KIMI_USER.slice(KIMI_USER.indexOf('" /* why */'));
    expect(after.endsWith(tail.replace(/^"/, ''))).toBe(true); // suffix identical
    expect(after).toBe(KIMI_USER.replace('second.example/mcp', 'second.example/v2'));
  });

  it('adds in the file’s own indentation (tabs) and keeps the rest', async () => {
    const p = await kimiUser();
    await writer.add({ profile: 'kimi', layer: 'user' }, 'third', { command: 'uvx', args: ['s'] });
    const after = await readFile(p, 'utf8');
    expect(after.startsWith(KIMI_USER.slice(0, KIMI_USER.indexOf('/* why */\n') + 10))).toBe(true);
    expect(after).toContain('\n\t\t"third": {\n\t\t\t"command": "uvx",');
    expect(after).toContain('"mcp": {"startupTimeoutMs": 45000}');
  });

  it('refuses when the file changed on disk since it was read; nothing is lost', async () => {
    const p = await kimiUser();
    const base = await writer.read({ profile: 'kimi', layer: 'user' });
    expect(base.ok).toBe(true);
    const theirs = KIMI_USER.replace('"a"', '"edited-by-hand"');
    await writeFile(p, theirs);
    const r = await writer.disable({ profile: 'kimi', layer: 'user' }, 'first', base.ok ? { base: base.value } : {});
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('conflict');
    const data = r.error.data as ConflictData;
    expect(data.base).toBe(KIMI_USER);
    expect(data.theirs).toBe(theirs);
    expect(data.ours).toContain('"enabled": false');
    expect(await readFile(p, 'utf8')).toBe(theirs);
  });

  it('refuses a change that lands between its own read and its write', async () => {
    const p = await kimiUser();
    const racing = new ConfigWriter({
      env: { HOME: home },
      // Runs after the read, before the write: the external editor strikes here.
      validate: (_d, _e) => {
        writeFileSync(p, '{"mcpServers": {}}\n');
        return [];
      },
    });
    const r = await racing.add({ profile: 'kimi', layer: 'user' }, 'n', { command: 'x' });
    expect(r).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await readFile(p, 'utf8')).toBe('{"mcpServers": {}}\n');
  });

  it('never overwrites a file that does not parse', async () => {
    const broken = '{\n  "mcpServers": {\n    "a": {"command": "x"},\n  }\n}\n';
    const p = await kimiUser(broken);
    const before = await stat(p);
    const r = await writer.add({ profile: 'kimi', layer: 'user' }, 'n', { command: 'x' });
    expect(r).toMatchObject({ ok: false, error: { code: 'parse_error', data: { line: 4 } } });
    expect(await readFile(p, 'utf8')).toBe(broken);
    expect((await stat(p)).mtimeMs).toBe(before.mtimeMs);
  });

  it('keeps the mode of an existing file; creates new files 0600 with their folders', async () => {
    const p = await kimiUser();
    await chmod(p, 0o640);
    await writer.disable({ profile: 'kimi', layer: 'user' }, 'first');
    expect((await stat(p)).mode & 0o777).toBe(0o640);
    const r = await writer.add({ profile: 'minimax', layer: 'user' }, 'n', { command: 'x' });
    expect(r).toMatchObject({ ok: true, value: { created: true } });
    // A fresh home: MiniMax's own default folder (~/.local/share/minimax on Linux), created with the file.
    const [user] = await resolveLayerPaths('minimax', { env: { HOME: home }, home, workspace: null });
    expect((await stat(user!.path)).mode & 0o777).toBe(0o600);
  });

  it('writes through a symlink to its target, keeping the link', async () => {
    const real = join(home, 'dotfiles', 'kimi.json');
    await mkdir(join(home, 'dotfiles'));
    await writeFile(real, KIMI_USER);
    await mkdir(join(home, '.kimi-code'));
    await symlink(real, join(home, '.kimi-code', 'mcp.json'));
    await writer.disable({ profile: 'kimi', layer: 'user' }, 'first');
    expect(await readFile(real, 'utf8')).toContain('"enabled": false');
    expect((await lstat(join(home, '.kimi-code', 'mcp.json'))).isSymbolicLink()).toBe(true);
  });

  it('minimax project files are read-only; session layers are not files', async () => {
    await writeFile(join(ws, '.mcp.json'), '{"mcpServers": {}}');
    expect(await writer.add({ profile: 'minimax', layer: 'project', workspace: ws }, 'n', { command: 'x' })).toMatchObject({ ok: false, error: { code: 'read_only' } });
    expect(await readFile(join(ws, '.mcp.json'), 'utf8')).toBe('{"mcpServers": {}}');
    expect(await writer.add({ profile: 'kimi', layer: 'session' }, 'n', { command: 'x' })).toMatchObject({ ok: false, error: { code: 'read_only' } });
    expect(await writer.add({ profile: 'kimi', layer: 'project' }, 'n', { command: 'x' })).toMatchObject({ ok: false, error: { code: 'invalid_target' } });
  });

  it('maps layers to the agents’ files (kimi git root, minara legacy and walk-up)', async () => {
    const sub = join(ws, 'pkg', 'deep');
    await mkdir(sub, { recursive: true });
    const kp = await writer.add({ profile: 'kimi', layer: 'project', workspace: sub }, 'p', { command: 'x' });
    expect(kp.ok && kp.value.path).toBe(join(ws, '.mcp.json'));
    const kl = await writer.add({ profile: 'kimi', layer: 'project-local', workspace: sub }, 'p', { command: 'x' });
    expect(kl.ok && kl.value.path).toBe(join(sub, '.kimi-code', 'mcp.json'));
    // minara: legacy <dataDir>/mcp.json is edited while mcp/servers.json does not exist.
    const data = join(home, 'minara-data');
    await mkdir(data);
    await writeFile(join(data, 'mcp.json'), '{"mcpServers": {"old": {"url": "https://old.example/mcp"}}}\n');
    const mw = new ConfigWriter({ env: { HOME: home, MINARA_DATA_DIR: data } });
    const mu = await mw.add({ profile: 'minara', layer: 'user' }, 'n', { url: 'https://n.example/mcp', authTokenEnv: 'N_TOKEN' });
    expect(mu.ok && mu.value.path).toBe(join(data, 'mcp.json'));
    await mkdir(join(ws, '.minara'));
    const mp = await mw.add({ profile: 'minara', layer: 'project', workspace: sub }, 'n', { url: 'https://n.example/mcp' });
    expect(mp.ok && mp.value.path).toBe(join(ws, '.minara', 'mcp', 'servers.json'));
  });

  it('an edit that changes nothing writes nothing', async () => {
    const p = await kimiUser();
    const before = await stat(p);
    const r = await writer.enable({ profile: 'kimi', layer: 'user' }, 'first');
    expect(r).toMatchObject({ ok: true, value: { changed: false } });
    expect((await stat(p)).mtimeMs).toBe(before.mtimeMs);
  });
});
