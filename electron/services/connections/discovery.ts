// CONN-3: one server's part of a discovery round. Its budget (2 s remote, 15 s stdio, capped by
// the server's own timeout) starts when its own start begins — after it got a stdio start
// slot — so nobody misses a budget by waiting in the queue. A miss gives no tools this round;
// the attempt goes on in the background (it frees its start slot) and the next round retries.
import type { ConnectionSpec } from '../../../shared/schemas/server';
import type { Clock } from './clock';
import type { Attempt, Entry } from './entry';
import type { Session } from './session';
import type { DiscoveryResult } from './types';

export interface DiscoveryHost {
  clock: Clock;
  budgetFor(spec: ConnectionSpec): number;
  startAttempt(e: Entry): Attempt;
  refresh(e: Entry, s: Session): Promise<void>;
  missedBudget(e: Entry, budgetMs: number): void;
}

function result(e: Entry, withTools: boolean): DiscoveryResult {
  const connected = e.state.kind === 'connected';
  return {
    id: e.id,
    name: e.spec.name,
    state: e.state,
    tools: withTools && connected ? e.tools : [],
    connectMs: connected ? e.connectMs : null,
    error: connected ? null : (e.lastError ?? (e.state.kind === 'disabled' || e.state.kind === 'pending' ? null : e.state.reason)),
    snapshotDiff: withTools ? e.snapshotDiff : null,
  };
}

export async function discoverOne(host: DiscoveryHost, e: Entry): Promise<DiscoveryResult> {
  if (e.state.kind === 'disabled' || e.state.kind === 'removed') return result(e, false);
  const budgetMs = host.budgetFor(e.spec);
  let work: Promise<unknown>;
  let releaseSlot = () => {};
  if (e.live && e.session) {
    work = host.refresh(e, e.session);
  } else {
    const attempt = host.startAttempt(e);
    releaseSlot = attempt.releaseSlot;
    await attempt.started;
    work = attempt.done;
  }
  let timer: { cancel(): void } | undefined;
  const outcome = await Promise.race([
    work.then(
      () => 'ok' as const,
      () => 'failed' as const,
    ),
    new Promise<'late'>((resolve) => {
      timer = host.clock.setTimeout(() => resolve('late'), budgetMs);
    }),
  ]);
  timer?.cancel();
  if (outcome === 'late') {
    releaseSlot();
    host.missedBudget(e, budgetMs);
    return result(e, false);
  }
  return result(e, outcome === 'ok');
}
