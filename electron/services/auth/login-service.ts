// AUTH-1/AUTH-2: one login, start to finish. The SDK's `auth()` does discovery (PRM from the
// challenge, then well-known; AS metadata OAuth + OIDC + 2025-03-26 fallbacks), registration,
// PKCE S256, `resource` and scope selection; this service adds the loopback listener, the
// strict state and `iss` checks, the browser port, and progress events for the CLI and UI.
import { randomBytes } from 'node:crypto';
import { auth, extractWWWAuthenticateParams, loginRefusal, type FetchLike } from '../mcp/oauth';
import type { LoginFailureCode } from '../../../shared/contract/auth';
import { translate } from '../../../shared/i18n';
import type { ConnectionSpec, ServerStateKind } from '../../../shared/schemas/server';
import { canonicalServerUrl } from './identity';
import { LoginCallbackError, LoopbackListener, type TimerLike } from './loopback';
import { assertOpenableUrl, type BrowserOpener } from './opener';
import type { PreRegisteredClient } from './oauth-provider';
import { secretAccount } from './secret-store';
import { hasStaticCredentials } from './static-credentials';
import { readSecret } from './stored';
import type { TokenBroker } from './token-broker';

export type LoginEvent =
  | { type: 'discovering'; server: string }
  | { type: 'waiting-for-browser'; url: string; redirectUri: string }
  | { type: 'exchanging' }
  | { type: 'done'; scopes: string[]; expiresAt: number | null; keychain: boolean }
  | { type: 'failed'; reason: string; code: LoginFailureCode };

export type LoginOutcome = Extract<LoginEvent, { type: 'done' | 'failed' }>;

export interface LoginOptions {
  opener: BrowserOpener;
  signal?: AbortSignal;
  onEvent?: (e: LoginEvent) => void;
  /** Scope to ask for (step-up); default: the server's challenge, then PRM scopes_supported. */
  scope?: string;
  preRegistered?: PreRegisteredClient;
  clientMetadataUrl?: string;
}

/** `not-applicable`: no login needed (stdio, or a remote that answered without asking for one). */
export type AuthState = 'not-applicable' | 'static' | 'logged-out' | 'logged-in' | 'expired' | 'needs-auth';

/** `auth status --json` row: never a secret value. */
export interface AuthStatus {
  server: string;
  state: AuthState;
  tokenStored: boolean;
  expiresAt: string | null;
  scopes: string[];
  issuer: string | null;
  lastRefresh: string | null;
}

export interface LoginServiceOptions {
  broker: TokenBroker;
  fetch?: FetchLike;
  now?: () => number;
  /** AUTH-2 limit, 15 minutes unless a test shortens it. */
  timeoutMs?: number;
  timers?: TimerLike;
}

