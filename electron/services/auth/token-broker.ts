// AUTH-3 token broker: the one owner of each server's tokens (keyed by canonical URL, shared by
// every profile and entry name: identity.ts). It refreshes shortly
// before expiry, lets concurrent callers share the one refresh in flight (single-flight: a
// rotating, single-use refresh token is posted exactly once), turns a failed refresh into
// `needs-auth`, and on logout revokes (RFC 7009, where advertised) and deletes every secret.
import { refreshAuthorization } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { ConnectionSpec } from '../../../shared/schemas/server';
import { adoptLegacySecrets } from './adopt';
import { canonicalServerUrl, serverIdentity } from './identity';
import { PanelOAuthProvider, type PreRegisteredClient } from './oauth-provider';
import { revokeTokens } from './revoke';
import { deleteAllSecrets, secretAccount, type SecretStore } from './secret-store';
import { expiresAt, readSecret, writeSecret, type StoredTokens } from './stored';
import { hasStaticCredentials } from './static-credentials';

export interface TokenBrokerOptions {
  store: SecretStore;
  fetch?: FetchLike;
  now?: () => number;
  /** Refresh this long before expiry (default 60 s). */
  refreshSkewMs?: number;
  /** A refresh failed or a login is needed: the pool shows `needs-auth` (AUTH-1/AUTH-3). */
  onNeedsAuth?: (identity: string, reason: string) => void;
  /** Adopting old per-profile secrets failed (they stay where they are; retried next start). */
  log?: (line: string) => void;
}

export interface ProviderOptions {
  redirectUrl?: string;
  state?: string;
  onRedirect?: (url: URL) => void | Promise<void>;
  preRegistered?: PreRegisteredClient;
  clientMetadataUrl?: string;
  scope?: string;
}

/** What `auth status` shows for one server; never a secret value. */
export interface TokenFacts {
  tokenStored: boolean;
  refreshable: boolean;
  expiresAt: number | null;
  scopes: string[];
  issuer: string | null;
  lastRefresh: number | null;
  needsLogin: string | null;
  /** Logged out by this process and not logged in since. */
  loggedOut: boolean;
}

interface Owner {
  /** Old per-profile secrets adopted (adopt.ts); every read of this identity waits for it. */
  ready: Promise<void>;
  /** Raw URLs already checked for old secrets in this process. */
  checked: Set<string>;
  inflight?: Promise<OAuthTokens | undefined>;
  preRegistered?: PreRegisteredClient;
  needsLogin?: string;
  /** Scope the server last asked for (step-up on insufficient_scope). */
  requiredScope?: string;
  loggedOut?: boolean;
}

export class TokenBroker {
  private readonly owners = new Map<string, Owner>();
  readonly store: SecretStore;
  private readonly fetchFn: FetchLike;
  private readonly now: () => number;
  private readonly skew: number;
  /** Counts refresh requests actually sent, per identity (observability and tests). */
  readonly refreshCount = new Map<string, number>();

  constructor(private readonly o: TokenBrokerOptions) {
    this.store = o.store;
    this.fetchFn = o.fetch ?? ((url, init) => fetch(url, init));
    this.now = o.now ?? Date.now;
    this.skew = o.refreshSkewMs ?? 60_000;
  }

  private owner(identity: string): Owner {
    let w = this.owners.get(identity);
    if (!w) this.owners.set(identity, (w = { ready: Promise.resolve(), checked: new Set() }));
    return w;
  }

  /**
   * The identity of a server, once its old per-profile secrets (if any) were adopted. Every
   * path into the store goes through here or `provider()`, so nothing reads a half-moved login.
   */
  async prepare(spec: Pick<ConnectionSpec, 'url'>): Promise<string> {
    const identity = serverIdentity(spec);
    const owner = this.owner(identity);
    const raw = spec.url ?? '';
    if (!owner.checked.has(raw)) {
      owner.checked.add(raw);
      const prev = owner.ready;
      owner.ready = prev.then(() =>
        adoptLegacySecrets(this.store, identity, [raw]).then(
          () => undefined,
          (e: unknown) => this.o.log?.(`keeping old stored login for ${canonicalServerUrl(raw)}: ${e instanceof Error ? e.message : String(e)}`),
        ),
      );
    }
    await owner.ready;
    return identity;
  }

