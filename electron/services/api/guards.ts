// The pure halves of the window, IPC and web-host guards (SEC-1, SEC-2), kept outside
// electron/main so they run (and are tested) under plain Node. The Electron glue and the
// web host only call them.
import { timingSafeEqual } from 'node:crypto';

/** SEC-1: strict CSP. No inline script, no eval, no remote anything; `connect` is the host. */
export function contentSecurityPolicy(opts: { connect?: string[] } = {}): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    // React's style attributes: inline styles only, never inline script.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    // UI-3: audio parts of a tool result play from data: URLs (CONN-9).
    "media-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${(opts.connect ?? []).map((c) => ' ' + c).join('')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * SEC-1: the one check for every opener (Electron's `shell.openExternal`, the web host's
 * login, the CLI's browser launcher): http(s) URLs without credentials, nothing else.
 */
export function isAllowedExternalUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '' && url.hostname !== '';
}

/**
 * SEC-1: an IPC message is answered only when it comes from our own top frame showing our
 * own page: the packaged `file://…/renderer/index.html` or, in development, the dev server.
 */
export function isTrustedSender(frameUrl: string | undefined, allowed: { fileIndex: string; devOrigin?: string | null }): boolean {
  if (!frameUrl) return false;
  let url: URL;
  try {
    url = new URL(frameUrl);
  } catch {
    return false;
  }
  if (url.protocol === 'file:') {
    const expected = new URL(allowed.fileIndex);
    return url.pathname === expected.pathname;
  }
  return !!allowed.devOrigin && url.origin === new URL(allowed.devOrigin).origin;
}

/** SEC-1: the window never navigates away from its page; links go through openExternal. */
export function isAllowedNavigation(target: string, current: string): boolean {
  try {
    const a = new URL(target);
    const b = new URL(current);
    return a.protocol === b.protocol && a.host === b.host && a.pathname === b.pathname;
  } catch {
    return false;
  }
}

/** SEC-2: only the loopback names of our own port; anything else is DNS rebinding. */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function isAllowedHost(host: string | undefined, port: number): boolean {
  return !!host && allowedHosts(port).includes(host.toLowerCase());
}

/** SEC-2: a missing Origin (same-origin GET, curl) is fine; a foreign one never is. */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return allowedHosts(port).some((h) => origin.toLowerCase() === `http://${h}`);
}

export function tokensEqual(a: string | undefined | null, b: string): boolean {
  if (!a) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * SEC-2: every value of the cookies named `cookieName`. Cookies are shared by every port of
 * 127.0.0.1, so a page on another port can plant one of the same name (issue 21 F1): the host
 * looks through all of them rather than trust the first.
 */
export function cookieValues(cookieHeader: string | undefined, cookieName: string): string[] {
  const out: string[] = [];
  for (const part of (cookieHeader ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k !== cookieName) continue;
    try {
      out.push(decodeURIComponent(v.join('=')));
    } catch {
      /* not one of ours */
    }
  }
  return out;
}
