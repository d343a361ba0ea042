// CONN-3: one server's part of a discovery round. Its budget (options.ts: 2 s remote, 15 s
// stdio, or its agent's own startup timeout) starts when its own start begins — after its stdio
// start slot and the host's preparation — so nobody misses a budget by waiting in the queue or
// on the keychain. A miss gives no tools this round; the attempt goes on in the background (it
// frees its start slot) and the next round retries. A one-shot host (the CLI) has no next
// round: with `settle`, a server that missed its budget is waited for until it answers or fails
// for its own reason, or the command's deadline passes.
import { describeReason } from '../../../shared/i18n/reasons';
import type { Clock } from '../mcp/clock';
import type { McpConnection } from './connection';
import type { DiscoveryResult } from './types';
import type { ConnectionSpec } from '../../../shared/schemas/server';

/** A one-shot command's deadline (pool clock) and the total it was given, for the message. */
export interface Settle {
  readonly deadline: number;
  readonly totalMs: number;
}

type Outcome = 'ok' | 'failed' | 'late';

export type Discoverable = Pick<McpConnection, 'id' | 'name' | 'state' | 'tools' | 'lastError' | 'connectMs' | 'snapshotDiff'>;

export function discoveryResult(c: Discoverable, withTools: boolean): DiscoveryResult {
  const connected = c.state.kind === 'connected';
  return {
    id: c.id,
    name: c.name,
    state: c.state,
    tools: withTools && connected ? c.tools : [],
    connectMs: connected ? c.connectMs : null,
    // English from the reason catalogue (UI-9) for the CLI and --json; the raw message while
    // pending; for a connected server, what its listing left out (SEC-4), else null.
    error: connected ? c.lastError : c.state.kind === 'disabled' || c.state.kind === 'pending' ? c.lastError : describeReason('en', c.state),
    snapshotDiff: withTools ? c.snapshotDiff : null,
  };
}

export async function discoverOne(c: McpConnection, clock: Clock, budgetMs: number, settle: Settle | null): Promise<DiscoveryResult> {
  let work: Promise<unknown>;
  let releaseSlot = (): void => {};
  if (c.live) {
    work = c.refresh();
  } else {
    const attempt = c.begin();
    releaseSlot = attempt.releaseSlot;
    await attempt.started;
    work = attempt.done;
  }
  const started = clock.now();
  const outcome = await within(work, clock, budgetMs);
  if (outcome !== 'late') return discoveryResult(c, outcome === 'ok');
  releaseSlot();
  if (!settle) {
    c.missedBudget('discovery_timeout', budgetMs);
    return discoveryResult(c, false);
  }
  // No next round, so the command waits, but never past the server's own timeout: a hung server
  // whose entry says `"timeout": 1500` is given up at 1.5 s, as its agent would, not at 30 s.
  const own = ownTimeoutMs(c.spec);
  const untilOwn = own === null ? Infinity : own - (clock.now() - started);
  const untilDeadline = settle.deadline - clock.now();
  const last = await within(work, clock, Math.min(untilOwn, untilDeadline));
  if (last === 'late') {
    if (untilOwn <= untilDeadline) c.missedBudget('own_timeout', own!);
    else c.missedBudget('command_timeout', settle.totalMs);
  }
  return discoveryResult(c, last === 'ok');
}

/** The entry's own limit on how long it may take: its agent's startup timeout, else its call timeout; null when it sets none. */
export function ownTimeoutMs(spec: Pick<ConnectionSpec, 'startupTimeoutMs' | 'callTimeoutMs'>): number | null {
  return spec.startupTimeoutMs ?? spec.callTimeoutMs ?? null;
}

function within(work: Promise<unknown>, clock: Clock, ms: number): Promise<Outcome> {
  let timer: { cancel(): void } | undefined;
  return Promise.race([
    work.then(
      (): Outcome => 'ok',
      (): Outcome => 'failed',
    ),
    new Promise<Outcome>((resolve) => {
      timer = clock.setTimeout(() => resolve('late'), Math.max(0, ms));
    }),
  ]).finally(() => timer?.cancel());
}
