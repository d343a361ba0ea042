// The one connection factory (CONN-1): the transport a server's config names, strictly (no
// fallback to another transport), for the connection pool and the bridge alike. What differs
// between them is said as options, not built twice: the pool lets a redirect leave the
// origin without the config's headers (CFG-4); the bridge never leaves it (BRIDGE-5). stdio
// servers get group-transport.ts (the pool only: a bridge, which has no stdio upstream, loads
// neither it nor the process-group records the pool has it write).
import { extractWWWAuthenticateParams, type OAuthClientProvider, SSEClientTransport, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import type { ConnectionSpec } from '../../../shared/schemas/server';
import { redirectSafeFetch } from './redirect-fetch';
import { boundedFetch } from './bounded-fetch';
import { UrlCredentialsError } from './errors';

export interface RemoteOptions {
  /** Resolved headers (CONN-4: `${VAR}` already expanded). */
  headers: Record<string, string>;
  authProvider?: OAuthClientProvider;
  fetch?: typeof fetch;
  /**
   * `drop-headers` (the pool, CFG-4): a redirect may leave the origin, without the config's
   * headers unless the entry says otherwise. `same-origin` (the bridge, BRIDGE-5): a redirect
   * to another origin is an error, so neither tokens nor headers leave it.
   */
  redirects: 'drop-headers' | 'same-origin';
  /**
   * AUTH-1: what a 401/403 asked for (WWW-Authenticate `scope`, `resource_metadata`). A
   * background connect stops before a login, so the login that follows starts from the
   * server's own challenge rather than a guess.
   */
  onChallenge?: (c: AuthChallenge) => void;
}

export interface AuthChallenge {
  status: number;
  scope?: string;
  resourceMetadataUrl?: string;
}

function listening(base: typeof fetch, onChallenge: (c: AuthChallenge) => void): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    if (res.status === 401 || res.status === 403) {
      const p = extractWWWAuthenticateParams(res);
      onChallenge({ status: res.status, ...(p.scope ? { scope: p.scope } : {}), ...(p.resourceMetadataUrl ? { resourceMetadataUrl: p.resourceMetadataUrl.href } : {}) });
    }
    return res;
  };
}

export function remoteTransport(spec: Pick<ConnectionSpec, 'transport' | 'url' | 'dropHeadersOnCrossOriginRedirect'>, o: RemoteOptions): Transport {
  if (!spec.url) throw new Error(`${spec.transport} server has no url`);
  const url = new URL(spec.url);
  if (url.username || url.password) throw new UrlCredentialsError(url);
  // SEC-4: every answer is held to one message's bound before the SDK reads it (bounded-fetch.ts).
  const fetchBounded = boundedFetch(o.fetch ?? fetch);
  const base = o.onChallenge ? listening(fetchBounded, o.onChallenge) : fetchBounded;
  const opts = {
    requestInit: { headers: o.headers },
    ...(o.redirects === 'drop-headers'
      ? // Our fetch handles every redirect itself, dropping headers across origins (CFG-4).
        { fetch: redirectSafeFetch(base, spec.dropHeadersOnCrossOriginRedirect), redirectPolicy: 'follow' as const }
      : { fetch: base, redirectPolicy: 'same-origin' as const }),
    ...(o.authProvider ? { authProvider: o.authProvider } : {}),
  };
  return spec.transport === 'sse' ? new SSEClientTransport(url, opts) : new StreamableHTTPClientTransport(url, opts);
}
