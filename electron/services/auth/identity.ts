// AUTH-3: whose tokens are these? The server's: one keychain account family per canonical
// server URL, shared by every profile (minimax, kimi, minara) and every entry name that points
// at that URL, so one login serves them all and one logout ends it for all of them.
//
// Why the full path and not just the origin: the MCP authorization spec (2025-06-18,
// "Canonical Server URI") names the MCP server by its full URI, path included
// (`https://mcp.example.com/server/mcp`), and RFC 9728 publishes protected-resource metadata
// per path (`/.well-known/oauth-protected-resource/<path>`). Two paths on one origin are two
// protected resources, with possibly different authorization servers and audiences (the
// `resource` parameter, RFC 8707, is the whole URI). Tokens bound to one must never be sent to
// the other, so they get separate families. What the spec says is the same resource is folded
// together: scheme and host case, a default port, a trailing slash, the fragment.
//
// SEC-6 binds config secrets (env / header values) to their entry; an OAuth token is different:
// it is issued for this resource URL (RFC 8707 audience) and is only ever sent to that URL, so
// any entry naming the URL may use it. An untrusted workspace's entry is never contacted (SEC-5).
//
// The authorization server (issuer) is stamped onto the stored tokens and client registration
// (the SDK adds `issuer`; see stored.ts): a resource that moves to another authorization server
// does not get the old tokens or client presented there.
import { createHash } from 'node:crypto';
import { PROFILES, type ConnectionSpec } from '../../../shared/schemas/server';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** The RFC 8707 / MCP canonical form, or the trimmed input when it is not a URL. */
export function canonicalServerUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return raw.trim();
  }
  u.hash = '';
  // WHATWG URL already lowercases scheme and host and drops a default port.
  const path = u.pathname.length > 1 ? u.pathname.replace(/\/+$/, '') : '';
  return `${u.protocol}//${u.username || u.password ? `${u.username}:${u.password}@` : ''}${u.host}${path}${u.search}`;
}

/**
 * Keychain identity of a server: `url/<escaped origin+path>`, plus a hash of any query or
 * user info. Those stay part of the key (another query can be another tenant) but never appear
 * in clear: account names are visible in any keychain browser, and they can hold an api key.
 * encodeURIComponent escapes ':' and '#', so `<identity>:` is an unambiguous prefix.
 */
export function serverIdentity(spec: Pick<ConnectionSpec, 'url'>): string {
  const canonical = canonicalServerUrl(spec.url ?? '');
  let visible = canonical;
  let hidden = '';
  try {
    const u = new URL(canonical);
    visible = `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
    hidden = u.username || u.password || u.search ? `${u.username}:${u.password}${u.search}` : '';
  } catch {
    /* not a URL: the whole string is the key */
  }
  return `url/${encodeURIComponent(visible)}${hidden ? `#${sha(hidden).slice(0, 16)}` : ''}`;
}

export function legacyUrlHash(url: string): string {
  return sha(url).slice(0, 8);
}

/** `<profile>/<escaped id>#<8 hex>:<kind>` → the identity part, or undefined for anything else. */
export function parseLegacyAccount(account: string): { identity: string; urlHash: string } | undefined {
  const m = /^(([a-z]+)\/[^/:#]+#([0-9a-f]{8})):[a-z]+$/.exec(account);
  return m && (PROFILES as readonly string[]).includes(m[2]!) ? { identity: m[1]!, urlHash: m[3]! } : undefined;
}
