// Bug "read-only project servers": MiniMax Code treats the workspace's .mcp.json as
// read-only (CFG-7). Through the real composition and dispatch, its rows say so before any
// action is offered, and a disable sent anyway is refused with the file untouched.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServersView } from '../../../shared/contract';
import { startServices, type Services } from '../../../electron/services/compose';

const ctx = { host: 'web' } as const;
let dir: string;
let services: Services;
const projectText = JSON.stringify({ mcpServers: { repo: { command: 'node', enabled: false } } }, null, 2);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'read-only-rows-'));
  const ws = join(dir, 'ws');
  await mkdir(join(dir, 'home', '.minimax'), { recursive: true });
  await mkdir(ws);
  await writeFile(join(dir, 'home', '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { mine: { command: 'node', enabled: false } } }));
  await writeFile(join(ws, '.mcp.json'), projectText);
  const env = { PATH: process.env.PATH, HOME: join(dir, 'home'), MCP_PANEL_DATA_DIR: join(dir, 'data') };
  services = await startServices({ host: 'web', pickFolder: null, env, cwd: ws, version: '0.0.0', profile: 'minimax', workspace: ws });
}, 30_000);

afterAll(async () => {
  await services?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('read-only rows (CFG-7)', () => {
  it('a minimax project server is read-only, the user server is not, trusted or not', async () => {
    for (const trust of [false, true]) {
      if (trust) expect((await services.dispatch('workspace.trust', { workspace: join(dir, 'ws'), trusted: true }, ctx)).ok).toBe(true);
      const list = await services.dispatch('servers.list', {}, ctx);
      expect(list.ok).toBe(true);
      const rows = (list.ok ? (list.value as ServersView) : null)!.servers;
      expect(rows.find((r) => r.name === 'repo')).toMatchObject({ layer: 'project', readOnly: true, trusted: trust });
      expect(rows.find((r) => r.name === 'mine')).toMatchObject({ layer: 'user', readOnly: false });
    }
  });

  it('a disable sent anyway is refused and the project file keeps every byte', async () => {
    const list = await services.dispatch('servers.list', {}, ctx);
    const repo = (list.ok ? (list.value as ServersView) : null)!.servers.find((r) => r.name === 'repo')!;
    const r = await services.dispatch('servers.setEnabled', { id: repo.id, enabled: true }, ctx);
    expect(r.ok).toBe(false);
    expect(r.ok ? null : r.error.message).toMatch(/read-only/);
    expect(await readFile(join(dir, 'ws', '.mcp.json'), 'utf8')).toBe(projectText);
  });
});
