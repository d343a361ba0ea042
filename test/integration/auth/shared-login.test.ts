// AUTH-3: a login belongs to the server (its canonical URL), not to the profile. Real config
// files for minimax and minara point at one OAuth-protected server (test/fixtures/oauth); the
// tokens live in the real OS keychain (gnome-keyring over D-Bus; CI fails without it, as in
// keychain.test.ts). One login serves both profiles, another URL gets nothing, tokens stored
// under the old per-profile keys are adopted, and one logout ends the login for both.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UnauthorizedError } from '@modelcontextprotocol/client';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/oauth/auth-server';
import { HeadlessPerson, KeytarSecretStore, LoginService, TokenBroker, loadKeytar, serverIdentity, type SecretStoreStatus } from '../../../electron/services/auth';
import { ConfigService } from '../../../electron/services/config/config-service';
import type { ConnectionSpec, Profile } from '../../../shared/schemas/server';
import { callWhoami } from './helpers';

const SERVICE = `mcp-panel-shared-${process.pid}`;
let store: KeytarSecretStore;
let status: SecretStoreStatus;
let fx: OAuthFixture;
let other: OAuthFixture;
let home: string;

beforeAll(async () => {
  const { keytar, error } = await loadKeytar();
  store = new KeytarSecretStore(keytar, error, SERVICE);
  status = await store.status();
  fx = await startOAuthFixture();
  other = await startOAuthFixture();
  home = await mkdtemp(join(tmpdir(), 'mcp-panel-shared-'));
  await mkdir(join(home, '.minimax'), { recursive: true });
  await mkdir(join(home, '.minara', 'mcp'), { recursive: true });
  await mkdir(join(home, 'ws'), { recursive: true });
  // Same server under two profiles and two names (minara's URL spelled with an upper-case
  // scheme and a trailing slash: the same canonical URL), plus a different server in minimax.
  const shout = fx.mcpUrl.replace('http://', 'HTTP://');
  await writeFile(join(home, '.minimax/mcp.json'), JSON.stringify({ mcpServers: { cloud: { type: 'http', url: fx.mcpUrl }, elsewhere: { type: 'http', url: other.mcpUrl } } }));
  await writeFile(join(home, '.minara/mcp/servers.json'), JSON.stringify({ mcpServers: { 'my-cloud': { url: `${shout}/` } } }));
});
afterAll(async () => {
  await fx.close();
  await other.close();
  await rm(home, { recursive: true, force: true });
});
afterEach(async () => {
  for (const a of await store.list('')) await store.delete(a);
});

function requireKeychainInCi(): void {
  if (process.env.CI && !status.available) throw new Error(`OS keychain not reachable in CI: ${status.reason} — fix: ${status.fix}`);
}

async function spec(profile: Profile, name: string): Promise<ConnectionSpec> {
  const env = { ...process.env, HOME: home, MINARA_DATA_DIR: join(home, '.minara'), MCP_PANEL_DATA_DIR: join(home, '.mcp-panel') };
  const view = await new ConfigService({ env, cwd: join(home, 'ws') }).load(profile, join(home, 'ws'));
  const s = view.servers.find((x) => x.name === name)?.spec;
  if (!s) throw new Error(`${profile}/${name} not in the config: ${view.servers.map((x) => x.name).join(', ')}`);
  return s;
}

/** A new broker over the same keychain: what the next start of the panel (or a CLI run) sees. */
function fresh() {
  const broker = new TokenBroker({ store });
  return { broker, logins: new LoginService({ broker }) };
}

/** How versions before this one named a server's accounts (per profile and entry). */
const legacyIdentity = (s: ConnectionSpec) => `${s.profile}/${encodeURIComponent(s.id)}#${createHash('sha256').update(s.url ?? '').digest('hex').slice(0, 8)}`;

