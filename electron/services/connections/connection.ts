// One configured server's connection, modelled on VS Code's McpServerConnection: it owns its
// state machine (CONN-5: pending → connected | failed | needs-auth, and back through reconnect),
// its session and start attempts, the retry backoff after a failure (CONN-6) and the idle close
// (CONN-2). The pool (pool.ts) is a registry of these plus the discovery fan-out.
import type { ConnectionSpec, ServerState, ToolDef } from '../../../shared/schemas/server';
import { type Attempt, type OwnAttempt, startAttempt } from './attempt';
import { callWithRetry } from './call';
import type { TypedEmitter } from './emitter';
import { classify, errorMessage, ReasonError, type Why } from './errors';
import type { LostCode } from '../mcp/types';
import { describeReason } from '../../../shared/i18n/reasons';
import { applyLimits } from './limits';
import { describeRejected } from '../mcp/list-tools';
import { type ResolvedPoolOptions, startupTimeoutMs } from './options';
import { LineRing, Ring } from '../mcp/ring';
import { Backoff, IdleCloser } from './schedules';
import { Semaphore } from './semaphore';
import type { EraVerdicts } from '../mcp/eras';
import type { Session } from '../mcp/session';
import { type SnapshotStore, canonicalJson, isEmptyDiff, specFingerprint } from './snapshots';
import { type TrafficRecord, materialize } from '../mcp/traffic';
import { ownFindingCount } from '../../../shared/trust/own';
import type { CallOptions, ConvertedResult, Logger, PoolEvents, ServerInfo, ToolDiff } from './types';
import { pinOf } from './pins';
import { watchSkills } from './skills-watch';
import type { SkillPins } from './skill-pins';

/** What a connection shares with the other connections of its pool. */
export interface ConnectionContext {
  readonly options: ResolvedPoolOptions;
  /** CONN-3: bounded stdio starts, so a start storm does not eat everyone's budget. */
  readonly stdioSlots: Semaphore;
  readonly snapshots: SnapshotStore;
  /** SKILL-2: approvals of servers' skills, by server identity (absent: skills are not watched). */
  readonly skillPins?: SkillPins;
  /** PROTO-1: stdio era verdicts, probed once per server identity. */
  readonly verdicts: EraVerdicts;
  readonly events: TypedEmitter<PoolEvents>;
  readonly log: Logger;
  /** CONN-8 plugin rule: tools the pool's other connected servers already hold. */
  toolsElsewhere(self: McpConnection): number;
}

export class McpConnection {
  private current: ServerState;
  private session: Session | null = null;
  private attempt: OwnAttempt | null = null;
  /** Tools after the limits (what the agent sees); the raw list is what the snapshot records. */
  private toolList: ToolDef[] = [];
  private listed = false;
  private connectedIn: number | null = null;
  /** CONN-3: the first tools/list over the current session (ms): what an agent's cold discovery adds to the connect. */
  private firstListIn: number | null = null;
  private error: string | null = null;
  private diff: ToolDiff | null = null;
  private skills: ServerInfo['skills'] = null;
  private readonly stderr: LineRing;
  private readonly traffic: Ring<TrafficRecord>;
  private readonly calls: Semaphore;
  private readonly idle: IdleCloser;
  private readonly backoff: Backoff;
  private inFlight = 0;
  /** The session died while calls were in flight: they decide (CONN-6), the last one records it. */
  private lostWhileBusy: ReasonError | null = null;
  /** Set once by stop(): a changed spec gets a new connection, this one never starts again. */
  private stopped = false;

  constructor(
    readonly spec: ConnectionSpec,
    /** canonicalJson(spec): setServers compares it to tell a changed server (CFG-9). */
    readonly specKey: string,
    private readonly ctx: ConnectionContext,
  ) {
    const o = ctx.options;
    this.current = { kind: 'pending', code: 'not_connected', reason: '', since: o.clock.now() };
    this.stderr = new LineRing(o.stderrLines);
    this.traffic = new Ring(o.trafficEntries);
    this.calls = new Semaphore(o.concurrency);
    this.backoff = new Backoff(o.clock, o.backoffMs);
    this.idle = new IdleCloser(o.clock, o.idleMs, { live: () => this.live, busy: () => this.inFlight > 0, close: () => this.closeIdle() });
  }

