// BRIDGE-2/BRIDGE-3: the machine-wide single flight. Bridges, the CLI and the panel are
// separate processes holding the same keychain tokens; a rotating refresh token posted twice
// gets the whole token family revoked, and N processes without a token would open N browsers.
// So a refresh and a login each run under a lock file that every process on the machine
// agrees on: `<panelDataDir>/locks/<kind>-<sha256(identity + issuer)>.lock` (proper-lockfile:
// an mkdir lock, its mtime refreshed while held, taken over when a holder died).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { ownFolder } from '../own-folder';

export interface CrossProcessLockOptions {
  /** `<panelDataDir>/locks` */
  dir: string;
  /** Give up waiting after this long (then the caller goes on without the lock's guarantee). */
  waitMs: number;
  /** A lock not refreshed for this long belongs to a dead process (proper-lockfile `stale`). */
  staleMs?: number;
  log?: (line: string) => void;
}

export class LockTimeoutError extends Error {
  readonly code = 'LOCK_TIMEOUT';
}

export function lockPath(dir: string, kind: 'refresh' | 'login', identity: string, issuer: string): string {
  const h = createHash('sha256').update(`${identity}\n${issuer}`).digest('hex').slice(0, 32);
  return join(dir, `${kind}-${h}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn` while holding the lock at `path`. Waiting is a poll with jitter rather than
 * proper-lockfile's retry counts because a login may legitimately hold it for minutes.
 */
export async function withCrossProcessLock<T>(path: string, o: CrossProcessLockOptions, fn: () => Promise<T>): Promise<T> {
  // Loaded here, not at the top: proper-lockfile brings graceful-fs, and a bridge that never
  // refreshes (most starts) should not pay for it.
  // SEC-8: the locks folder (`<data>/locks`, or the keychain's) through the one check.
  ownFolder(o.dir);
  const { default: lockfile } = await import('proper-lockfile');
  const deadline = Date.now() + o.waitMs;
  let release: (() => Promise<void>) | undefined;
  for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
    try {
      release = await lockfile.lock(path, {
        realpath: false,
        stale: o.staleMs ?? 10_000,
        retries: 0,
        // A holder whose lock was taken over keeps running; the keychain re-read after the lock
        // is what keeps a second refresh from posting a rotated token.
        onCompromised: (e) => o.log?.(`lock ${path} was taken over: ${e.message}`),
      });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e;
      if (Date.now() >= deadline) throw new LockTimeoutError(`another process holds ${path}`);
      await sleep(wait / 2 + Math.random() * wait);
    }
  }
  try {
    return await fn();
  } finally {
    await release().catch(() => undefined);
  }
}
