// SEC-2: who may talk to the web host. A link carries a one-time token; the first GET with it
// trades it for a random session secret held in an HttpOnly cookie, and the token is dead from
// then on (a token that leaked through `ps`, shell history or a screenshot opens nothing).
// Every later request, HTTP and WebSocket, must present the session cookie.
import { randomBytes } from 'node:crypto';
import { tokensEqual } from '../../services/api/guards';

// Bounds, so a script that keeps minting links (lines on `serve`'s stdin) or many browser
// profiles cannot grow these without end; the oldest entry goes first.
const MAX_LINKS = 32;
const MAX_SESSIONS = 64;

const secret = () => randomBytes(32).toString('base64url');

export class WebSessions {
  /** Unused one-time tokens, each with what to do once it is used (remove its handoff file). */
  private readonly links = new Map<string, () => void>();
  private readonly sessions: string[] = [];

  /** A new one-time token; `onUsed` runs when it is exchanged (or dropped). */
  mintLink(onUsed: () => void = () => {}): string {
    const token = secret();
    this.links.set(token, onUsed);
    if (this.links.size > MAX_LINKS) this.drop(this.links.keys().next().value as string);
    return token;
  }

  /** Trades a live one-time token for a new session secret; null if the token is not live. */
  redeem(token: string | null): string | null {
    if (!token) return null;
    // Constant-time against every live token: no timing hint about a near miss.
    let hit: string | undefined;
    for (const t of this.links.keys()) if (tokensEqual(token, t)) hit = t;
    if (hit === undefined) return null;
    this.drop(hit);
    const session = secret();
    this.sessions.push(session);
    if (this.sessions.length > MAX_SESSIONS) this.sessions.shift();
    return session;
  }

  isSession(value: string | null): boolean {
    let ok = false;
    for (const s of this.sessions) if (tokensEqual(value, s)) ok = true;
    return ok;
  }

  /** Forgets every link (runs their hooks) and session: the host is closing. */
  clear(): void {
    for (const t of [...this.links.keys()]) this.drop(t);
    this.sessions.length = 0;
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