  get id(): string {
    return this.spec.id;
  }
  get name(): string {
    return this.spec.name;
  }
  get state(): ServerState {
    return this.current;
  }
  get tools(): ToolDef[] {
    return this.toolList;
  }
  get lastError(): string | null {
    return this.error;
  }
  /** Time the last connect took (CONN-10). */
  get connectMs(): number | null {
    return this.connectedIn;
  }
  get snapshotDiff(): ToolDiff | null {
    return this.diff;
  }
  get currentSession(): Session | null {
    return this.session;
  }
  get pingTimeoutMs(): number {
    return this.ctx.options.pingTimeoutMs;
  }
  get live(): boolean {
    return this.session !== null && !this.session.closed;
  }
  /** In use: after a spec change its successor connects at once instead of at the next round. */
  get inUse(): boolean {
    return this.live || this.current.kind === 'connected' || this.current.kind === 'failed';
  }
  /** Connected with a listed tool set: listTools can answer without connecting. */
  get ready(): boolean {
    return this.current.kind === 'connected' && this.listed;
  }

  info(): ServerInfo {
    return {
      state: this.current,
      connectMs: this.connectedIn,
      toolCount: this.toolList.length,
      lastError: this.error,
      stderrTail: this.stderr.lines(),
      traffic: this.traffic.toArray().map((t) => materialize(t)),
      live: this.live,
      pid: this.live ? (this.session?.pid ?? null) : null,
      snapshotDiff: this.diff,
      findings: ownFindingCount(this.toolList),
      skills: this.skills,
    };
  }

  snapshotAccepted(): void {
    this.diff = null;
  }

  skillsAccepted(): void {
    if (this.skills) this.skills = { ...this.skills, changed: false };
  }

  // ---- starting -------------------------------------------------------------------------

  /** The live session, the one being opened, or a new attempt (lazy connect, CONN-2). */
  start(): Promise<Session> {
    const s = this.openSession();
    return s ? Promise.resolve(s) : this.stopped ? Promise.reject(new Error('the connection was stopped')) : this.begin().done;
  }

  /** The live session when there is one: a call over it needs no turn of the queue (start). */
  openSession(): Session | null {
    return !this.stopped && this.live ? this.session : null;
  }

  /** The attempt in progress, or a new one. */
  begin(): Attempt {
    return this.attempt ?? this.newAttempt();
  }

  /** Lists the tools again over the live session (a discovery round over a connected server). */
  refresh(): Promise<void> {
    const s = this.session;
    if (!s || s.closed) return this.start().then(() => undefined);
    return this.listTools(s).catch((err: unknown) => {
      this.fail(err);
      throw err;
    });
  }

  private newAttempt(): OwnAttempt {
    const owner = {
      spec: this.spec,
      stderr: this.stderr,
      traffic: this.traffic,
      isStopped: () => this.stopped,
      opened: (s: Session, connectMs: number) => this.opened(s, connectMs),
      lost: (s: Session, why: LostCode) => this.sessionLost(s, why),
      ended: (attempt: OwnAttempt) => {
        if (this.attempt === attempt) this.attempt = null;
      },
      failed: (err: unknown) => this.fail(err),
      listChanged: (list: 'tools' | 'prompts' | 'resources') => this.listChanged(list),
    };
    this.attempt = startAttempt(owner, this.ctx);
    return this.attempt;
  }

  /** PROTO-2: a changed tool list is listed again (and checked against the snapshot, CONN-11). */
  private listChanged(list: 'tools' | 'prompts' | 'resources'): void {
    if (this.stopped) return;
    if (list !== 'tools') return this.ctx.events.emit('listChanged', this.id, list);
    if (this.ready) this.refresh().catch(() => undefined);
  }

