// auth.list / auth.logout through the api (contract validation included) with the real broker
// and login service: what the pool saw decides "no login needed" versus "not contacted yet";
// a stdio server is listed as needing no login; a logout reconnects every entry of that URL.
import { afterEach, describe, expect, it } from 'vitest';
import { contract } from '../../../shared/contract';
import { createDispatcher } from '../../../shared/rpc';
import type { EffectiveView } from '../../../shared/schemas/server';
import { createApi, type PoolInfo } from '../../../electron/services/api';
import { HeadlessPerson, LoginService, MemorySecretStore, TokenBroker } from '../../../electron/services/auth';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/oauth/auth-server';
import { effectiveServer } from '../../helpers/effective-server';
import { fakePool } from '../../helpers/fake-pool';
import { apiDeps } from '../../unit/api/api-deps';

let fx: OAuthFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const remote = (name: string, url: string) =>
  effectiveServer(name, {
    transport: 'http',
    entry: { type: 'http', url },
    spec: { id: `configured:minimax:${name}`, name, profile: 'minimax', layer: 'user', source: 'configured', transport: 'http', url },
  });

describe('auth handlers', () => {
  it('statuses come from tokens plus what the pool saw; logout reconnects every entry of the URL', async () => {
    fx = await startOAuthFixture();
    const broker = new TokenBroker({ store: new MemorySecretStore() });
    const logins = new LoginService({ broker });
    const { pool, set } = fakePool();
    const view: EffectiveView = {
      profile: 'minimax',
      workspace: null,
      layers: [],
      problems: [],
      servers: [effectiveServer('local'), remote('open', 'http://127.0.0.1:9/open'), remote('fresh', 'http://127.0.0.1:9/fresh'), remote('locked', fx.mcpUrl), remote('alias', `${fx.mcpUrl}/`)],
    };
    const api = createApi(apiDeps(view, { createPool: () => pool, auth: logins }));
    const dispatch = createDispatcher(contract, api.handlers, { undeclared: 'throw' });
    await api.start();
    const state = (kind: string) => ({ state: { kind, code: kind === 'connected' ? 'connected' : 'not_connected', reason: '', since: 1, toolCount: 0, connectMs: 1, retryAt: null } }) as unknown as PoolInfo;
    set('configured:minimax:open', state('connected'));
    set('configured:minimax:fresh', state('pending'));
    set('configured:minimax:locked', state('needs-auth'));
    const list = async () => {
      const r = await dispatch('auth.list', {}, { host: 'cli' });
      if (!r.ok) throw new Error(r.error.message);
      return Object.fromEntries((r.value as { servers: Array<{ name: string; state: string; tokenStored: boolean }> }).servers.map((s) => [s.name, s.state]));
    };
    // `fresh` is still connecting and `alias` was never contacted: neither has a login stored.
    expect(await list()).toEqual({ local: 'not-applicable', open: 'not-applicable', fresh: 'logged-out', locked: 'needs-auth', alias: 'logged-out' });

    // One login (entry `locked`) serves `alias` too: same canonical URL.
    expect((await logins.login(view.servers[3]!.spec!, { opener: new HeadlessPerson() })).type).toBe('done');
    expect(await list()).toMatchObject({ locked: 'logged-in', alias: 'logged-in', fresh: 'logged-out' });

    const out = await dispatch('auth.logout', { id: 'configured:minimax:alias' }, { host: 'cli' });
    expect(out).toMatchObject({ ok: true, value: { url: fx.mcpUrl, revoked: true } });
    expect([...pool.reconnected].sort()).toEqual(['configured:minimax:alias', 'configured:minimax:locked']);
    expect(await list()).toMatchObject({ locked: 'logged-out', alias: 'logged-out' });
    await api.dispose();
  });
});
