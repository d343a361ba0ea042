// AUTH-3 / BRIDGE-2: when a token counts as expiring. Refresh at most `skewMs` before expiry and
// `fraction` of the token's lifetime, but at least min(1 s, a quarter of it) so a loaded
// machine's request still lands before expiry (a fixed 60 s skew against 5 s tokens would
// refresh on every call, as mcp-remote does). A jitter, drawn once per token, spreads the
// processes holding one token over a window: one takes the lock, the others find its result.
import { expiresAt, type StoredTokens } from './stored';

export class ExpiryRule {
  private readonly jitter = new Map<string, { obtainedAt: number; ms: number }>();

  constructor(
    private readonly skewMs: number,
    private readonly fraction: number,
    private readonly random: () => number,
  ) {}

  expiring(identity: string, stored: StoredTokens, now: number): boolean {
    const exp = expiresAt(stored);
    if (exp === null) return false;
    const lifetime = exp - stored.obtainedAt;
    const skew = Math.min(this.skewMs, Math.max(lifetime * this.fraction, Math.min(1_000, lifetime / 4)));
    let j = this.jitter.get(identity);
    if (j?.obtainedAt !== stored.obtainedAt) this.jitter.set(identity, (j = { obtainedAt: stored.obtainedAt, ms: this.random() * skew * 0.5 }));
    return exp - skew - j.ms <= now;
  }
}