  private async opened(s: Session, connectMs: number): Promise<void> {
    this.session = s;
    this.lostWhileBusy = null;
    this.connectedIn = connectMs;
    this.firstListIn = null;
    await this.listTools(s, true);
  }

  /** Lists tools (all pages), applies CONN-8 limits, records the snapshot (CONN-11). */
  private async listTools(s: Session, first = false): Promise<void> {
    const started = performance.now();
    const { tools: raw, rejected } = await s.listTools(startupTimeoutMs(this.spec, this.ctx.options));
    if (first) this.firstListIn = Math.round(performance.now() - started);
    if (this.stopped) return;
    const limited = applyLimits(this.spec.name, raw, this.spec.limits, this.ctx.toolsElsewhere(this));
    if (!limited.ok) {
      this.toolList = [];
      this.listed = false;
      await this.closeSession();
      throw new ReasonError('too_many_tools', limited.error);
    }
    const before = canonicalJson(this.toolList);
    this.toolList = limited.tools;
    this.listed = true;
    this.backoff.reset();
    this.error = describeRejected(rejected);
    try {
      const { diff } = await this.ctx.snapshots.record(this.id, raw, specFingerprint(this.spec), pinOf(this.spec));
      this.diff = isEmptyDiff(diff) ? null : diff;
      if (this.diff) this.ctx.events.emit('snapshotChanged', this.id, this.diff);
    } catch (err) {
      this.ctx.log({ level: 'warn', module: 'mcp', action: 'mcp_snapshot_write_failed', server: this.spec.name, error: errorMessage(err) });
    }
    this.skills = await watchSkills(s, this.spec, this.ctx.skillPins, startupTimeoutMs(this.spec, this.ctx.options)).catch((err: unknown) => {
      this.ctx.log({ level: 'warn', module: 'mcp', action: 'mcp_skills_list_failed', server: this.spec.name, error: errorMessage(err) });
      return null;
    });
    if (this.stopped) return;
    this.setState({
      kind: 'connected',
      code: 'connected',
      reason: '',
      since: this.now(),
      toolCount: this.toolList.length,
      connectMs: this.connectedIn ?? 0,
      ...(this.firstListIn !== null ? { listMs: this.firstListIn } : {}),
      era: s.era,
      ...(s.protocolVersion ? { protocolVersion: s.protocolVersion } : {}),
    });
    if (before !== canonicalJson(this.toolList)) this.ctx.events.emit('toolsChanged', this.id, this.toolList);
    this.idle.touch();
  }

  // ---- using ----------------------------------------------------------------------------

  /** One tool call (CONN-2 queue, CONN-6 fault handling); every outcome is a result (CONN-9). */
  async call(tool: string, args: Record<string, unknown>, opts: CallOptions): Promise<ConvertedResult> {
    const release = this.calls.tryAcquire() ?? (await this.calls.acquire());
    this.inFlight++;
    try {
      const timeout = opts.timeoutMs ?? this.spec.callTimeoutMs ?? this.ctx.options.callTimeoutMs;
      return await callWithRetry(this, tool, args, timeout, opts);
    } finally {
      this.inFlight--;
      release();
      if (!this.stopped) {
        if (this.live) this.idle.touch();
        else if (this.inFlight === 0 && this.lostWhileBusy && !this.attempt) this.fail(this.lostWhileBusy);
      }
    }
  }

  /**
   * One inspector request (ping, resources, prompts: issue 14) over the live session, connecting
   * on first use (CONN-2) and counted as in flight so the idle close waits for it. No retry:
   * the page shows the error and the user asks again.
   */
  async request<T>(fn: (s: Session) => Promise<T>): Promise<T> {
    const release = await this.calls.acquire();
    this.inFlight++;
    try {
      return await fn(await this.start());
    } finally {
      this.inFlight--;
      release();
      if (!this.stopped && this.live) this.idle.touch();
    }
  }

