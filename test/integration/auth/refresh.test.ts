// AUTH-3 token broker against the real fixture AS: single-flight refresh with rotating
// single-use refresh tokens, refresh-failure → needs-auth, logout revokes and deletes.
import { afterEach, describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/oauth/auth-server';
import { HeadlessPerson, LoginService, MemorySecretStore, TokenBroker, serverIdentity } from '../../../electron/services/auth';
import { callWhoami, httpSpec } from './helpers';

let fx: OAuthFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

async function loggedIn(opts: { revocation?: boolean } = {}) {
  fx = await startOAuthFixture({ accessTokenTtlSec: 3600, ...opts });
  let clock = Date.now();
  const store = new MemorySecretStore();
  const needs: string[] = [];
  const broker = new TokenBroker({ store, now: () => clock, onNeedsAuth: (_id, why) => needs.push(why) });
  const logins = new LoginService({ broker, now: () => clock });
  const spec = httpSpec(fx.mcpUrl);
  expect((await logins.login(spec, { opener: new HeadlessPerson() })).type).toBe('done');
  return { fx, store, broker, logins, spec, needs, id: serverIdentity(spec), advance: (ms: number) => (clock += ms) };
}

describe('token broker', () => {
  it('expired token + 10 concurrent calls → exactly one refresh request', async () => {
    const t = await loggedIn();
    const before = (await t.broker.facts(t.id)).expiresAt!;
    t.advance(3600_000 - 30_000); // inside the 60 s skew: due for refresh
    const provider = t.broker.authProviderFor(t.spec)!;
    const results = await Promise.all(Array.from({ length: 10 }, () => provider.tokens()));
    expect(t.fx.provider.counts.refresh).toBe(1);
    expect(t.fx.provider.counts.refreshRejected).toBe(0);
    expect(new Set(results.map((r) => r?.access_token)).size).toBe(1);
    expect(results[0]?.refresh_token).toBeUndefined(); // the SDK never sees it (broker owns refresh)
    const f = await t.broker.facts(t.id);
    expect(f.expiresAt!).toBeGreaterThan(before);
    expect(f.lastRefresh).not.toBeNull();
    // The new access token works; 10 real MCP calls in parallel do not refresh again.
    const calls = await Promise.all(Array.from({ length: 10 }, () => callWhoami(t.fx.mcpUrl, t.broker.authProviderFor(t.spec))));
    expect(calls.every((c) => c.startsWith('client='))).toBe(true);
    expect(t.fx.provider.counts.refresh).toBe(1);
    // Expire again: 10 parallel real MCP sessions, still exactly one more refresh.
    t.advance(3600_000);
    const again = await Promise.all(Array.from({ length: 10 }, () => callWhoami(t.fx.mcpUrl, t.broker.authProviderFor(t.spec))));
    expect(again.every((c) => c.startsWith('client='))).toBe(true);
    expect(t.fx.provider.counts.refresh).toBe(2);
    expect(t.fx.provider.counts.refreshRejected).toBe(0);
  });

  it('a failed refresh deletes the dead tokens and signals needs-auth', async () => {
    const t = await loggedIn();
    t.fx.provider.refresh.clear(); // the AS forgot (revoked) every refresh token
    t.advance(3600_000);
    expect(await t.broker.validTokens(t.id)).toBeUndefined();
    expect(t.needs.at(-1)).toMatch(/token refresh failed/);
    const st = await t.logins.status(t.spec);
    expect(st).toMatchObject({ state: 'needs-auth', tokenStored: false });
  });

  it('logout revokes at the server (RFC 7009) and deletes every secret', async () => {
    const t = await loggedIn();
    const tokensBefore = t.fx.provider.access.size;
    const r = await t.logins.logout(t.spec);
    expect(r).toMatchObject({ revoked: true, removed: 4 });
    expect(t.fx.provider.counts.revoke).toBe(2);
    expect(t.fx.provider.access.size).toBe(tokensBefore - 1);
    expect(t.fx.provider.refresh.size).toBe(0);
    expect(await t.store.list(`${t.id}:`)).toEqual([]);
    expect((await t.logins.status(t.spec)).state).toBe('logged-out');
  });

  it('logout without a revocation endpoint still deletes everything', async () => {
    const t = await loggedIn({ revocation: false });
    const r = await t.logins.logout(t.spec);
    expect(r).toMatchObject({ revoked: false, removed: 4 });
    expect(await t.store.list(`${t.id}:`)).toEqual([]);
  });
});
