// AUTH-3 / BRIDGE-2: posting one refresh, once the broker holds the (machine-wide) lock and
// has re-read the keychain. A refresh token is only ever posted to the authorization server
// that issued it; transient failures (429, 5xx, a lost network) back off and keep the tokens;
// `invalid_grant` discards them unless a sibling process rotated them meanwhile.
import { oauthErrorCode as errorCode, refreshAuthorization, type FetchLike, type OAuthTokens } from '../mcp/oauth';
import type { PreRegisteredClient } from './oauth-provider';
import { secretAccount, type SecretStore } from './secret-store';
import { readSecret, type StoredTokens } from './stored';

export interface RefreshDeps {
  store: SecretStore;
  fetchFn: FetchLike;
  /** Retries of a transient failure. */
  retries: number;
  /** First back-off delay; doubles per retry, with jitter. */
  backoffMs: number;
  random: () => number;
  preRegistered?: PreRegisteredClient;
  log?: (line: string) => void;
  /** One refresh request is about to be sent. */
  counted(): void;
  needsAuth(reason: string): void;
  save(serverUrl: string, tokens: OAuthTokens & { issuer?: string }): Promise<void>;
}

/** Posts `stored`'s refresh token; answers the tokens to use now (undefined: log in again). */
export async function postRefresh(d: RefreshDeps, identity: string, stored: StoredTokens): Promise<OAuthTokens | undefined> {
  const refreshToken = stored.tokens.refresh_token;
  if (!refreshToken) return stored.tokens;
  const discovery = await readSecret(d.store, identity, 'discovery');
  const client = d.preRegistered ?? (await readSecret(d.store, identity, 'client'));
  const meta = await readSecret(d.store, identity, 'meta');
  if (!discovery?.authorizationServerUrl || !client) {
    d.needsAuth('cannot refresh: authorization server or client registration unknown');
    return undefined;
  }
  // URL + issuer: a refresh token is only ever posted to the authorization server that issued it.
  const issuer = stored.tokens.issuer;
  if (issuer && !sameIssuer(issuer, discovery.authorizationServerUrl)) {
    d.needsAuth(`the server now uses another authorization server (${discovery.authorizationServerUrl}); log in again`);
    return undefined;
  }
  for (let attempt = 0; ; attempt++) {
    d.counted();
    try {
      const fresh = await refreshAuthorization(discovery.authorizationServerUrl, {
        metadata: discovery.authorizationServerMetadata,
        clientInformation: client,
        refreshToken,
        resource: discovery.resourceMetadata?.resource,
        fetchFn: d.fetchFn,
      });
      const withIssuer = { ...fresh, issuer: stored.tokens.issuer ?? discovery.authorizationServerUrl };
      await d.save(meta?.serverUrl ?? '', withIssuer);
      return withIssuer;
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      if (errorCode(e) === 'invalid_grant') {
        // Only the token we posted is dead: a sibling that rotated it meanwhile left a live one.
        const now = await readSecret(d.store, identity, 'tokens');
        if (now?.tokens.refresh_token && now.tokens.refresh_token !== refreshToken) return now.tokens;
        // AUTH-3: a refresh the AS refused sends the server back to needs-auth; the dead tokens go.
        await d.store.delete(secretAccount(identity, 'tokens'));
        d.needsAuth(`token refresh failed: ${why}`);
        return undefined;
      }
      if (transient(e) && attempt < d.retries) {
        await new Promise((r) => setTimeout(r, d.backoffMs * 2 ** attempt * (0.5 + d.random())));
        continue;
      }
      // BRIDGE-2: anything else keeps the tokens (the next expiry tries again).
      d.log?.(`token refresh failed, tokens kept: ${why}`);
      if (transient(e)) return stored.tokens;
      d.needsAuth(`token refresh failed: ${why}`);
      return undefined;
    }
  }
}

/** 429, 5xx, temporarily_unavailable and a lost network: worth a retry, never a discard. */
function transient(e: unknown): boolean {
  const code = errorCode(e);
  if (code === 'temporarily_unavailable' || code === 'too_many_requests') return true;
  const msg = e instanceof Error ? e.message : '';
  if (/^HTTP (429|5\d\d)\b/.test(msg)) return true;
  if (code === 'server_error') return !/^HTTP 4\d\d\b/.test(msg);
  return e instanceof TypeError; // fetch failed: refused, reset, DNS
}

/** Issuers compared as the SDK compares its stamps: as parsed URLs where they are URLs. */
function sameIssuer(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}