  /** Closes `s` if it is still the current session (a call found it dead, CONN-6). */
  async drop(s: Session): Promise<void> {
    if (this.session === s) await this.closeSession();
  }

  needsAuth(reason: string): void {
    this.setState({ kind: 'needs-auth', code: 'auth_required', reason, since: this.now() });
  }

  /** Closes and reopens the session, then lists its tools. */
  /**
   * Closes the session and connects again. An attempt under way is joined, unless `fresh`: then it
   * gives way, as it was started with what was known then (the era chosen, PROTO-1; the tokens
   * before a login).
   */
  async reconnect(fresh = false): Promise<ServerState> {
    if (this.stopped) return this.current;
    this.cancelTimers();
    this.backoff.reset();
    const stale = fresh ? this.attempt : null;
    stale?.abort();
    await stale?.done.catch(() => undefined);
    await this.closeSession();
    this.setState({ kind: 'pending', code: 'reconnecting', reason: '', since: this.now() });
    await this.start().catch(() => undefined);
    return this.current;
  }

  /** A discovery round stopped waiting (CONN-3): no tools this round, the attempt goes on. */
  missedBudget(code: 'discovery_timeout' | 'command_timeout' | 'own_timeout', ms: number): void {
    const state: ServerState = { kind: 'failed', code, params: { ms }, reason: '', since: this.now(), retryAt: null };
    this.error = describeReason('en', state);
    this.setState(state);
  }

  /** Stops for good: timers, the attempt, the session. Resolves once every child is reaped. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelTimers();
    const attempt = this.attempt;
    attempt?.abort();
    await Promise.all([this.closeSession(), attempt?.done.catch(() => undefined)]);
    this.cancelTimers();
  }

  // ---- failures, backoff, idle ------------------------------------------------------------

  private sessionLost(s: Session, code: LostCode): void {
    if (this.session !== s) return;
    this.session = null;
    const tail = this.stderr.lines().at(-1);
    const lost = new ReasonError(code, tail ? `last stderr line: ${tail.slice(0, 200)}` : '');
    // A call in flight handles it (CONN-6); otherwise the server is failed and retried later.
    if (this.inFlight > 0) this.lostWhileBusy = lost;
    else this.fail(lost);
  }

  private fail(err: unknown): void {
    if (this.stopped) return;
    this.lostWhileBusy = null;
    const message = errorMessage(err);
    const why = classify(err);
    this.error = message;
    void this.closeSession();
    if (why.code === 'auth_required') this.setState({ kind: 'needs-auth', ...why, since: this.now() });
    else this.scheduleRetry(why);
    this.ctx.log({ level: 'error', module: 'app', action: 'mcp_server_connect_failed', server: this.spec.name, error: message });
  }

  private scheduleRetry(why: Why): void {
    const retryAt = this.backoff.schedule(() => {
      if (!this.stopped && !this.live && !this.attempt) this.start().catch(() => undefined);
    });
    this.setState({ kind: 'failed', ...why, since: this.now(), retryAt });
  }

  private closeIdle(): void {
    if (this.current.kind === 'connected') {
      const params = { seconds: Math.round(this.idle.idleMs / 1000) };
      this.setState({ ...this.current, code: 'idle_closed', params, reason: '', since: this.now() });
    }
    void this.closeSession();
  }

  private async closeSession(): Promise<void> {
    const s = this.session;
    this.session = null;
    if (s) await s.close().catch(() => undefined);
  }

  private cancelTimers(): void {
    this.idle.cancel();
    this.backoff.cancel();
  }

  private setState(state: ServerState): void {
    this.current = state;
    if (state.kind !== 'failed') this.backoff.cancel();
    this.ctx.events.emit('stateChanged', this.id, state);
  }

  private now(): number {
    return this.ctx.options.clock.now();
  }
}
