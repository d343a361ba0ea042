// SEC-2: who may talk to the web host. A link carries a one-time token; the first GET with it
// trades it for a session made of two random secrets, and the token is dead from then on (a
// token that leaked through `ps`, shell history or a screenshot opens nothing):
// - a key the page keeps to itself (handed over in the URL fragment, kept in sessionStorage,
//   which is per origin and so per port) and sends as a header on every call and in the event
//   socket's subprotocol: the only thing a call or the socket is judged by;
// - a cookie (HttpOnly, SameSite=Strict), which the browser attaches to the page and its
//   assets, so a visitor without a session gets "get a fresh link" instead of a broken page.
// Issue 21 F1: browsers do not separate cookies by port, so any server on another 127.0.0.1
// port (a loopback authorization server the Login view opens, say) receives the cookie, and
// can set one of the same name (a duplicate for a longer path, or one that replaces ours). The
// cookie therefore opens nothing but the static page, every presented value is looked at (a
// duplicate does not hide ours), and a replaced cookie cannot stop an open page's calls.
// Sessions end after `idleMs` without a call, and when the same browser redeems a fresh link.
import { randomBytes } from 'node:crypto';
import { tokensEqual } from '../../services/api/guards';

// Bounds, so a script that keeps minting links (lines on `serve`'s stdin) or many browser
// profiles cannot grow these without end; the oldest entry goes first.
const MAX_LINKS = 32;
const MAX_SESSIONS = 64;
/** Idle limit of a session (a working day): a tab left overnight asks for a fresh link. */
export const SESSION_IDLE_MS = 8 * 60 * 60_000;

const secret = () => randomBytes(32).toString('base64url');

export interface WebSession {
  readonly cookie: string;
  readonly key: string;
  lastSeen: number;
}

export interface WebSessionsOptions {
  idleMs?: number;
  now?: () => number;
}

export class WebSessions {
  /** Unused one-time tokens, each with what to do once it is used (remove its handoff file). */
  private readonly links = new Map<string, () => void>();
  private readonly sessions: WebSession[] = [];
  private readonly idleMs: number;
  private readonly now: () => number;

  constructor(o: WebSessionsOptions = {}) {
    this.idleMs = o.idleMs ?? SESSION_IDLE_MS;
    this.now = o.now ?? Date.now;
  }

  /** A new one-time token; `onUsed` runs when it is exchanged (or dropped). */
  mintLink(onUsed: () => void = () => {}): string {
    const token = secret();
    this.links.set(token, onUsed);
    if (this.links.size > MAX_LINKS) this.drop(this.links.keys().next().value as string);
    return token;
  }

  /**
   * Trades a live one-time token for a new session; null if the token is not live. The
   * sessions whose cookies the browser presented end here: one browser, one current session.
   */
  redeem(token: string | null, presented: readonly string[] = []): WebSession | null {
    if (!token) return null;
    // Constant-time against every live token: no timing hint about a near miss.
    let hit: string | undefined;
    for (const t of this.links.keys()) if (tokensEqual(token, t)) hit = t;
    if (hit === undefined) return null;
    this.drop(hit);
    for (const s of this.sessions.filter((x) => presented.some((c) => tokensEqual(c, x.cookie)))) this.end(s);
    const session: WebSession = { cookie: secret(), key: secret(), lastSeen: this.now() };
    this.sessions.push(session);
    if (this.sessions.length > MAX_SESSIONS) this.sessions.shift();
    return session;
  }

  /** The live session whose key this is (a call, the event socket); it counts as used. */
  byKey(key: string | null): WebSession | null {
    this.expire();
    let found: WebSession | null = null;
    for (const s of this.sessions) if (tokensEqual(key, s.key)) found = s;
    if (found) found.lastSeen = this.now();
    return found;
  }

  /** The live session one of these cookies belongs to (the page and its assets). */
  byCookie(cookies: readonly string[]): WebSession | null {
    this.expire();
    let found: WebSession | null = null;
    for (const s of this.sessions) for (const c of cookies) if (tokensEqual(c, s.cookie)) found = s;
    return found;
  }

  /** Still live (not idle too long, not replaced)? For the sockets a session opened. */
  alive(session: WebSession): boolean {
    this.expire();
    return this.sessions.includes(session);
  }

  /** Forgets every link (runs their hooks) and session: the host is closing. */
  clear(): void {
    for (const t of [...this.links.keys()]) this.drop(t);
    this.sessions.length = 0;
  }

  private expire(): void {
    const limit = this.now() - this.idleMs;
    for (const s of this.sessions.filter((x) => x.lastSeen < limit)) this.end(s);
  }

  private end(session: WebSession): void {
    const i = this.sessions.indexOf(session);
    if (i >= 0) this.sessions.splice(i, 1);
  }

  private drop(token: string): void {
    const hook = this.links.get(token);
    this.links.delete(token);
    try {
      hook?.();
    } catch {
      /* a cleanup hook's failure must not break the exchange */
    }
  }
}
