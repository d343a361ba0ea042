// AUTH-1/AUTH-2 end to end on 127.0.0.1: a real authorization server and a protected MCP
// server (test/fixtures/oauth), the headless person standing in for the browser click.
import { afterEach, describe, expect, it } from 'vitest';
import { UnauthorizedError } from '@modelcontextprotocol/client';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/oauth/auth-server';
import { HeadlessPerson, LoginService, MemorySecretStore, TokenBroker, serverIdentity, type LoginEvent } from '../../../electron/services/auth';
import { callWhoami, httpSpec } from './helpers';

let fx: OAuthFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

function setup() {
  const store = new MemorySecretStore();
  const needsAuth: string[] = [];
  const broker = new TokenBroker({ store, onNeedsAuth: (id, why) => needsAuth.push(`${id} ${why}`) });
  const logins = new LoginService({ broker });
  return { store, broker, logins, needsAuth };
}

describe('OAuth login round trip', () => {
  it('401 → needs login; login via headless person; authorized calls; registration reused', async () => {
    fx = await startOAuthFixture();
    const { store, broker, logins, needsAuth } = setup();
    const spec = httpSpec(fx.mcpUrl);

    // Before login the pool's passive provider must not open anything: it reports needs-auth.
    await expect(callWhoami(fx.mcpUrl, broker.authProviderFor(spec))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(needsAuth).toHaveLength(1);
    expect((await logins.status(spec)).state).toBe('needs-auth');

    const person = new HeadlessPerson();
    const events: LoginEvent[] = [];
    const out = await logins.login(spec, { opener: person, onEvent: (e) => events.push(e) });
    expect(out).toMatchObject({ type: 'done', scopes: ['mcp:read', 'mcp:write'] });
    expect(events.map((e) => e.type)).toEqual(['discovering', 'waiting-for-browser', 'exchanging', 'done']);
    await person.finished();
    expect(person.lastStatus).toBe(200);
    expect(person.lastBody).toContain('You can close this tab');

    // The authorization request carried PKCE S256, state, resource and the scopes.
    const authUrl = new URL(person.visited[0]!);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    expect(authUrl.searchParams.get('resource')).toBe(fx.mcpUrl);
    expect(authUrl.searchParams.get('scope')).toBe('mcp:read mcp:write');
    // The listener was on 127.0.0.1 and is closed now.
    const cb = new URL(person.visited.at(-1)!);
    expect(cb.hostname).toBe('127.0.0.1');
    await expect(fetch(cb.href)).rejects.toThrow();

    expect(await callWhoami(fx.mcpUrl, broker.authProviderFor(spec))).toMatch(/^client=client-/);
    const st = await logins.status(spec);
    expect(st).toMatchObject({ server: 'remote', state: 'logged-in', tokenStored: true, issuer: fx.issuer, scopes: ['mcp:read', 'mcp:write'] });
    expect(JSON.stringify(st)).not.toMatch(/at-|rt-/);
    const id = serverIdentity(spec);
    expect(await store.list(`${id}:`)).toEqual([`${id}:client`, `${id}:discovery`, `${id}:meta`, `${id}:tokens`]);

    // A second login reuses the stored registration (same port is preferred).
    const again = await logins.login(spec, { opener: new HeadlessPerson() });
    expect(again.type).toBe('done');
    expect(fx.provider.counts.register).toBe(1);
    expect(fx.provider.counts.code).toBe(2);
  });

  it('re-registers when the remembered port is taken', async () => {
    fx = await startOAuthFixture();
    const { logins, broker } = setup();
    const spec = httpSpec(fx.mcpUrl);
    const first = new HeadlessPerson();
    expect((await logins.login(spec, { opener: first })).type).toBe('done');
    const port = Number(new URL(first.visited.at(-1)!).port);
    const { createServer } = await import('node:net');
    const squatter = createServer();
    await new Promise<void>((r) => squatter.listen(port, '127.0.0.1', r));
    try {
      const second = new HeadlessPerson();
      expect((await logins.login(spec, { opener: second })).type).toBe('done');
      expect(Number(new URL(second.visited.at(-1)!).port)).not.toBe(port);
      expect(fx.provider.counts.register).toBe(2);
      expect(await callWhoami(fx.mcpUrl, broker.authProviderFor(spec))).toMatch(/^client=/);
    } finally {
      await new Promise((r) => squatter.close(r));
    }
  });

  it('uses a pre-registered confidential client without registering', async () => {
    fx = await startOAuthFixture();
    fx.provider.addClient({ client_id: 'panel-pre', client_secret: 'pre-secret-xyz', redirect_uris: ['http://127.0.0.1/callback'], token_endpoint_auth_method: 'client_secret_basic' });
    const { logins, broker } = setup();
    const spec = httpSpec(fx.mcpUrl);
    const out = await logins.login(spec, { opener: new HeadlessPerson(), preRegistered: { client_id: 'panel-pre', client_secret: 'pre-secret-xyz' } });
    expect(out.type).toBe('done');
    expect(fx.provider.counts.register).toBe(0);
    expect(await callWhoami(fx.mcpUrl, broker.authProviderFor(spec))).toContain('client=panel-pre');
  });

  it('checks iss (RFC 9207): accepted when right, login fails when wrong', async () => {
    fx = await startOAuthFixture({ issParam: true });
    let s = setup();
    expect((await s.logins.login(httpSpec(fx.mcpUrl), { opener: new HeadlessPerson() })).type).toBe('done');
    await fx.close();
    fx = await startOAuthFixture({ issParam: 'wrong' });
    s = setup();
    const out = await s.logins.login(httpSpec(fx.mcpUrl), { opener: new HeadlessPerson() });
    // PROTO-5: refused as a mix-up before the code is exchanged, with its own reason.
    expect(out).toMatchObject({ type: 'failed', code: 'issuer-mismatch' });
    expect(fx.provider.counts.code).toBe(0);
    expect((await s.logins.status(httpSpec(fx.mcpUrl))).tokenStored).toBe(false);
  });

  it('asks for the scope the server challenges with (step-up)', async () => {
    fx = await startOAuthFixture({ requiredScopes: ['mcp:write'], scopesSupported: ['mcp:read', 'mcp:write'] });
    const { logins, broker } = setup();
    const spec = httpSpec(fx.mcpUrl);
    const person = new HeadlessPerson();
    expect((await logins.login(spec, { opener: person, scope: 'mcp:read' })).type).toBe('done');
    // Token only has mcp:read → 403 insufficient_scope → the SDK steps up → passive provider: needs-auth with the scope.
    await expect(callWhoami(fx.mcpUrl, broker.authProviderFor(spec))).rejects.toThrow();
    expect(broker.requiredScope(serverIdentity(spec))).toContain('mcp:write');
    const p2 = new HeadlessPerson();
    expect((await logins.login(spec, { opener: p2 })).type).toBe('done');
    expect(new URL(p2.visited[0]!).searchParams.get('scope')).toContain('mcp:write');
    expect(await callWhoami(fx.mcpUrl, broker.authProviderFor(spec))).toContain('mcp:write');
  });
});
