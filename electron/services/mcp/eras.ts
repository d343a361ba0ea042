// PROTO-1: which protocol era a server speaks. 2025-11-25 and before open with `initialize`
// (legacy); 2026-07-28 opens with `server/discover` (modern). HTTP servers negotiate on every
// connect (one `server/discover` round trip, legacy fallback). A stdio server is probed once:
// the probe costs a start of its own when a legacy server exits on the unknown request, so the
// verdict is kept per server identity (the pool keeps it in the panel's data dir:
// connections/era-verdicts.ts) and later starts go straight to the right handshake. The person
// can override it per server (legacy / auto / modern) in the panel's settings; an agent's file
// never says anything about it.
import { createHash } from 'node:crypto';
import type { ConnectionSpec, ProtocolEra } from '../../../shared/schemas/server';

export type { EraMode } from '../../../shared/schemas/server';
export type Era = ProtocolEra;
export const MODERN_VERSION = '2026-07-28';

/** The process a stdio entry starts: the same command line in the same folder is the same server. */
export function stdioIdentity(spec: Pick<ConnectionSpec, 'command' | 'args' | 'cwd'>): string {
  return createHash('sha256')
    .update(JSON.stringify([spec.command ?? '', spec.args ?? [], spec.cwd ?? '']))
    .digest('hex')
    .slice(0, 32);
}

/** The stdio verdicts a session consults and records (session.ts), by stdioIdentity(). */
export interface EraVerdicts {
  /** The era to use without probing, if one is known and fresh. */
  get(identity: string): Promise<Era | undefined>;
  /** Records the era a start landed on; undefined forgets it (it will be probed again). */
  set(identity: string, era: Era | undefined): Promise<void>;
}
