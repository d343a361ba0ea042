// PROTO-2 cached lists through the real composition (startServices, the real dispatch and pool):
// a real SDK v2 server speaking 2026-07-28 that lets its lists be kept for ten minutes (`ttlMs`).
// The first read asks the server; the next is served from the panel's cache and says so (when
// the server sent it, until when it may be kept) with no request on the wire; servers.refreshLists
// drops it and the next read asks the server again. A legacy server's lists are never kept.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContract } from '../../../shared/contract';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/rpc';
import { startServices, type Services } from '../../../electron/services/compose';
import { fixture } from '../connections/helpers';
import type { Result } from '../../../shared/result';

const TTL = 600_000;
const ctx = { host: 'web' } as const;
let dir: string;
let services: Services;
const ids: Record<string, string> = {};

async function call<M extends MethodName<AppContract>>(method: M, input: MethodInput<AppContract, M>): Promise<Result<MethodOutput<AppContract, M>>> {
  return (await services.dispatch(method, input, ctx)) as Result<MethodOutput<AppContract, M>>;
}

/** How many requests of `method` the panel sent to `server` (its JSON-RPC traffic log). */
async function sent(server: string, method: string): Promise<number> {
  const logs = await call('logs.get', { id: ids[server]! });
  if (!logs.ok) throw new Error(logs.error.message);
  return logs.value.traffic.filter((t) => t.dir === 'out' && t.method === method).length;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cache-'));
  await mkdir(join(dir, 'home', '.minimax'), { recursive: true });
  await mkdir(join(dir, 'ws'));
  const servers = {
    kept: { command: process.execPath, args: [fixture('v2'), 'stdio', '--modern-only', '--ttl-ms', String(TTL)] },
    old: { command: process.execPath, args: [fixture('v1-full'), 'stdio'] },
  };
  await writeFile(join(dir, 'home', '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  const env = { PATH: process.env.PATH, HOME: join(dir, 'home'), MCP_PANEL_DATA_DIR: join(dir, 'data') };
  services = await startServices({ host: 'web', pickFolder: null, env, cwd: join(dir, 'ws'), version: '0.0.0', profile: 'minimax', workspace: join(dir, 'ws') });
  const list = await call('servers.list', {});
  if (!list.ok) throw new Error(list.error.message);
  for (const s of list.value.servers) ids[s.name] = s.id;
}, 60_000);

afterAll(async () => {
  await services?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('cached lists (ttlMs)', () => {
  it('prompts: asked once, then served from the cache and said so, until Refresh drops it', async () => {
    const first = await call('inspect.prompts', { id: ids.kept! });
    expect(first.ok && first.value.prompts.map((p) => p.name)).toEqual(['greet']);
    expect(first.ok && first.value.cached).toBeUndefined();
    expect(await sent('kept', 'prompts/list')).toBe(1);

    const second = await call('inspect.prompts', { id: ids.kept! });
    expect(second.ok && second.value.prompts.map((p) => p.name)).toEqual(['greet']);
    const cached = second.ok ? second.value.cached : undefined;
    expect(cached).toBeDefined();
    expect(cached!.expiresAt - cached!.at).toBeGreaterThan(0);
    expect(cached!.expiresAt - cached!.at).toBeLessThanOrEqual(TTL);
    expect(await sent('kept', 'prompts/list')).toBe(1);

    expect(await call('servers.refreshLists', { id: ids.kept! })).toMatchObject({ ok: true, value: { server: { id: ids.kept!, state: { kind: 'connected' } } } });
    const third = await call('inspect.prompts', { id: ids.kept! });
    expect(third.ok && third.value.cached).toBeUndefined();
    expect(await sent('kept', 'prompts/list')).toBe(2);
  });

  it('resources and templates the same way', async () => {
    await call('inspect.resources', { id: ids.kept! });
    await call('inspect.templates', { id: ids.kept! });
    const [res, tpl] = [await call('inspect.resources', { id: ids.kept! }), await call('inspect.templates', { id: ids.kept! })];
    expect(res.ok && res.value.resources.map((r) => r.uri)).toEqual(['fixture://readme']);
    expect(res.ok && res.value.cached).toBeDefined();
    expect(tpl.ok && tpl.value.cached).toBeDefined();
    expect([await sent('kept', 'resources/list'), await sent('kept', 'resources/templates/list')]).toEqual([1, 1]);
  });

  it('a legacy server has no ttlMs: every read asks it', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await call('inspect.prompts', { id: ids.old! });
      expect(r.ok && r.value.cached).toBeUndefined();
    }
    expect(await sent('old', 'prompts/list')).toBe(2);
  });
});