  /** A store whose reads and writes wait for the adoption of this identity's old secrets. */
  private gated(identity: string): SecretStore {
    const s = this.store;
    const wait = () => this.owner(identity).ready;
    return {
      get: async (a) => (await wait(), s.get(a)),
      set: async (a, v) => (await wait(), s.set(a, v)),
      delete: async (a) => (await wait(), s.delete(a)),
      list: async (p) => (await wait(), s.list(p)),
      status: () => s.status(),
    };
  }

  /**
   * The connection pool's seam: `new ConnectionPool({authProvider: broker.authProviderFor})`.
   * Remote servers without static credentials get a passive provider (never opens a browser).
   */
  readonly authProviderFor = (spec: ConnectionSpec): OAuthClientProvider | undefined => {
    if (spec.transport === 'stdio' || !spec.url || hasStaticCredentials(spec)) return undefined;
    return this.provider(spec);
  };

  provider(spec: Pick<ConnectionSpec, 'url'>, opts: ProviderOptions = {}): PanelOAuthProvider {
    const identity = serverIdentity(spec);
    void this.prepare(spec);
    const owner = this.owner(identity);
    if (opts.preRegistered) owner.preRegistered = opts.preRegistered;
    return new PanelOAuthProvider({
      identity,
      store: this.gated(identity),
      tokens: () => this.validTokens(identity),
      saveTokens: (t) => this.saveTokens(identity, canonicalServerUrl(spec.url ?? ''), t),
      redirectUrl: opts.redirectUrl,
      state: opts.state,
      preRegistered: owner.preRegistered,
      clientMetadataUrl: opts.clientMetadataUrl,
      scope: opts.scope,
      passive: !opts.onRedirect,
      onLoginNeeded: () => this.markNeedsAuth(identity, 'login required'),
      onRedirect:
        opts.onRedirect ??
        ((url) => {
          // Passive: a background connect needs a person; remember why, open nothing.
          const scope = url.searchParams.get('scope');
          if (scope) owner.requiredScope = scope;
          this.markNeedsAuth(identity, scope ? `login required (scope: ${scope})` : 'login required');
        }),
    });
  }

  requiredScope(identity: string): string | undefined {
    return this.owners.get(identity)?.requiredScope;
  }

  markNeedsAuth(identity: string, reason: string): void {
    this.owner(identity).needsLogin = reason;
    this.o.onNeedsAuth?.(identity, reason);
  }

  async saveTokens(identity: string, serverUrl: string, tokens: OAuthTokens & { issuer?: string }, refreshed = false): Promise<void> {
    const stored: StoredTokens = { tokens, obtainedAt: this.now() };
    await writeSecret(this.store, identity, 'tokens', stored);
    const meta = (await readSecret(this.store, identity, 'meta')) ?? { serverUrl };
    await writeSecret(this.store, identity, 'meta', {
      ...meta,
      serverUrl: serverUrl || meta.serverUrl,
      issuer: tokens.issuer ?? meta.issuer,
      ...(refreshed ? { lastRefresh: this.now() } : { lastLogin: this.now() }),
    });
    const owner = this.owner(identity);
    owner.needsLogin = undefined;
    owner.loggedOut = false;
  }

  /** Tokens to send now: refreshed first when they expire within the skew (single-flight). */
  async validTokens(identity: string): Promise<OAuthTokens | undefined> {
    const owner = this.owner(identity);
    await owner.ready;
    if (owner.inflight) return owner.inflight;
    const stored = await readSecret(this.store, identity, 'tokens');
    if (!stored) return undefined;
    if (!this.expiring(stored) || !stored.tokens.refresh_token) return stored.tokens;
    return this.refresh(identity);
  }

  private expiring(stored: StoredTokens): boolean {
    const exp = expiresAt(stored);
    return exp !== null && exp - this.skew <= this.now();
  }

