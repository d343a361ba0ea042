// AUTH-3 token broker: the one owner of each server's tokens (keyed by canonical URL, shared by
// every profile and entry name: identity.ts). It refreshes shortly
// before expiry, lets concurrent callers share the one refresh in flight (single-flight: a
// rotating, single-use refresh token is posted exactly once), turns a failed refresh into
// `needs-auth`, and on logout revokes (RFC 7009, where advertised) and deletes every secret.
// BRIDGE-2: with `lockDir` the single flight spans every process on the machine (bridges, the
// CLI, the panel): the refresh runs under a lock file and re-reads the keychain first, so one
// expiry costs one refresh request however many processes hold the token.
// Split by job: the SDK-facing provider (oauth-provider.ts, the SDK's OAuthClientProvider), the
// adoption of old secrets (adoption-gate.ts), when a token is due (token-expiry.ts), posting
// one refresh (token-refresh.ts), the lock (cross-process.ts), revocation (revoke.ts); this
// class holds each identity's state and the single flight between them.
import { type OAuthClientProvider, type FetchLike, type OAuthTokens } from '../mcp/oauth';
import type { ConnectionSpec } from '../../../shared/schemas/server';
import { AdoptionGate } from './adoption-gate';
import { ExpiryRule } from './token-expiry';
import { postRefresh } from './token-refresh';
import { canonicalServerUrl, serverIdentity } from './identity';
import { PanelOAuthProvider, type PreRegisteredClient } from './oauth-provider';
import { revokeTokens } from './revoke';
import { deleteAllSecrets, type SecretStore } from './secret-store';
import { expiresAt, readSecret, writeSecret, type StoredTokens } from './stored';
import { mayUseOAuth } from './static-credentials';
import { LockTimeoutError, lockPath, withCrossProcessLock } from './cross-process';

/** How long "no tokens stored" is believed (see Owner.noneUntil); a login elsewhere shows within it. */
const NO_TOKENS_TTL_MS = 2_000;

export interface TokenBrokerOptions {
  store: SecretStore;
  fetch?: FetchLike;
  now?: () => number;
  /** Refresh at most this long before expiry (default 60 s). */
  refreshSkewMs?: number;
  /**
   * …and this share of the token's lifetime (default 0.1), but at least min(1 s, a quarter of
   * it) so a loaded machine's request still lands before expiry. A fixed skew longer than the
   * lifetime would refresh on every call (mcp-remote's 60 s against 5 s tokens).
   */
  refreshSkewFraction?: number;
  /** BRIDGE-2: `<panelDataDir>/locks`; without it the single flight is per process. */
  lockDir?: string;
  /** How long a refresh waits for another process's (default 30 s). */
  lockWaitMs?: number;
  /** Retries of a refresh the AS answered 429/5xx/temporarily_unavailable or the network lost (default 3). */
  refreshRetries?: number;
  /** First back-off delay; doubles per retry, with jitter (default 500 ms). */
  refreshBackoffMs?: number;
  random?: () => number;
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
  /** Told the tokens each request is about to carry (the bridge: which token a 401 refused). */
  onTokensRead?: (tokens: OAuthTokens | undefined) => void;
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
  /**
   * This process still holds tokens for the server in memory (its connection may ride on them),
   * whatever the keychain holds now: with none stored, another process logged it out.
   */
  tokenHeld: boolean;
}

interface Owner {
  inflight?: Promise<OAuthTokens | undefined>;
  preRegistered?: PreRegisteredClient;
  needsLogin?: string;
  /** Scope the server last asked for (step-up on insufficient_scope). */
  requiredScope?: string;
  /** The protected-resource metadata URL of the server's last challenge. */
  resourceMetadataUrl?: string;
  challengeStatus?: number;
  loggedOut?: boolean;
  /** BRIDGE-2: this process's copy of valid tokens, so a call does not read the keychain. */
  cached?: StoredTokens;
  /**
   * Until when "the keychain holds no tokens" is believed without asking again: a server that
   * needs no login would otherwise cost a keychain round trip on every request. A 401 calls
   * forget(), so a login made meanwhile by another process is found when it matters.
   */
  noneUntil?: number;
}

export class TokenBroker {
  private readonly owners = new Map<string, Owner>();
  readonly store: SecretStore;
  private readonly fetchFn: FetchLike;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly expiry: ExpiryRule;
  private readonly adoption: AdoptionGate;
  /** Counts refresh requests actually sent, per identity (observability and tests). */
  readonly refreshCount = new Map<string, number>();

