// The seam with the connection engine: ConnectionPool({authProvider: broker.authProviderFor}).
// 401 → needs-auth (no browser opened by the pool); login; reconnect → connected; calls work;
// nothing secret lands in the pool's data dir (tool snapshots, logs).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionPool } from '../../../electron/services/connections/pool';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/oauth/auth-server';
import { HeadlessPerson, LoginService, MemorySecretStore, TokenBroker } from '../../../electron/services/auth';
import { httpSpec } from './helpers';
import { findSecrets } from './scan';

let fx: OAuthFixture | undefined;
let pool: ConnectionPool | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await pool?.dispose();
  await fx?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  pool = fx = dataDir = undefined;
});

describe('auth plugged into the connection pool', () => {
  it('needs-auth → login → connected → call; refresh; logout → needs-auth again', async () => {
    fx = await startOAuthFixture();
    dataDir = await mkdtemp(join(tmpdir(), 'mcp-panel-data-'));
    let clock = Date.now();
    const broker = new TokenBroker({ store: new MemorySecretStore(), now: () => clock });
    const logins = new LoginService({ broker, now: () => clock });
    pool = new ConnectionPool({ dataDir, env: { ...process.env, MCP_PANEL_DATA_DIR: dataDir }, authProvider: broker.authProviderFor });
    const spec = httpSpec(fx.mcpUrl, 'cloud');
    pool.setServers([spec]);
    await pool.discover();
    expect(pool.state('cloud')?.kind).toBe('needs-auth');

    expect((await logins.login(spec, { opener: new HeadlessPerson() })).type).toBe('done');
    expect((await pool.reconnect('cloud'))?.kind).toBe('connected');
    const r = await pool.callTool('cloud', 'whoami');
    expect(r.isError).toBe(false);
    expect(JSON.stringify(r.content)).toContain('client=client-');

    clock += 2 * 3600_000; // expired: the broker refreshes before the next call
    expect((await pool.reconnect('cloud'))?.kind).toBe('connected');
    expect(fx.provider.counts.refresh).toBe(1);

    await logins.logout(spec);
    await pool.reconnect('cloud');
    expect(pool.state('cloud')?.kind).toBe('needs-auth');
    expect(await findSecrets([dataDir], fx.provider.issuedSecrets)).toEqual([]);
  });
});
