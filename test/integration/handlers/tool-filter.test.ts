// CONN-8 per-tool switch through the real composition: two kimi servers running the echo
// fixture, whose names collide (`docs_x` and `docs.x` both sanitise to mcp__docs_x__…, NAME-2;
// Kimi 2.1.0 gives each name to the server that finished connecting first, so the tests ask which),
// a real ~/.kimi-code/mcp.json with comments. The preview tells what a change does before it
// is written; the save keeps every other byte; a file changed since the preview is refused.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServersView, ToolFilterPreview, ToolsView } from '../../../shared/contract';
import { startServices, type Services } from '../../../electron/services/compose';
import { fixture } from '../../helpers/fixtures';

const ECHO = fixture('test/fixtures/servers/echo.mjs');
const ctx = { host: 'web' } as const;
let dir: string;
let services: Services;
let userFile: string;
const original = `{
  // the docs servers (hand-written)
  "mcpServers": {
    "docs_x": { "command": "node", "args": [${JSON.stringify(ECHO)}, "stdio"] }, // same names as docs.x
    "docs.x": { "command": "node", "args": [${JSON.stringify(ECHO)}, "stdio"] }
  }
}
`;

async function call<T>(method: string, input: unknown): Promise<T> {
  const r = await services.dispatch(method as never, input as never, ctx);
  if (!r.ok) throw Object.assign(new Error(r.error.message), { code: r.error.code, data: r.error.data });
  return r.value as T;
}
const ids = async (): Promise<Record<string, string>> => Object.fromEntries((await call<ServersView>('servers.list', {})).servers.map((s) => [s.name, s.id]));
async function idOf(name: string): Promise<string> {
  const id = (await ids())[name];
  if (!id) throw new Error(`no server ${name}`);
  return id;
}
/** A preview once the server is connected again (a saved filter changes its spec: it reconnects). */
async function connectedPreview(serverId: string): Promise<ToolFilterPreview> {
  let p: ToolFilterPreview | null = null;
  await vi.waitFor(async () => expect((p = await call<ToolFilterPreview>('tools.previewToolFilter', { serverId })).blocked).toBeNull(), { timeout: 30_000, interval: 100 });
  return p!;
}
const kimiNames = async () => (await call<ToolsView>('tools.list', {})).tools.filter((t) => t.names.kimi).map((t) => `${t.serverName}/${t.tool}`).sort();
/** The server holding Kimi's names now (the first to finish connecting, as measured), and the other. */
async function contest(): Promise<{ winner: string; loser: string }> {
  const winner = (await kimiNames())[0]!.split('/')[0]!;
  return { winner, loser: winner === 'docs_x' ? 'docs.x' : 'docs_x' };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tool-filter-'));
  const ws = join(dir, 'ws');
  await mkdir(join(dir, 'home', '.kimi-code'), { recursive: true });
  await mkdir(join(ws, '.kimi-code'), { recursive: true });
  await mkdir(join(dir, 'home', '.minimax'), { recursive: true });
  userFile = join(dir, 'home', '.kimi-code', 'mcp.json');
  await writeFile(userFile, original);
  // An untrusted workspace's server: shown, never started, never switched (CFG-10).
  await writeFile(join(ws, '.kimi-code', 'mcp.json'), JSON.stringify({ mcpServers: { repo: { command: 'node', args: [ECHO, 'stdio'] } } }));
  await writeFile(join(dir, 'home', '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { mm: { command: 'node', args: [ECHO, 'stdio'] } } }));
  const env = { PATH: process.env.PATH, HOME: join(dir, 'home'), MCP_PANEL_DATA_DIR: join(dir, 'data') };
  services = await startServices({ host: 'web', pickFolder: null, env, cwd: ws, version: '0.0.0', profile: 'kimi', workspace: ws });
  // Both servers connected: the first to finish names 7 tools, the other's 7 lose every name to them.
  await vi.waitFor(async () => expect((await call<ToolsView>('tools.list', {})).tools).toHaveLength(14), { timeout: 30_000, interval: 100 });
  expect(await kimiNames()).toHaveLength(7);
}, 60_000);

afterAll(async () => {
  await services?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('per-tool switch (CONN-8), kimi', () => {
  it('the preview of the current state offers every tool, on, and changes nothing', async () => {
    const { docs_x } = await ids();
    const p = await call<ToolFilterPreview>('tools.previewToolFilter', { serverId: docs_x });
    expect(p).toMatchObject({ blocked: null, fields: ['enabledTools', 'disabledTools'], patch: {}, disappear: [], appear: [], resolved: [], created: [] });
    expect(p.tools.map((t) => t.name)).toContain('parts');
    expect(p.tools.every((t) => t.enabled && t.wanted)).toBe(true);
    expect(p.tokens.after).toBe(p.tokens.before);
    expect(p.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('disabling a winner hands its name to the loser: names, collisions and tokens before → after', async () => {
    const { winner, loser } = await contest();
    const id = await idOf(winner);
    const cur = await call<ToolFilterPreview>('tools.previewToolFilter', { serverId: id });
    const enabled = cur.tools.map((t) => t.name).filter((n) => n !== 'parts');
    const p = await call<ToolFilterPreview>('tools.previewToolFilter', { serverId: id, enabled });
    expect(p.patch).toEqual({ disabledTools: ['parts'] });
    expect(p.disappear).toEqual([{ name: 'mcp__docs_x__parts', serverName: winner, tool: 'parts' }]);
    expect(p.appear).toEqual([{ name: 'mcp__docs_x__parts', serverName: loser, tool: 'parts' }]);
    expect(p.resolved.map((c) => [c.name, c.winner.serverName, c.loser.serverName, c.cause])).toEqual([['mcp__docs_x__parts', winner, loser, 'sanitised']]);
    expect(p.created).toEqual([]);
    expect(p.tools.find((t) => t.name === 'parts')).toMatchObject({ enabled: true, wanted: false });
    // The same definition now comes from the other server: the budget is unchanged.
    expect(p.tokens.after).toBe(p.tokens.before);
  });

  it('saving writes only disabledTools (comments and order kept); re-enabling restores every byte', async () => {
    const { docs_x } = await ids();
    const cur = await call<ToolFilterPreview>('tools.previewToolFilter', { serverId: docs_x });
    const all = cur.tools.map((t) => t.name);
    await call('tools.setToolFilter', { serverId: docs_x, enabled: all.filter((n) => n !== 'parts'), baseHash: cur.hash });
    const text = await readFile(userFile, 'utf8');
    expect(text).toContain('// the docs servers (hand-written)');
    expect(text).toContain('// same names as docs.x');
    expect(text.replace(/\s+/g, '')).toContain('"disabledTools":["parts"]');
    // The agent's view follows the file: docs_x's `parts` is gone, docs.x holds the name whoever connected first.
    await vi.waitFor(async () => expect(await kimiNames()).toContain('docs.x/parts'), { timeout: 30_000, interval: 100 });
    expect(await kimiNames()).not.toContain('docs_x/parts');
    const after = await connectedPreview(await idOf('docs_x'));
    expect(after.tools.find((t) => t.name === 'parts')).toMatchObject({ enabled: false, wanted: false });
    await call('tools.setToolFilter', { serverId: (await ids()).docs_x, enabled: all, baseHash: after.hash });
    expect(await readFile(userFile, 'utf8')).toBe(original);
  });

  it('a file changed on disk since the preview is refused as a conflict, and left as it is', async () => {
    const docs_x = await idOf('docs_x');
    const cur = await connectedPreview(docs_x);
    const theirs = original.replace('(hand-written)', '(edited elsewhere)');
    await writeFile(userFile, theirs);
    const err = await call('tools.setToolFilter', { serverId: docs_x, enabled: [], baseHash: cur.hash }).catch((e: { code: string; data: { reason: string } }) => e);
    expect(err).toMatchObject({ code: 'conflict', data: { reason: 'conflict' } });
    expect(await readFile(userFile, 'utf8')).toBe(theirs);
    await writeFile(userFile, original);
  });

  it('an untrusted workspace server offers no switch, and a save is refused', async () => {
    const { repo } = await ids();
    const p = await call<ToolFilterPreview>('tools.previewToolFilter', { serverId: repo });
    expect(p.blocked).toBe('untrusted');
    await expect(call('tools.setToolFilter', { serverId: repo, enabled: [] })).rejects.toMatchObject({ code: 'refused' });
  });

  it('minimax has no per-tool field (seed 000): no switch, nothing written', async () => {
    await call('profiles.select', { profile: 'minimax', workspace: join(dir, 'ws') });
    const { mm } = await ids();
    const p = await call<ToolFilterPreview>('tools.previewToolFilter', { serverId: mm });
    expect(p).toMatchObject({ blocked: 'unsupported', fields: [], patch: {} });
    await expect(call('tools.setToolFilter', { serverId: mm, enabled: [] })).rejects.toMatchObject({ code: 'refused' });
    await call('profiles.select', { profile: 'kimi', workspace: join(dir, 'ws') });
  });
});
