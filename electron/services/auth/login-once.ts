// BRIDGE-3: one login for N processes. Agents start several bridges at once; without a token
// each would open a browser. The first to take the login lock logs in (one browser window);
// the others wait on the lock, then read the keychain and go on. A failed or cancelled login
// is written next to the lock, so the waiters fail with that reason instead of each opening
// a browser of their own.
import { dirname } from 'node:path';
import type { ConnectionSpec } from '../../../shared/schemas/server';
import { readOwnJson, writeOwnFile } from '../own-folder';
import { lockPath, withCrossProcessLock } from './cross-process';
import type { LoginOutcome, LoginService } from './login-service';
import type { BrowserOpener } from './opener';
import type { TokenBroker } from './token-broker';

export interface LoginOnceOptions {
  broker: TokenBroker;
  logins: LoginService;
  opener: BrowserOpener;
  /** `<panelDataDir>/locks` */
  lockDir: string;
  /** The longest a waiter waits for another process's login (default: AUTH-2's 15 min + 1). */
  waitMs?: number;
  onEvent?: Parameters<LoginService['login']>[1]['onEvent'];
  /** The server refused this access token: finding it again in the keychain is no login. */
  staleAccessToken?: string;
}

const RECENT_FAILURE_MS = 15_000;

export type LoginOnceResult = { ok: true; by: 'this' | 'other' } | { ok: false; reason: string };

/** Logs `spec` in unless a token is there or another process's login just produced one. */
export async function loginOnce(spec: ConnectionSpec, o: LoginOnceOptions): Promise<LoginOnceResult> {
  const identity = await o.broker.prepare(spec);
  const path = lockPath(o.lockDir, 'login', identity, '');
  const outcomeFile = `${path}.outcome.json`;
  const asked = Date.now();
  return withCrossProcessLock(path, { dir: o.lockDir, waitMs: o.waitMs ?? 16 * 60_000 }, async () => {
    o.broker.forget(identity);
    const have = await o.broker.validTokens(identity);
    if (have && have.access_token !== o.staleAccessToken) return { ok: true, by: 'other' } as const;
    // A login that failed after we asked (or just before: the processes of one agent start
    // seconds apart on a busy machine) failed for us too; a later start may try again.
    const last = readOutcome(dirname(o.lockDir), outcomeFile);
    if (last && last.at >= asked - RECENT_FAILURE_MS && !last.ok) return { ok: false, reason: last.reason };
    const outcome: LoginOutcome = await o.logins.login(spec, { opener: o.opener, onEvent: o.onEvent });
    const result: LoginOnceResult = outcome.type === 'done' ? { ok: true, by: 'this' } : { ok: false, reason: outcome.reason };
    await writeOwnFile(dirname(o.lockDir), outcomeFile, JSON.stringify({ at: Date.now(), ...result }), { fsync: false }).catch(() => undefined);
    return result;
  });
}

/** SEC-8: read through the data folder's check (a planted outcome would fail every waiter's login). */
function readOutcome(dataDir: string, file: string): { at: number; ok: boolean; reason: string } | undefined {
  const v = readOwnJson(dataDir, file, 64 * 1024) as { at?: unknown; ok?: unknown; reason?: unknown } | undefined;
  if (!v || typeof v !== 'object') return undefined;
  return typeof v.at === 'number' && typeof v.ok === 'boolean' ? { at: v.at, ok: v.ok, reason: typeof v.reason === 'string' ? v.reason : 'login failed' } : undefined;
}
