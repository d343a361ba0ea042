// The pool's record of one configured server: its spec, state (CONN-5), live session, tools,
// and the bounded logs that outlive sessions (CONN-10).
import type { ConnectionSpec, ServerState, ToolDef } from '../../../shared/schemas/server';
import type { TimerHandle } from './clock';
import { Semaphore } from './semaphore';
import { LineRing, Ring } from './ring';
import type { Session } from './session';
import type { TrafficRecord } from './traffic';
import type { ToolDiff } from './types';

/** A connection attempt; `started` resolves when its stdio start slot is granted (CONN-3). */
export interface Attempt {
  started: Promise<void>;
  done: Promise<Session>;
  releaseSlot(): void;
}

export class Entry {
  state: ServerState;
  session: Session | null = null;
  attempt: Attempt | null = null;
  /** Tools after the limits (what the agent sees), and as the server sent them. */
  tools: ToolDef[] = [];
  rawTools: ToolDef[] | null = null;
  connectMs: number | null = null;
  lastError: string | null = null;
  snapshotDiff: ToolDiff | null = null;
  readonly stderr: LineRing;
  readonly traffic: Ring<TrafficRecord>;
  readonly sem: Semaphore;
  idleTimer: TimerHandle | null = null;
  lastUsed = 0;
  retryTimer: TimerHandle | null = null;
  backoffStep = 0;
  inFlight = 0;
  /** The session died while calls were in flight: they decide (CONN-6), the last one records it. */
  lostWhileBusy: string | null = null;
  /** Bumped when the spec changes or the server goes away: late completions are ignored. */
  generation = 0;

  constructor(
    public spec: ConnectionSpec,
    public specKey: string,
    now: number,
    opts: { concurrency: number; stderrLines: number; trafficEntries: number },
  ) {
    this.state = { kind: 'pending', reason: 'not connected yet (connects on first use or discovery)', since: now };
    this.stderr = new LineRing(opts.stderrLines);
    this.traffic = new Ring(opts.trafficEntries);
    this.sem = new Semaphore(opts.concurrency);
  }

  get id(): string {
    return this.spec.id;
  }

  get live(): boolean {
    return this.session !== null && !this.session.closed;
  }

  cancelTimers(): void {
    this.idleTimer?.cancel();
    this.idleTimer = null;
    this.retryTimer?.cancel();
    this.retryTimer = null;
  }
}