  constructor(private readonly o: TokenBrokerOptions) {
    this.store = this.forgetting(o.store);
    this.fetchFn = o.fetch ?? ((url, init) => fetch(url, init));
    this.now = o.now ?? Date.now;
    this.random = o.random ?? Math.random;
    this.expiry = new ExpiryRule(o.refreshSkewMs ?? 60_000, o.refreshSkewFraction ?? 0.1, this.random);
    this.adoption = new AdoptionGate(this.store, o.log);
  }

  /** Any write of an identity's tokens (login, logout, the SDK's invalidation) drops the copy. */
  private forgetting(s: SecretStore): SecretStore {
    const drop = (account: string) => {
      if (account.endsWith(':tokens')) this.forget(account.slice(0, -':tokens'.length));
    };
    return {
      get: (a) => s.get(a),
      set: async (a, v) => (drop(a), s.set(a, v)),
      delete: async (a) => (drop(a), s.delete(a)),
      list: (p) => s.list(p),
      status: () => s.status(),
    };
  }

  private owner(identity: string): Owner {
    let w = this.owners.get(identity);
    if (!w) this.owners.set(identity, (w = {}));
    return w;
  }

  /**
   * The identity of a server, once its old per-profile secrets (if any) were adopted. Every
   * path into the store goes through here or `provider()`, so nothing reads a half-moved login.
   */
  prepare(spec: Pick<ConnectionSpec, 'url'>): Promise<string> {
    return this.adoption.prepare(spec);
  }

  /**
   * The connection pool's seam: `new ConnectionPool({authProvider: broker.authProviderFor})`.
   * Remote servers without static credentials get a passive provider (never opens a browser).
   */
  readonly authProviderFor = (spec: ConnectionSpec): OAuthClientProvider | undefined => {
    if (!mayUseOAuth(spec)) return undefined;
    return this.provider(spec);
  };

