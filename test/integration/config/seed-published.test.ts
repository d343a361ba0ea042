// Issue 34 item 7: the seed agents as published, on real files. Kimi Code as
// @moonshot-ai/kimi-code 2.1.0 reads its files (one invalid entry voids every server; its own
// workspace-trust record), MiniMax Code's data folder as MiniMax-AI/minimax-code data-dir.ts
// resolves it (shared/profiles/kimi/README.md and shared/profiles/minimax/README.md list the sources).
import { createHash } from 'node:crypto';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandbox } from './helpers';
import { kimiWorkDirKey } from '../../../shared/profiles/kimi/files';
import { engineProfile } from '../../../electron/services/config/profiles';
import { detectProfiles } from '../../../electron/services/config/detect';
import { scanSecrets } from '../../../electron/services/config/secrets';

const sb = useSandbox('each', async (s) => {
  await mkdir(join(s.ws, '.git'));
});
const sha = (t: string) => createHash('sha256').update(t).digest('hex');
const kimiUser = () => join(sb.home, '.kimi-code', 'mcp.json');
const kimiTrust = (dir: string) => sb.write(join(sb.home, '.kimi-code', 'workspace-trust', kimiWorkDirKey(dir, sha)), { root: dir, trustedAt: 1 });

describe('Kimi Code 2.1.0: its own trust record', () => {
  it('names the record as workdir-slug.ts does', () => {
    // Worked examples of /work/notes/seed-agents-published.md K2, run against dist/main.mjs.
    expect(kimiWorkDirKey('/home/u/proj', sha)).toBe('wd_proj_9c09f8055a26');
    expect(kimiWorkDirKey('/home/u/My Project', sha)).toBe('wd_my-project_0a2da8d45b3d');
    expect(kimiWorkDirKey('/', sha)).toBe('wd_workspace_e3b0c44298fc');
  });

  it('an untrusted folder: Kimi reads only the user file, and the row says Kimi (not the panel) has not trusted it', async () => {
    await sb.write(kimiUser(), { mcpServers: { mine: { command: 'm' } } });
    await sb.write(join(sb.ws, '.mcp.json'), { mcpServers: { proj: { command: 'p' } } });
    await sb.trust(); // the panel's trust: SEC-5 still decides what the panel starts
    let view = await sb.service().load('kimi', sb.ws);
    const proj = () => view.servers.find((s) => s.name === 'proj');
    expect(proj()).toMatchObject({ trusted: false, agentTrusted: false });
    expect(view.problems).toContainEqual(expect.objectContaining({ path: join(sb.ws, '.mcp.json'), severity: 'warning', message: expect.stringContaining('Kimi Code has not trusted') }));
    // The record for exactly this folder: a parent's or a child's does not count.
    await kimiTrust(join(sb.ws, 'sub'));
    view = await sb.service().load('kimi', sb.ws);
    expect(proj()).toMatchObject({ agentTrusted: false });
    await kimiTrust(sb.ws);
    view = await sb.service().load('kimi', sb.ws);
    expect(proj()).toMatchObject({ trusted: true, agentTrusted: true });
    // Without the panel's trust the panel still starts nothing there (SEC-5), whatever Kimi says.
    await sb.service().trust.revoke(sb.ws);
    view = await sb.service().load('kimi', sb.ws);
    expect(proj()).toMatchObject({ trusted: false, agentTrusted: true });
  });
});

describe('Kimi Code 2.1.0: one invalid entry in a file it reads voids every server', () => {
  it('names the entry and the file on every server, session servers excepted; the panel keeps the good ones', async () => {
    await sb.write(kimiUser(), { mcpServers: { good: { command: 'g' }, bad: { transport: 'streamable-http', url: 'https://b.example/mcp' } } });
    await sb.write(join(sb.ws, '.mcp.json'), { mcpServers: { proj: { command: 'p' } } });
    await kimiTrust(sb.ws);
    await sb.trust();
    const svc = sb.service();
    svc.setPluginServers('kimi', { plug: { command: 'x' } });
    svc.setSessionServers('kimi', { sess: { url: 'https://s.example/mcp' } });
    const view = await svc.load('kimi', sb.ws);
    const by = Object.fromEntries(view.servers.map((s) => [s.name, s]));
    const voided = { path: kimiUser(), pointer: '/mcpServers/bad', reason: expect.stringContaining('"streamable-http"') };
    for (const name of ['good', 'proj', 'plug', 'bad']) expect(by[name]?.agentVoid, name).toEqual(voided);
    expect(by.sess?.agentVoid).toBeUndefined();
    // CFG-5: the panel's own view keeps the good entry runnable.
    expect(by.good).toMatchObject({ error: null, spec: { command: 'g' } });
    expect(view.problems[0]).toMatchObject({ severity: 'error', path: kimiUser(), message: expect.stringMatching(/^Kimi Code loads none of its MCP servers/) });
  });

  it('a project file Kimi does not read (folder untrusted by Kimi) voids nothing; a file that does not parse voids all', async () => {
    await sb.write(kimiUser(), { mcpServers: { good: { command: 'g' } } });
    await sb.write(join(sb.ws, '.mcp.json'), { mcpServers: { broken: { args: 1 } } });
    expect((await sb.service().load('kimi', sb.ws)).servers.every((s) => s.agentVoid === undefined)).toBe(true);
    await kimiTrust(sb.ws);
    expect((await sb.service().load('kimi', sb.ws)).servers.find((s) => s.name === 'good')?.agentVoid).toMatchObject({ path: join(sb.ws, '.mcp.json'), pointer: '/mcpServers/broken' });
    await sb.write(join(sb.ws, '.mcp.json'), '{"mcpServers": {');
    expect((await sb.service().load('kimi', sb.ws)).servers.find((s) => s.name === 'good')?.agentVoid).toMatchObject({ path: join(sb.ws, '.mcp.json'), pointer: '' });
  });

  it('other agents keep the good entries (MiniMax: only the bad one fails)', async () => {
    await mkdir(join(sb.home, '.minimax'));
    await sb.write(join(sb.home, '.minimax', 'mcp.json'), { mcpServers: { good: { command: 'g' }, bad: { args: 1 } } });
    const view = await sb.service().load('minimax', sb.ws);
    expect(view.servers.every((s) => s.agentVoid === undefined)).toBe(true);
  });
});

