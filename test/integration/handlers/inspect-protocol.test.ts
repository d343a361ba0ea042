// PROTO-1 and PROTO-4 through the real composition (startServices, the real dispatch and pool):
// Server details' protocol section on a real SDK v2 dual-era server over stdio. Automatic lands
// on 2026-07-28, where ping and logging/setLevel are answered `unsupported` (`modern-dropped`,
// the page says so) rather than failing; the person's choice saved with servers.setEraMode (the
// panel's settings, the method `mcp-panel era` uses) reconnects it in the legacy era, where both
// work; an SDK v1 server without logging is told apart (`capability`).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContract } from '../../../shared/contract';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/rpc';
import { startServices, type Services } from '../../../electron/services/compose';
import { fixture } from '../connections/helpers';
import type { Result } from '../../../shared/result';

const ctx = { host: 'web' } as const;
let dir: string;
let services: Services;
const ids: Record<string, string> = {};

async function call<M extends MethodName<AppContract>>(method: M, input: MethodInput<AppContract, M>): Promise<Result<MethodOutput<AppContract, M>>> {
  return (await services.dispatch(method, input, ctx)) as Result<MethodOutput<AppContract, M>>;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'protocol-'));
  await mkdir(join(dir, 'home', '.minimax'), { recursive: true });
  await mkdir(join(dir, 'ws'));
  const servers = {
    dual: { command: process.execPath, args: [fixture('v2'), 'stdio'] },
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

describe('server details: protocol', () => {
  it('automatic lands on 2026-07-28: ping and logging/setLevel are "dropped by the modern era", not failures', async () => {
    const info = await call('inspect.server', { id: ids.dual! });
    expect(info.ok && { era: info.value.era, version: info.value.protocolVersion }).toEqual({ era: 'modern', version: '2026-07-28' });
    const ping = await call('inspect.ping', { id: ids.dual! });
    expect(ping.ok || ping.error).toMatchObject({ code: 'unsupported', data: { reason: 'modern-dropped', method: 'ping' } });
    const level = await call('inspect.setLogLevel', { id: ids.dual!, level: 'warning' });
    expect(level.ok || level.error).toMatchObject({ code: 'unsupported', data: { reason: 'modern-dropped', method: 'logging/setLevel' } });
  });

  it('the era choice is the panel setting: legacy reconnects the server in that era, where ping and the log level work', async () => {
    expect(await call('servers.eraMode', { id: ids.dual! })).toEqual({ ok: true, value: { mode: 'auto' } });
    expect(await call('servers.setEraMode', { id: ids.dual!, mode: 'legacy' })).toMatchObject({ ok: true, value: { mode: 'legacy', server: { id: ids.dual!, state: { kind: 'connected', era: 'legacy' } } } });
    expect(await call('servers.eraMode', { id: ids.dual! })).toEqual({ ok: true, value: { mode: 'legacy' } });
    const info = await call('inspect.server', { id: ids.dual! });
    expect(info.ok && { era: info.value.era, version: info.value.protocolVersion }).toEqual({ era: 'legacy', version: '2025-11-25' });
    const ping = await call('inspect.ping', { id: ids.dual! });
    expect(ping.ok).toBe(true);
    expect(await call('inspect.setLogLevel', { id: ids.dual!, level: 'warning' })).toEqual({ ok: true, value: { level: 'warning' } });
    const traffic = await call('logs.get', { id: ids.dual! });
    expect(traffic.ok && traffic.value.traffic.some((t) => t.dir === 'out' && t.method === 'logging/setLevel')).toBe(true);
    // In the panel's settings, never in the agent's file.
    expect(await readFile(join(dir, 'home', '.minimax', 'mcp.json'), 'utf8')).not.toMatch(/legacy/);
  });

  it('a legacy server that declares no logging capability is told apart', async () => {
    const level = await call('inspect.setLogLevel', { id: ids.old!, level: 'info' });
    expect(level.ok || level.error).toMatchObject({ code: 'unsupported', data: { reason: 'capability', capability: 'logging' } });
  });
});