  provider(spec: Pick<ConnectionSpec, 'url'>, opts: ProviderOptions = {}): PanelOAuthProvider {
    const identity = serverIdentity(spec);
    void this.prepare(spec);
    const owner = this.owner(identity);
    if (opts.preRegistered) owner.preRegistered = opts.preRegistered;
    return new PanelOAuthProvider({
      identity,
      store: this.adoption.gated(identity),
      tokens: async () => {
        const t = await this.validTokens(identity);
        opts.onTokensRead?.(t);
        return t;
      },
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

  /**
   * AUTH-1: a remote's 401/403 challenge, seen by the pool's transport. A 401's scope is what a
   * first login asks for; a 403's adds to what was asked before (PROTO-5, SEP-2350 union).
   */
  readonly noteChallenge = (spec: Pick<ConnectionSpec, 'url'>, c: { status: number; scope?: string; resourceMetadataUrl?: string }): void => {
    const owner = this.owner(serverIdentity(spec));
    owner.challengeStatus = c.status;
    if (c.resourceMetadataUrl) owner.resourceMetadataUrl = c.resourceMetadataUrl;
    if (!c.scope) return;
    owner.requiredScope = c.status === 403 ? [...new Set([...(owner.requiredScope ?? '').split(' '), ...c.scope.split(' ')].filter(Boolean))].join(' ') : c.scope;
  };

  /** The protected-resource metadata URL the server's last challenge named. */
  challengedMetadataUrl(identity: string): string | undefined {
    return this.owners.get(identity)?.resourceMetadataUrl;
  }

  /** 401 (log in) or 403 (step up to more scope), as the server last answered. */
  challengeStatus(identity: string): number | undefined {
    return this.owners.get(identity)?.challengeStatus;
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
    this.owner(identity).cached = stored;
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
    await this.adoption.whenReady(identity);
    if (owner.inflight) return owner.inflight;
    if (owner.cached && !this.expiry.expiring(identity, owner.cached, this.now())) return owner.cached.tokens;
    if (!owner.cached && (owner.noneUntil ?? 0) > this.now()) return undefined;
    // Due (or unknown here): another process may have refreshed already, so read the keychain.
    const stored = await readSecret(this.store, identity, 'tokens');
    owner.cached = stored;
    owner.noneUntil = stored ? undefined : this.now() + NO_TOKENS_TTL_MS;
    if (!stored) return undefined;
    if (!this.expiry.expiring(identity, stored, this.now()) || !stored.tokens.refresh_token) return stored.tokens;
    return this.refresh(identity);
  }

  /** Drops this process's copy: the next call reads the keychain (a sibling may have logged in). */
  forget(identity: string): void {
    const owner = this.owners.get(identity);
    if (!owner) return;
    owner.cached = undefined;
    owner.noneUntil = undefined;
  }

  /** One refresh per identity at a time; everyone asking meanwhile gets its result. */
  refresh(identity: string): Promise<OAuthTokens | undefined> {
    const owner = this.owner(identity);
    owner.inflight ??= this.lockedRefresh(identity).finally(() => {
      owner.inflight = undefined;
    });
    return owner.inflight;
  }

  /**
   * The server refused `accessToken` (401) before we thought it expired (a slow request, a
   * clock apart): refresh now unless the keychain already holds another one.
   */
  refreshRejected(identity: string, accessToken: string): Promise<OAuthTokens | undefined> {
    const owner = this.owner(identity);
    owner.cached = undefined;
    owner.inflight ??= this.lockedRefresh(identity, accessToken).finally(() => {
      owner.inflight = undefined;
    });
    return owner.inflight;
  }

  private async lockedRefresh(identity: string, rejected?: string): Promise<OAuthTokens | undefined> {
    const dir = this.o.lockDir;
    if (!dir) return this.doRefresh(identity, rejected);
    const stored = this.owner(identity).cached ?? (await readSecret(this.store, identity, 'tokens'));
    const issuer = stored?.tokens.issuer ?? (await readSecret(this.store, identity, 'discovery'))?.authorizationServerUrl ?? '';
    try {
      return await withCrossProcessLock(lockPath(dir, 'refresh', identity, issuer), { dir, waitMs: this.o.lockWaitMs ?? 30_000, log: this.o.log }, () => this.doRefresh(identity, rejected));
    } catch (e) {
      if (!(e instanceof LockTimeoutError)) throw e;
      // Posting without the lock could replay a rotated token: use what the keychain has now.
      this.o.log?.(`token refresh skipped: ${e.message}`);
      return (await readSecret(this.store, identity, 'tokens'))?.tokens;
    }
  }

  private async doRefresh(identity: string, rejected?: string): Promise<OAuthTokens | undefined> {
    const owner = this.owner(identity);
    // Re-read under the lock: the refresh token may have been rotated by another process.
    const stored = await readSecret(this.store, identity, 'tokens');
    owner.cached = stored;
    if (!stored?.tokens.refresh_token) return stored?.tokens;
    // A caller that read the old tokens just before another refresh finished must not post
    // the (already rotated) refresh token again.
    if (rejected ? stored.tokens.access_token !== rejected : !this.expiry.expiring(identity, stored, this.now())) return stored.tokens;
    return postRefresh(
      {
        store: this.store,
        fetchFn: this.fetchFn,
        retries: this.o.refreshRetries ?? 3,
        backoffMs: this.o.refreshBackoffMs ?? 500,
        random: this.random,
        preRegistered: owner.preRegistered,
        ...(this.o.log ? { log: this.o.log } : {}),
        counted: () => this.refreshCount.set(identity, (this.refreshCount.get(identity) ?? 0) + 1),
        needsAuth: (reason) => this.markNeedsAuth(identity, reason),
        save: (serverUrl, tokens) => this.saveTokens(identity, serverUrl, tokens, true),
      },
      identity,
      stored,
    );
  }

  async facts(identity: string): Promise<TokenFacts> {
    await this.adoption.whenReady(identity);
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
      tokenHeld: !!this.owners.get(identity)?.cached,
    };
  }

  /** AUTH-3 logout: revoke where advertised (RFC 7009), then delete every secret of the server. */
  async logout(identity: string): Promise<{ revoked: boolean; removed: string[]; revokeError?: string }> {
    const owner = this.owner(identity);
    await this.adoption.whenReady(identity);
    await owner.inflight?.catch(() => undefined);
    const stored = await readSecret(this.store, identity, 'tokens');
    const discovery = await readSecret(this.store, identity, 'discovery');
    const client = owner.preRegistered ?? (await readSecret(this.store, identity, 'client'));
    const { revoked, revokeError } = stored && client ? await revokeTokens(this.fetchFn, stored.tokens, client, discovery) : { revoked: false };
    const removed = await deleteAllSecrets(this.store, identity);
    // The adoption bookkeeping stays (adoption-gate.ts): the old secrets are gone, checking again would find nothing.
    this.owners.set(identity, { loggedOut: true });
    return { revoked, removed, ...(revokeError ? { revokeError } : {}) };
  }
}
