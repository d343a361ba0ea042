// CFG-4: headers from config (tokens!) never follow a redirect to another origin. The SDK
// transports get this fetch with redirectPolicy 'follow', so every redirect passes here.
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;
/** Headers that describe the request, not the caller: safe to send to any origin. */
const SAFE = new Set(['accept', 'accept-language', 'content-type', 'mcp-protocol-version', 'last-event-id', 'user-agent', 'cache-control']);

function sameOrigin(a: URL, b: URL): boolean {
  return a.protocol === b.protocol && a.hostname === b.hostname && a.port === b.port;
}

function toUrl(input: string | URL | Request): URL {
  return new URL(input instanceof Request ? input.url : input.toString());
}

export function redirectSafeFetch(base: typeof fetch = fetch, dropHeadersCrossOrigin = true): typeof fetch {
  const wrapped = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const origin = toUrl(input);
    let url = origin;
    let method = (init?.method ?? 'GET').toUpperCase();
    let body = init?.body;
    let headers = new Headers(init?.headers);
    for (let hop = 0; ; hop++) {
      const response = await base(url, { ...init, method, body, headers, redirect: 'manual' });
      const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
      if (!location || hop === MAX_REDIRECTS || init?.redirect === 'manual' || init?.redirect === 'error') return response;
      const next = new URL(location, url);
      await response.body?.cancel().catch(() => undefined);
      // Fetch semantics: 303 (and 301/302 for non-GET) turn into a GET without a body.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method !== 'GET' && method !== 'HEAD')) {
        method = 'GET';
        body = undefined;
        headers.delete('content-type');
      }
      if (dropHeadersCrossOrigin && !sameOrigin(origin, next)) {
        const kept = new Headers();
        headers.forEach((v, k) => {
          if (SAFE.has(k.toLowerCase())) kept.set(k, v);
        });
        headers = kept;
      }
      url = next;
    }
  };
  return wrapped as typeof fetch;
}
