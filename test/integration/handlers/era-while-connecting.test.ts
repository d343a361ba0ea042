// PROTO-1: an era chosen while the server is still connecting is the era it lands on. The
// attempt under way was started in the automatic mode (it would land on 2026-07-28); the choice
// makes it give way to a fresh one in the legacy era. A real SDK v2 dual-era server over stdio,
// its start held by a shell until the test opens a gate file.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { ServersView } from '../../../shared/contract';
import { startServices, type Services } from '../../../electron/services/compose';
import { fixture } from '../connections/helpers';

let dir: string;
let services: Services;

async function call<T>(method: string, input: unknown): Promise<T> {
  const r = await services.dispatch(method as never, input as never, { host: 'web' });
  if (!r.ok) throw new Error(r.error.message);
  return r.value as T;
}
const row = async () => (await call<ServersView>('servers.list', {})).servers.find((s) => s.name === 'held')!;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'era-connecting-'));
  await mkdir(join(dir, 'home', '.minimax'), { recursive: true });
  await mkdir(join(dir, 'ws'));
  const gate = join(dir, 'gate');
  const held = { command: '/bin/sh', args: ['-c', `while [ ! -e "$0" ]; do sleep 0.02; done; exec "$1" "$2" stdio`, gate, process.execPath, fixture('v2')] };
  await writeFile(join(dir, 'home', '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { held } }, null, 2));
  const env = { PATH: process.env.PATH, HOME: join(dir, 'home'), MCP_PANEL_DATA_DIR: join(dir, 'data') };
  services = await startServices({ host: 'web', pickFolder: null, env, cwd: join(dir, 'ws'), version: '0.0.0', profile: 'minimax', workspace: join(dir, 'ws') });
}, 60_000);

afterAll(async () => {
  await services?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('the legacy era chosen while the server connects is the one it connects in', async () => {
  const { id } = await row();
  await vi.waitFor(async () => expect((await row()).state.kind).toBe('pending'), { timeout: 20_000, interval: 50 });
  const chosen = call<{ server: { state: { kind: string; era?: string } } }>('servers.setEraMode', { id, mode: 'legacy' });
  // The choice has reached the connection (it says it reconnects) before the server can start.
  await vi.waitFor(async () => expect((await row()).state).toMatchObject({ kind: 'pending', code: 'reconnecting' }), { timeout: 20_000, interval: 20 });
  await writeFile(join(dir, 'gate'), '');
  expect((await chosen).server.state).toMatchObject({ kind: 'connected', era: 'legacy' });
}, 60_000);