describe('one login per server URL, shared by every profile (real keychain)', () => {
  it('log in under minimax; minara is logged in too; another URL is not; logout ends it for both', async () => {
    requireKeychainInCi();
    const minimax = await spec('minimax', 'cloud');
    const minara = await spec('minara', 'my-cloud');
    const elsewhere = await spec('minimax', 'elsewhere');
    expect(minara.profile).toBe('minara');
    expect(minara.url).not.toBe(minimax.url); // spelled differently, same server

    const a = fresh();
    expect((await a.logins.login(minimax, { opener: new HeadlessPerson() })).type).toBe('done');
    expect(fx.provider.counts.code).toBe(1);

    // The next start: minara's entry uses the stored login, no browser, no new code.
    const b = fresh();
    expect(await b.logins.status(minara)).toMatchObject({ state: 'logged-in', tokenStored: true, issuer: fx.issuer });
    expect(await callWhoami(minara.url!, b.broker.authProviderFor(minara))).toMatch(/^client=client-/);
    expect(fx.provider.counts).toMatchObject({ code: 1, authorize: 1, register: 1 });

    // Another server (another origin) and the same origin on another path get nothing.
    expect(await b.logins.status(elsewhere)).toMatchObject({ tokenStored: false });
    await expect(callWhoami(elsewhere.url!, b.broker.authProviderFor(elsewhere))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(other.provider.counts.code).toBe(0);
    const sibling = { ...minimax, id: 'configured:minimax:sibling', name: 'sibling', url: fx.mcpUrl.replace(/\/mcp$/, '/other-mcp') };
    expect(await b.logins.status(sibling)).toMatchObject({ tokenStored: false });
    expect(serverIdentity(sibling)).not.toBe(serverIdentity(minimax));

    // Logout from minara: revoked, gone for minimax as well, in this process and the next.
    const out = await b.logins.logout(minara);
    expect(out).toMatchObject({ revoked: true, url: fx.mcpUrl });
    expect(await store.list(`${serverIdentity(minimax)}:`)).toEqual([]);
    const c = fresh();
    expect(await c.logins.status(minimax)).toMatchObject({ state: 'logged-out', tokenStored: false });
    await expect(callWhoami(minimax.url!, c.broker.authProviderFor(minimax))).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('tokens stored under the old per-profile key are adopted: copied to the URL key, then the old key is deleted', async () => {
    requireKeychainInCi();
    const minimax = await spec('minimax', 'cloud');
    const minara = await spec('minara', 'my-cloud');
    // Log in, then move the secrets to where the old version kept them (minimax's own key).
    const a = fresh();
    expect((await a.logins.login(minimax, { opener: new HeadlessPerson() })).type).toBe('done');
    const now = serverIdentity(minimax);
    const old = legacyIdentity(minimax);
    const kinds: string[] = [];
    for (const account of await store.list(`${now}:`)) {
      const kind = account.slice(now.length + 1);
      kinds.push(kind);
      await store.set(`${old}:${kind}`, (await store.get(account))!);
      await store.delete(account);
    }
    expect(kinds).toEqual(['client', 'discovery', 'meta', 'tokens']);
    const oldTokens = await store.get(`${old}:tokens`);
    const codes = fx.provider.counts.code;

    // A fresh process that only knows minara's entry finds and adopts minimax's old login.
    const b = fresh();
    expect(await callWhoami(minara.url!, b.broker.authProviderFor(minara))).toMatch(/^client=client-/);
    expect(fx.provider.counts.code).toBe(codes);
    expect(await store.get(`${now}:tokens`)).toBe(oldTokens);
    expect(await store.list(`${old}:`)).toEqual([]);
    expect((await store.list(`${now}:`)).sort()).toEqual(kinds.map((k) => `${now}:${k}`));
    // And minimax's own entry, in yet another process, is logged in under the new key.
    expect(await fresh().logins.status(minimax)).toMatchObject({ state: 'logged-in', tokenStored: true });

    // Logout removes it for both profiles.
    await fresh().logins.logout(minimax);
    expect(await fresh().logins.status(minara)).toMatchObject({ tokenStored: false });
    expect(await store.list('')).toEqual([]);
  });

  it('two old per-profile logins of one server: the newest is kept, nothing is left under old keys', async () => {
    requireKeychainInCi();
    const minimax = await spec('minimax', 'cloud');
    const minara = await spec('minara', 'my-cloud');
    const a = fresh();
    const id = serverIdentity(minimax);
    expect((await a.logins.login(minimax, { opener: new HeadlessPerson() })).type).toBe('done');
    // The old version had each profile log in on its own: minara's login is the newer one.
    const older = legacyIdentity(minimax);
    const newer = legacyIdentity(minara);
    for (const account of await store.list(`${id}:`)) {
      const kind = account.slice(id.length + 1);
      const value = (await store.get(account))!;
      await store.set(`${older}:${kind}`, value);
      const v = JSON.parse(value) as { obtainedAt?: number };
      await store.set(`${newer}:${kind}`, kind === 'tokens' ? JSON.stringify({ ...v, obtainedAt: v.obtainedAt! + 1000 }) : value);
      await store.delete(account);
    }
    const newest = await store.get(`${newer}:tokens`);

    const b = fresh();
    expect(await b.logins.status(minimax)).toMatchObject({ state: 'logged-in' });
    expect(await store.get(`${id}:tokens`)).toBe(newest);
    expect((await store.list('')).filter((x) => !x.startsWith(`${id}:`))).toEqual([]);
    expect(await callWhoami(minimax.url!, b.broker.authProviderFor(minimax))).toMatch(/^client=/);
  });
});
