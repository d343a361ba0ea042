// Bug "Disable shows REMOVED until reload": through the real composition, a connected stdio
// server that is disabled goes to DISABLED at once. The pool is handed the disabled entry as a
// record that says why (CONN-5), so no `removed` state event reaches the page's row.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServersView } from '../../../shared/contract';
import { startServices, type Services } from '../../../electron/services/compose';
import { fixture } from '../../helpers/fixtures';

const ECHO = fixture('test/fixtures/servers/echo.mjs');
const ctx = { host: 'web' } as const;
let dir: string;
let services: Services;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'disable-state-'));
  await mkdir(join(dir, 'home', '.minimax'), { recursive: true });
  await mkdir(join(dir, 'ws'));
  await writeFile(join(dir, 'home', '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: [ECHO, 'stdio'] } } }, null, 2));
  const env = { PATH: process.env.PATH, HOME: join(dir, 'home'), MCP_PANEL_DATA_DIR: join(dir, 'data') };
  services = await startServices({ host: 'web', pickFolder: null, env, cwd: join(dir, 'ws'), version: '0.0.0', profile: 'minimax', workspace: join(dir, 'ws') });
}, 30_000);

afterAll(async () => {
  await services?.dispose();
  await rm(dir, { recursive: true, force: true });
});

const rows = async (): Promise<ServersView['servers']> => {
  const r = await services.dispatch('servers.list', {}, ctx);
  if (!r.ok) throw new Error(r.error.message);
  return (r.value as ServersView).servers;
};

describe('disable (CONN-5)', () => {
  it('reconnect answers the row once the new connection settled, as the next list shows it (issue 36 item 2)', async () => {
    const id = (await rows())[0]!.id;
    const r = await services.dispatch('servers.reconnect', { id }, ctx);
    if (!r.ok) throw new Error(r.error.message);
    const { server } = r.value as { server: ServersView['servers'][number] };
    expect(server).toMatchObject({ id, name: 'echo', state: { kind: 'connected' } });
    expect(server.toolCount).toBeGreaterThan(0);
    expect((await rows())[0]!.state).toEqual(server.state);
  });

  it('a connected server that is disabled says DISABLED at once, and no event calls it removed', async () => {
    const events: Array<{ event: string; payload: { id?: string; state?: { kind: string }; view?: ServersView } }> = [];
    // Woken by the engine's own events: connected first, then the disable.
    const connected = new Promise<void>((done) => {
      services.api.events.subscribe((event, payload) => {
        events.push({ event, payload: payload as never });
        if (event === 'servers.stateChanged' && (payload as { state: { kind: string } }).state.kind === 'connected') done();
      });
    });
    if ((await rows())[0]!.state.kind !== 'connected') await connected;
    const id = (await rows())[0]!.id;
    const r = await services.dispatch('servers.setEnabled', { id, enabled: false }, ctx);
    // The action answers the row it changed, as the next list shows it (issue 36 item 2).
    expect(r).toMatchObject({ ok: true, value: { server: { id, enabled: false, state: { kind: 'disabled', code: 'disabled_in_config' } } } });
    expect((await rows())[0]).toMatchObject({ enabled: false, state: { kind: 'disabled', code: 'disabled_in_config' } });
    const changed = events.filter((e) => e.event === 'servers.changed').at(-1)!;
    expect(changed.payload.view!.servers[0]!.state.kind).toBe('disabled');
    expect(events.filter((e) => e.event === 'servers.stateChanged' && e.payload.state?.kind === 'removed')).toEqual([]);
  });
});
