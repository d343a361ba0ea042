// UI-6 login / logout with progress (AUTH-1, AUTH-2). No secret value crosses: status rows
// carry "stored", expiry, scopes and issuer only.
import type { AppContract, AuthRow, LoginProgress } from '../../../shared/contract';
import { hostError } from './refusal';
import type { Handlers } from '../../../shared/rpc';
import type { ApiCore } from '../api/core';
import { serverIdentity, type LoginEvent } from '../auth';
import type { AuthPort, SecretsPort } from '../api/ports';
import { serverId } from '../api/rows';
import { isAllowedExternalUrl } from '../api/guards';
import { redactEntry } from '../api/redact';
import type { ApiDeps } from '../api';

type AuthHandlers = Pick<Handlers<AppContract>, 'auth.list' | 'auth.login' | 'auth.cancel' | 'auth.logout'>;

export interface AuthDeps {
  auth: AuthPort;
  secrets: SecretsPort;
  /** Electron: shell.openExternal; absent in browser mode, where the page opens the URL. */
  openExternal: ((url: string) => Promise<void>) | null;
  /** Tells a server that wants a token from one that wants an OAuth login (auth/oauth-offered.ts). */
  authDemand?: ApiDeps['authDemand'];
}

export function authHandlers(core: ApiCore, deps: AuthDeps): AuthHandlers {
  const running = new Map<string, AbortController>();
  const remoteSpec = (id: string) => {
    const s = core.findServer(id);
    if (!s.spec || s.spec.transport === 'stdio') throw hostError('refused', 'host.stdio_no_login', { name: s.name });
    // SEC-5: never contact an untrusted workspace's server, not even its authorization server.
    if (!s.trusted) throw hostError('refused', 'host.untrusted_login', { name: s.name });
    return s.spec;
  };
  const progress = (e: LoginEvent): LoginProgress => {
    switch (e.type) {
      case 'discovering':
        return { type: 'discovering' };
      case 'waiting-for-browser':
        return { type: 'waiting-for-browser', url: e.url, opened: deps.openExternal !== null };
      case 'exchanging':
        return { type: 'exchanging' };
      case 'done':
        return { type: 'done', scopes: e.scopes, expiresAt: e.expiresAt, keychain: e.keychain };
      case 'failed':
        return { type: 'failed', reason: e.reason, code: e.code };
    }
  };

  // SEC-2: the URL as resolved may carry `user:pass@` or `?api_key=`: masked by the entry rules.
  const shownUrl = (url: string | undefined) => (url === undefined ? null : (redactEntry({ url }).url as string));
  /** One login serves every entry with the same URL: reconnect them all (login: authorized; logout: back to needs-auth). */
  const reconnectSameServer = async (url: string | undefined) => {
    const identity = serverIdentity({ url });
    for (const s of (await core.current()).servers) {
      if (!s.spec?.url || s.spec.transport === 'stdio' || serverIdentity(s.spec) !== identity) continue;
      await core.pool().reconnect(serverId(s), true).catch((err: unknown) => core.log(`reconnect ${s.name}: ${String(err)}`));
    }
  };

  return {
    'auth.list': async () => {
      const view = await core.current();
      const st = await deps.secrets.status();
      const servers: AuthRow[] = [];
      for (const s of view.servers) {
        if (!s.spec) continue;
        const id = serverId(s);
        const base = { id, name: s.name, url: shownUrl(s.spec.url), busy: running.has(id) };
        // No token stored is `logged-out` even for a server this process never contacted (the CLI's
        // engine contacts none): the keychain is shared, a logout made elsewhere is what it holds.
        // What the pool saw only tells "needs no login" (connected without a token) and "needs one"
        // (401). `unknown` is left for a login state that could not be read.
        const seen = core.info(id)?.state.kind ?? null;
        const status = await deps.auth.status(s.spec, seen).catch(() => null);
        const { state, tokenStored, expiresAt, scopes, issuer, lastRefresh } = status ?? { state: 'unknown', tokenStored: false, expiresAt: null, scopes: [], issuer: null, lastRefresh: null };
        // AUTH-1: a 401 without OAuth metadata is no login to offer.
        const tokenWanted = state === 'needs-auth' && (await deps.authDemand?.(s.spec, seen).catch(() => null)) === 'token';
        servers.push({ ...base, state: tokenWanted ? 'token-required' : state, tokenStored, expiresAt, scopes, issuer, lastRefresh });
      }
      return { servers, keychain: st };
    },
    'auth.login': async ({ id }) => {
      const spec = remoteSpec(id);
      const { auth } = deps;
      if (running.has(id)) throw hostError('refused', 'host.login_running', { name: spec.name });
      const ac = new AbortController();
      running.set(id, ac);
      const emit = (p: LoginProgress) => core.events.emit('auth.progress', { id, progress: p });
      void auth
        .login(spec, {
          signal: ac.signal,
          onEvent: (e) => emit(progress(e)),
          opener: {
            async open(url) {
              // SEC-1: the same guard as app.openExternal; a non-http(s) authorization URL fails the login.
              if (!isAllowedExternalUrl(url)) throw hostError('refused', 'host.auth_link_not_http');
              if (deps.openExternal) await deps.openExternal(url);
            },
          },
        })
        .then(
          async (last) => {
            running.delete(id);
            emit(progress(last));
            if (last.type === 'done') await reconnectSameServer(spec.url);
            core.announce(last.type === 'done' ? `logged in to ${spec.name}` : `login to ${spec.name} failed`);
          },
          (err: unknown) => {
            running.delete(id);
            emit({ type: 'failed', reason: err instanceof Error ? err.message : String(err), code: 'error' });
          },
        );
      return { started: true };
    },
    'auth.cancel': ({ id }) => {
      const ac = running.get(id);
      ac?.abort();
      return { cancelled: !!ac };
    },
    'auth.logout': async ({ id }) => {
      const spec = remoteSpec(id);
      const r = await deps.auth.logout(spec);
      await reconnectSameServer(spec.url);
      core.announce(`logged out of ${spec.name}`);
      return { url: shownUrl(r.url) ?? '', removed: r.removed, revoked: r.revoked, revokeError: r.revokeError ?? null };
    },
  };
}
