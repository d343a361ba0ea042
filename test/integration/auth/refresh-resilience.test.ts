// BRIDGE-2 against the real fixture AS: a refresh the authorization server cannot serve right
// now (503, 429) backs off and keeps the tokens; a refresh token another process already rotated
// is not posted again, and the tokens that process stored are used, not thrown away.
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/oauth/auth-server';
import { HeadlessPerson, LoginService, MemorySecretStore, TokenBroker, serverIdentity } from '../../../electron/services/auth';
import { httpSpec } from './helpers';

let fx: OAuthFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

/** Real fetch, except that the next `failures` token-endpoint POSTs get `status` (the AS is busy). */
function busyTokenEndpoint(status: number) {
  const state = { failures: 0, refused: 0 };
  const fetchFn: FetchLike = async (url, init) => {
    if (String(url).endsWith('/token') && state.failures > 0) {
      state.failures--;
      state.refused++;
      return new Response(JSON.stringify({ error: status === 429 ? 'too_many_requests' : 'temporarily_unavailable' }), { status, headers: { 'content-type': 'application/json' } });
    }
    return fetch(url, init);
  };
  return { state, fetchFn };
}

async function loggedIn(fetchFn?: FetchLike) {
  fx = await startOAuthFixture({ accessTokenTtlSec: 3600 });
  let clock = Date.now();
  const store = new MemorySecretStore();
  const needs: string[] = [];
  const make = () => new TokenBroker({ store, now: () => clock, refreshBackoffMs: 5, refreshRetries: 2, onNeedsAuth: (_id, why) => needs.push(why), ...(fetchFn ? { fetch: fetchFn } : {}) });
  const broker = make();
  const spec = httpSpec(fx.mcpUrl);
  expect((await new LoginService({ broker, now: () => clock }).login(spec, { opener: new HeadlessPerson() })).type).toBe('done');
  return { fx, store, broker, make, needs, id: serverIdentity(spec), advance: (ms: number) => (clock += ms) };
}

describe('refresh under a busy or shared authorization server (BRIDGE-2)', () => {
  it('503 twice, then served: the refresh retries and succeeds, nobody is sent to log in', async () => {
    const busy = busyTokenEndpoint(503);
    const t = await loggedIn(busy.fetchFn);
    const before = (await t.broker.validTokens(t.id))!.access_token;
    busy.state.failures = 2;
    t.advance(3600_000);
    const after = await t.broker.validTokens(t.id);
    expect(busy.state.refused).toBe(2);
    expect(t.fx.provider.counts.refresh).toBe(1);
    expect(after?.access_token).toBeTruthy();
    expect(after?.access_token).not.toBe(before);
    expect(t.needs).toEqual([]);
  });

  it('429 on every try: the stored tokens are kept (not deleted) and no login is asked for', async () => {
    const busy = busyTokenEndpoint(429);
    const t = await loggedIn(busy.fetchFn);
    const stored = (await t.broker.validTokens(t.id))!;
    busy.state.failures = 100;
    t.advance(3600_000);
    const got = await t.broker.validTokens(t.id);
    expect(busy.state.refused).toBe(3); // the first try and two retries
    expect(got?.access_token).toBe(stored.access_token);
    expect(t.needs).toEqual([]);
    // Once the AS answers again, the same refresh token still works: nothing was thrown away.
    busy.state.failures = 0;
    t.broker.forget(t.id);
    const fresh = await t.broker.validTokens(t.id);
    expect(fresh?.access_token).not.toBe(stored.access_token);
    expect(t.fx.provider.counts.refreshRejected).toBe(0);
  });

  it('a sibling rotated first: this process takes the stored tokens and posts nothing', async () => {
    const t = await loggedIn();
    const sibling = t.make(); // another process, the same keychain
    expect(await sibling.validTokens(t.id)).toBeTruthy(); // it holds the tokens in memory now
    t.advance(3600_000);
    const rotated = await t.broker.validTokens(t.id); // this one refreshes (rotation)
    expect(t.fx.provider.counts.refresh).toBe(1);
    const seen = await sibling.validTokens(t.id); // expired in its memory: it re-reads first
    expect(seen?.access_token).toBe(rotated?.access_token);
    expect(t.fx.provider.counts.refresh).toBe(1);
    expect(t.fx.provider.counts.refreshRejected).toBe(0);
    expect(t.needs).toEqual([]);
  });
});