/** One line: the SDK's metadata checks throw a zod error whose message is a JSON dump. */
function failureReason(e: unknown): string {
  const issues = (e as { issues?: Array<{ path: PropertyKey[]; message: string }> } | null)?.issues;
  if (Array.isArray(issues)) return `the authorization server's metadata was refused: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  return e instanceof Error ? e.message : String(e);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export class LoginService {
  private readonly fetchFn: FetchLike;
  private readonly now: () => number;

  constructor(private readonly o: LoginServiceOptions) {
    this.fetchFn = o.fetch ?? ((url, init) => fetch(url, init));
    this.now = o.now ?? Date.now;
  }

  /** Runs one login; resolves with the last event (never rejects: errors are data). */
  async login(spec: ConnectionSpec, opts: LoginOptions): Promise<LoginOutcome> {
    const emit = (e: LoginEvent) => {
      try {
        opts.onEvent?.(e);
      } catch {
        /* a listener's bug must not break the login */
      }
      return e;
    };
    if (spec.transport === 'stdio' || !spec.url) {
      return emit({ type: 'failed', reason: translate('en', 'login.failed.not-applicable', { server: spec.name }), code: 'not-applicable' }) as LoginOutcome;
    }
    const broker = this.o.broker;
    const identity = await broker.prepare(spec);
    const serverUrl = spec.url;
    let listener: LoopbackListener | undefined;
    try {
      emit({ type: 'discovering', server: spec.name });
      const challenge = await this.probe(spec);
      const client = opts.preRegistered ? undefined : await readSecret(broker.store, identity, 'client');
      const registered = client && 'redirect_uris' in client && Array.isArray(client.redirect_uris) ? (client.redirect_uris as string[]) : undefined;
      const registeredPort = registered?.[0] ? Number(new URL(registered[0]).port) || undefined : undefined;
      const state = randomBytes(24).toString('base64url');
      listener = await LoopbackListener.start({
        expectedState: state,
        preferredPort: registeredPort,
        timeoutMs: this.o.timeoutMs,
        timers: this.o.timers,
        signal: opts.signal,
      });
      const redirectUri = listener.redirectUri;
      // AUTH-2: a registration for another port is replaced rather than trusted to match.
      if (registered && !registered.includes(redirectUri)) await broker.store.delete(secretAccount(identity, 'client'));
      // A login always goes to the browser: old tokens would only be refreshed, not re-scoped.
      // Discovery starts afresh too (PROTO-5, SEP-2352): the server may now name another
      // authorization server, where the issuer-stamped registration does not count.
      await broker.store.delete(secretAccount(identity, 'tokens'));
      await broker.store.delete(secretAccount(identity, 'discovery'));
      let opened: Promise<void> = Promise.resolve();
      const provider = broker.provider(spec, {
        redirectUrl: redirectUri,
        state,
        preRegistered: opts.preRegistered,
        clientMetadataUrl: opts.clientMetadataUrl,
        onRedirect: (url) => {
          // SEC-1: the one opener rule holds before any surface (event, CLI line, page) sees the URL.
          assertOpenableUrl(url.href);
          emit({ type: 'waiting-for-browser', url: url.href, redirectUri });
          opened = opts.opener.open(url.href);
        },
      });
      const scope = opts.scope ?? broker.requiredScope(identity) ?? challenge.scope;
      // A server whose challenge the probe could not see (it lets `initialize` through) named
      // its metadata to the pool's transport.
      const noted = broker.challengedMetadataUrl(identity);
      if (!challenge.resourceMetadataUrl && noted) challenge.resourceMetadataUrl = new URL(noted);
      const first = await auth(provider, { serverUrl, scope, resourceMetadataUrl: challenge.resourceMetadataUrl, fetchFn: this.fetchFn });
      if (first === 'REDIRECT') {
        await opened;
        const cb = await listener.result;
        emit({ type: 'exchanging' });
        // PROTO-5 / RFC 9207: the SDK checks `iss` against the issuer it recorded (a missing one
        // where the AS promised it too) before the code goes anywhere.
        await auth(provider, { serverUrl, authorizationCode: cb.code, ...(cb.iss !== undefined ? { iss: cb.iss } : {}), resourceMetadataUrl: challenge.resourceMetadataUrl, fetchFn: this.fetchFn });
      }
      await broker.store.delete(secretAccount(identity, 'verifier'));
      const facts = await broker.facts(identity);
      const keychain = (await broker.store.status()).available;
      return emit({ type: 'done', scopes: facts.scopes, expiresAt: facts.expiresAt, keychain }) as LoginOutcome;
    } catch (e) {
      await broker.store.delete(secretAccount(identity, 'verifier')).catch(() => false);
      const code: LoginFailureCode = e instanceof LoginCallbackError ? e.code : (loginRefusal(e) ?? 'error');
      return emit({ type: 'failed', reason: failureReason(e), code }) as LoginOutcome;
    } finally {
      await listener?.close();
    }
  }

  /** The server's own challenge (WWW-Authenticate: resource_metadata, scope), if it sends one. */
  private async probe(spec: ConnectionSpec): Promise<{ resourceMetadataUrl?: URL; scope?: string }> {
    const url = spec.url ?? '';
    try {
      const res =
        spec.transport === 'sse'
          ? await this.fetchFn(url, { headers: { accept: 'text/event-stream' } })
          : await this.fetchFn(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
              body: JSON.stringify({
                jsonrpc: '2.0',
                id: 0,
                method: 'initialize',
                params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'mcp-panel', version: '0.1.0' } },
              }),
            });
      await res.body?.cancel().catch(() => undefined);
      if (res.status !== 401 && res.status !== 403) return {};
      const p = extractWWWAuthenticateParams(res);
      return { ...(p.resourceMetadataUrl ? { resourceMetadataUrl: p.resourceMetadataUrl } : {}), ...(p.scope ? { scope: p.scope } : {}) };
    } catch {
      return {}; // discovery falls back to the well-known paths
    }
  }

  /** Logs the server's URL out for every profile and entry that uses it (one login per URL). */
  async logout(spec: ConnectionSpec): Promise<{ server: string; url: string; revoked: boolean; removed: number; revokeError?: string }> {
    const r = await this.o.broker.logout(await this.o.broker.prepare(spec));
    const url = canonicalServerUrl(spec.url ?? '');
    return { server: spec.name, url, revoked: r.revoked, removed: r.removed.length, ...(r.revokeError ? { revokeError: r.revokeError } : {}) };
  }

  /**
   * No token in the keychain reads `logged-out`, whether or not this process ever contacted the
   * server: the keychain is every process's (a login or logout made by another CLI run or the
   * panel is what it holds), so "not logged in" is a fact read there, the same in the panel and
   * the CLI. `connection`, what the pool saw of the server (the panel), only refines it: one that
   * connected without a token needs no login, one that answered 401 needs one.
   */
  async status(spec: ConnectionSpec, connection: ServerStateKind | null = null): Promise<AuthStatus> {
    const base = { server: spec.name, tokenStored: false, expiresAt: null, scopes: [], issuer: null, lastRefresh: null };
    if (spec.transport === 'stdio' || !spec.url) return { ...base, state: 'not-applicable' };
    if (hasStaticCredentials(spec)) return { ...base, state: 'static' };
    const f = await this.o.broker.facts(await this.o.broker.prepare(spec));
    let state: AuthState;
    if (f.tokenStored) state = f.expiresAt !== null && f.expiresAt <= this.now() && !f.refreshable ? 'expired' : 'logged-in';
    else if (f.loggedOut) state = 'logged-out';
    else if (f.needsLogin || connection === 'needs-auth') state = 'needs-auth';
    // Connected without a token needs none, unless the connection rides on one this process still
    // holds while the keychain has none: a logout made elsewhere, not a server without logins.
    else state = connection === 'connected' && !f.tokenHeld ? 'not-applicable' : 'logged-out';
    return { server: spec.name, state, tokenStored: f.tokenStored, expiresAt: iso(f.expiresAt), scopes: f.scopes, issuer: f.issuer, lastRefresh: iso(f.lastRefresh) };
  }
}