describe("MiniMax Code's data folder (MiniMax-AI/minimax-code data-dir.ts)", () => {
  const dataDir = (env: NodeJS.ProcessEnv = {}) => engineProfile('minimax').dataDir!({ env: { ...sb.env, ...env }, home: sb.home, platform: 'linux' });

  it('MINIMAX_DATA_DIR, then MAVIS_DATA_DIR (trimmed, not empty), then ~/.minimax, ~/.mavis, then XDG for a fresh Linux install', async () => {
    expect(await dataDir()).toBe(join(sb.home, '.local', 'share', 'minimax'));
    expect(await dataDir({ XDG_DATA_HOME: join(sb.root, 'xdg') })).toBe(join(sb.root, 'xdg', 'minimax'));
    expect(await dataDir({ XDG_DATA_HOME: 'relative' })).toBe(join(sb.home, '.local', 'share', 'minimax'));
    await mkdir(join(sb.home, '.mavis'));
    // An existing ~/.mavis: MiniMax moves it to ~/.minimax at its next start; its files are the ones it will read.
    expect(await dataDir()).toBe(join(sb.home, '.mavis'));
    await mkdir(join(sb.home, '.minimax'));
    expect(await dataDir()).toBe(join(sb.home, '.minimax'));
    expect(await dataDir({ MAVIS_DATA_DIR: ` ${join(sb.root, 'm')} ` })).toBe(join(sb.root, 'm'));
    expect(await dataDir({ MINIMAX_DATA_DIR: join(sb.root, 'x'), MAVIS_DATA_DIR: join(sb.root, 'm') })).toBe(join(sb.root, 'x'));
    expect(await dataDir({ MINIMAX_DATA_DIR: '  ', MAVIS_DATA_DIR: join(sb.root, 'm') })).toBe(join(sb.root, 'm'));
  });

  it('moves mcp.json with it; the old ~/.minimax-code/mcp.json is not MiniMax\'s: a warning, still scanned for secrets', async () => {
    const dir = join(sb.root, 'mm-data');
    await sb.write(join(dir, 'mcp.json'), { mcpServers: { here: { command: 'h' } } });
    const old = await sb.write(join(sb.home, '.minimax-code', 'mcp.json'), { mcpServers: { there: { command: 't', env: { OPENAI_API_KEY: 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD' } } } });
    const view = await sb.service({ MINIMAX_DATA_DIR: dir }).load('minimax', sb.ws);
    expect(view.layers[0]?.path).toBe(join(dir, 'mcp.json'));
    expect(view.servers.map((s) => s.name)).toEqual(['here']);
    expect(view.problems).toContainEqual(expect.objectContaining({ path: old, severity: 'warning', message: expect.stringContaining(`MiniMax Code does not read ${old}`) }));
    const report = await scanSecrets({ env: { ...sb.env, MINIMAX_DATA_DIR: dir }, home: sb.home, workspace: null });
    expect(report.findings.filter((f) => f.kind === 'env').map((f) => [f.path, f.pointer])).toContainEqual([old, '/mcpServers/there/env/OPENAI_API_KEY']);
  });

  it('detection: any folder MiniMax may keep its data in, or the installer\'s ~/.minimax-code', async () => {
    const det = async () => (await detectProfiles(sb.home, sb.env, 'linux')).find((a) => a.agent === 'minimax')!;
    expect((await det()).detected).toBe(false);
    await mkdir(join(sb.home, '.minimax-code', 'releases'), { recursive: true });
    expect((await det()).detected).toBe(true);
  });

  it('a ~/.mavis that is a link to the XDG folder reads the same files', async () => {
    const xdg = join(sb.home, '.local', 'share', 'minimax');
    await sb.write(join(xdg, 'mcp.json'), { mcpServers: { linked: { command: 'l' } } });
    await symlink(xdg, join(sb.home, '.mavis'));
    const view = await sb.service().load('minimax', sb.ws);
    expect(view.servers.map((s) => s.name)).toEqual(['linked']);
  });
});