  /** One refresh per identity at a time; everyone asking meanwhile gets its result. */
  refresh(identity: string): Promise<OAuthTokens | undefined> {
    const owner = this.owner(identity);
    owner.inflight ??= this.doRefresh(identity).finally(() => {
      owner.inflight = undefined;
    });
    return owner.inflight;
  }

  private async doRefresh(identity: string): Promise<OAuthTokens | undefined> {
    const stored = await readSecret(this.store, identity, 'tokens');
    const refreshToken = stored?.tokens.refresh_token;
    if (!stored || !refreshToken) return stored?.tokens;
    // A caller that read the old tokens just before another refresh finished must not post
    // the (already rotated) refresh token again.
    if (!this.expiring(stored)) return stored.tokens;
    const discovery = await readSecret(this.store, identity, 'discovery');
    const client = this.owner(identity).preRegistered ?? (await readSecret(this.store, identity, 'client'));
    const meta = await readSecret(this.store, identity, 'meta');
    if (!discovery?.authorizationServerUrl || !client) {
      this.markNeedsAuth(identity, 'cannot refresh: authorization server or client registration unknown');
      return undefined;
    }
    // URL + issuer: a refresh token is only ever posted to the authorization server that issued it.
    const issuer = stored.tokens.issuer;
    if (issuer && !sameIssuer(issuer, discovery.authorizationServerUrl)) {
      this.markNeedsAuth(identity, `the server now uses another authorization server (${discovery.authorizationServerUrl}); log in again`);
      return undefined;
    }
    this.refreshCount.set(identity, (this.refreshCount.get(identity) ?? 0) + 1);
    try {
      const fresh = await refreshAuthorization(discovery.authorizationServerUrl, {
        metadata: discovery.authorizationServerMetadata,
        clientInformation: client,
        refreshToken,
        resource: discovery.resourceMetadata?.resource,
        fetchFn: this.fetchFn,
      });
      const withIssuer = { ...fresh, issuer: stored.tokens.issuer ?? discovery.authorizationServerUrl };
      await this.saveTokens(identity, meta?.serverUrl ?? '', withIssuer, true);
      return withIssuer;
    } catch (e) {
      // AUTH-3: a refresh that fails sends the server back to needs-auth; the dead tokens go.
      await this.store.delete(secretAccount(identity, 'tokens'));
      this.markNeedsAuth(identity, `token refresh failed: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  }

  async facts(identity: string): Promise<TokenFacts> {
    await this.owner(identity).ready;
    const stored = await readSecret(this.store, identity, 'tokens');
    const meta = await readSecret(this.store, identity, 'meta');
    return {
      tokenStored: !!stored,
      refreshable: !!stored?.tokens.refresh_token,
      expiresAt: expiresAt(stored),
      scopes: stored?.tokens.scope ? stored.tokens.scope.split(' ').filter(Boolean) : [],
      issuer: meta?.issuer ?? null,
      lastRefresh: meta?.lastRefresh ?? null,
      needsLogin: this.owners.get(identity)?.needsLogin ?? null,
      loggedOut: this.owners.get(identity)?.loggedOut ?? false,
    };
  }

  /** AUTH-3 logout: revoke where advertised (RFC 7009), then delete every secret of the server. */
  async logout(identity: string): Promise<{ revoked: boolean; removed: string[]; revokeError?: string }> {
    const owner = this.owner(identity);
    await owner.ready;
    await owner.inflight?.catch(() => undefined);
    const stored = await readSecret(this.store, identity, 'tokens');
    const discovery = await readSecret(this.store, identity, 'discovery');
    const client = owner.preRegistered ?? (await readSecret(this.store, identity, 'client'));
    const { revoked, revokeError } = stored && client ? await revokeTokens(this.fetchFn, stored.tokens, client, discovery) : { revoked: false };
    const removed = await deleteAllSecrets(this.store, identity);
    // Keep the adoption bookkeeping: the old secrets are gone, checking again would find nothing.
    this.owners.set(identity, { ready: owner.ready, checked: owner.checked, loggedOut: true });
    return { revoked, removed, ...(revokeError ? { revokeError } : {}) };
  }
}

/** Issuers compared as the SDK compares its stamps: as parsed URLs where they are URLs. */
function sameIssuer(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}
