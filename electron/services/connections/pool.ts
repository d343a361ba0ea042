// The connection pool (CONN-2 … CONN-11): lazy sessions per configured server, per-connection
// semaphore, idle close, discovery rounds with budgets, CONN-6 fault handling, backoff, states
// and the events the UI and tray subscribe to. Everything goes through the official SDK.
import { cpus } from 'node:os';
import type { ConnectionSpec, ServerState, ToolDef } from '../../../shared/schemas/server';
import { type Clock, realClock } from './clock';
import { TypedEmitter } from './emitter';
import { Entry, type Attempt } from './entry';
import { errorMessage, isAuthError } from './errors';
import { applyLimits } from './limits';
import { listAllTools } from './list-tools';
import { errorResult } from './results';
import { Semaphore } from './semaphore';
import { type Session, openSession } from './session';
import { SnapshotStore, canonicalJson, isEmptyDiff } from './snapshots';
import { type CallHost, callWithRetry } from './call';
import { discoverOne } from './discovery';
import { materialize } from './traffic';
import type {
  CallOptions,
  ConvertedResult,
  DisabledServer,
  DiscoverOptions,
  DiscoveryResult,
  DiscoveryRound,
  Logger,
  PoolEvents,
  PoolOptions,
  ServerInfo,
  SetServersResult,
} from './types';

type Resolved = Required<Omit<PoolOptions, 'logger' | 'workspaceRoot' | 'authProvider' | 'injectEnv' | 'fetch'>> & PoolOptions;

const MINUTE = 60_000;

export class ConnectionPool {
  readonly snapshots: SnapshotStore;
  private readonly o: Resolved;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly entries = new Map<string, Entry>();
  private readonly emitter = new TypedEmitter<PoolEvents>();
  /** CONN-3: bounded stdio starts so contention does not eat everyone's budget. */
  readonly stdioSlots: Semaphore;
  private readonly aborts = new Map<Attempt, AbortController>();
  private disposed = false;

  constructor(options: PoolOptions) {
    this.o = {
      clock: realClock,
      idleMs: 15 * MINUTE, // CONN-2
      concurrency: 5, // CONN-2
      callTimeoutMs: 120_000, // CONN-2
      stdioStartConcurrency: Math.max(2, 2 * cpus().length), // CONN-3, issue 3 measurements
      remoteBudgetMs: 2_000, // CONN-3
      stdioBudgetMs: 15_000, // CONN-3
      startupTimeoutMs: 30_000, // kimi default startup timeout
      backoffMs: [10_000, 30_000, 60_000, 120_000, 300_000], // CONN-6
      pingTimeoutMs: 5_000, // CONN-6
      stderrLines: 200,
      trafficEntries: 300,
      killGraceMs: 2_000,
      ...stripUndefined(options),
      dataDir: options.dataDir,
      env: options.env,
    };
    this.clock = this.o.clock;
    this.log = options.logger ?? (() => undefined);
    this.snapshots = new SnapshotStore(this.o.dataDir, () => this.clock.now());
    this.stdioSlots = new Semaphore(this.o.stdioStartConcurrency);
  }

  // ---- configuration ------------------------------------------------------------------

  /** Applies a new config (CFG-9): only changed servers reconnect; missing ones become `removed`. */
  setServers(specs: ConnectionSpec[], opts: { disabled?: DisabledServer[] } = {}): SetServersResult {
    const res: SetServersResult = { added: [], changed: [], removed: [], unchanged: [] };
    const seen = new Set<string>();
    for (const spec of specs) {
      seen.add(spec.id);
      const key = canonicalJson(spec);
      const e = this.entries.get(spec.id);
      if (!e || e.state.kind === 'removed' || e.state.kind === 'disabled') {
        if (e) this.retire(e);
        this.entries.set(spec.id, this.newEntry(spec, key));
        res.added.push(spec.id);
      } else if (e.specKey === key) {
        res.unchanged.push(spec.id);
      } else {
        const wasActive = e.live || e.state.kind === 'connected' || e.state.kind === 'failed';
        this.retire(e);
        const fresh = this.newEntry(spec, key);
        this.entries.set(spec.id, fresh);
        res.changed.push(spec.id);
        // A server that was in use reconnects now so its tools update without a round.
        if (wasActive) this.ensureSession(fresh).catch(() => undefined);
      }
    }
    for (const d of opts.disabled ?? []) {
      seen.add(d.id);
      const e = this.entries.get(d.id);
      if (e?.state.kind === 'disabled') continue;
      if (e) this.retire(e);
      const stub = this.newEntry(
        { id: d.id, name: d.name, profile: 'minimax', layer: 'user', source: 'configured', transport: 'stdio', args: [], env: {}, headers: {}, limits: {}, dropHeadersOnCrossOriginRedirect: true },
        '',
      );
      stub.state = { kind: 'disabled', reason: d.reason, since: this.clock.now() };
      this.entries.set(d.id, stub);
    }
    for (const e of this.entries.values()) {
      if (seen.has(e.id) || e.state.kind === 'removed') continue;
      this.retire(e);
      e.tools = [];
      this.setState(e, { kind: 'removed', reason: 'removed from the configuration', since: this.clock.now() });
      res.removed.push(e.id);
    }
    for (const e of this.entries.values()) if (res.added.includes(e.id) || res.changed.includes(e.id)) this.emitter.emit('stateChanged', e.id, e.state);
    return res;
  }

  private newEntry(spec: ConnectionSpec, key: string): Entry {
    return new Entry(spec, key, this.clock.now(), this.o);
  }

  /** Stops everything an entry runs: timers, attempt, session (in the background). */
  private retire(e: Entry): void {
    e.generation++;
    e.cancelTimers();
    if (e.attempt) this.aborts.get(e.attempt)?.abort();
    void this.closeSession(e);
  }

  // ---- queries --------------------------------------------------------------------------

  ids(): string[] {
    return [...this.entries.keys()];
  }

  spec(id: string): ConnectionSpec | undefined {
    return this.entries.get(id)?.spec;
  }

  state(id: string): ServerState | undefined {
    return this.entries.get(id)?.state;
  }

  info(id: string): ServerInfo | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    return {
      state: e.state,
      connectMs: e.connectMs,
      toolCount: e.tools.length,
      lastError: e.lastError,
      stderrTail: e.stderr.lines(),
      traffic: e.traffic.toArray().map((t) => materialize(t)),
      live: e.live,
      pid: e.live ? (e.session?.pid ?? null) : null,
      snapshotDiff: e.snapshotDiff,
    };
  }

  on<K extends keyof PoolEvents>(event: K, fn: PoolEvents[K]): () => void {
    return this.emitter.on(event, fn);
  }

  // ---- discovery (CONN-3) -------------------------------------------------------------------

  async discover(opts: DiscoverOptions = {}): Promise<DiscoveryRound> {
    const started = performance.now();
    const wanted = opts.ids ? new Set(opts.ids) : null;
    const entries = [...this.entries.values()].filter((e) => e.state.kind !== 'removed' && (!wanted || wanted.has(e.id)));
    const servers = await Promise.all(
      entries.map(async (e): Promise<DiscoveryResult> => {
        const r = await discoverOne(this.discoveryHost, e);
        try {
          opts.onResult?.(e.id, r);
        } catch {
          /* a listener's bug is not the round's */
        }
        return r;
      }),
    );
    const initialLoadDurationMs = Math.round(performance.now() - started);
    // CONN-10 (seed 001): one line listing connected servers and their tool counts.
    this.log({
      level: 'info',
      module: 'app',
      action: 'mcp_initialized',
      servers: servers.filter((s) => s.state.kind === 'connected').map((s) => ({ name: s.name, toolCount: s.tools.length })),
      initialLoadDurationMs,
    });
    return { initialLoadDurationMs, servers };
  }

  /** What discovery.ts needs from the pool, without exposing internals publicly. */
  private get discoveryHost() {
    return {
      clock: this.clock,
      budgetFor: (spec: ConnectionSpec) =>
        Math.min(
          spec.transport === 'stdio' ? this.o.stdioBudgetMs : this.o.remoteBudgetMs,
          spec.startupTimeoutMs ?? Infinity,
          spec.callTimeoutMs ?? Infinity,
        ),
      startAttempt: (e: Entry) => e.attempt ?? this.startAttempt(e),
      refresh: (e: Entry, s: Session) =>
        this.refreshTools(e, s, this.o.startupTimeoutMs).catch((err: unknown) => {
          this.recordFailure(e, err);
          throw err;
        }),
      missedBudget: (e: Entry, budgetMs: number) => {
        e.lastError = `did not answer within its ${budgetMs} ms discovery budget; tried again next round`;
        this.setState(e, { kind: 'failed', reason: e.lastError, since: this.clock.now(), retryAt: null });
      },
    };
  }

  /** Tools of one server; connects on first use (CONN-2). Throws when it cannot connect. */
  async listTools(id: string): Promise<ToolDef[]> {
    const e = this.entries.get(id);
    if (!e) throw new Error(`unknown server "${id}"`);
    if (e.state.kind === 'removed' || e.state.kind === 'disabled') return [];
    if (e.state.kind === 'connected' && e.rawTools) return e.tools;
    await this.ensureSession(e);
    return e.tools;
  }

  /** Closes and reopens one server's session, then lists its tools. */
  async reconnect(id: string): Promise<ServerState | undefined> {
    const e = this.entries.get(id);
    if (!e || e.state.kind === 'removed' || e.state.kind === 'disabled') return e?.state;
    e.cancelTimers();
    e.backoffStep = 0;
    await this.closeSession(e);
    this.setState(e, { kind: 'pending', reason: 'reconnecting', since: this.clock.now() });
    await this.ensureSession(e).catch(() => undefined);
    return e.state;
  }

  async acceptSnapshot(id: string): Promise<string | null> {
    const sha = await this.snapshots.accept(id);
    const e = this.entries.get(id);
    if (e) e.snapshotDiff = null;
    return sha;
  }

  // ---- calls (CONN-2, CONN-6, CONN-9) --------------------------------------------------------

  async callTool(id: string, toolName: string, args: Record<string, unknown> = {}, opts: CallOptions = {}): Promise<ConvertedResult> {
    const e = this.entries.get(id);
    if (!e) return errorResult('unknown-server', `Unknown MCP server "${id}".`);
    if (e.state.kind === 'removed') {
      // CONN-5: tell the caller (often a model) to stop trying.
      return errorResult('server-removed', `MCP server "${e.spec.name}" was removed from the configuration; its tool "${toolName}" no longer exists. Do not call it again.`);
    }
    if (e.state.kind === 'disabled') return errorResult('server-disabled', `MCP server "${e.spec.name}" is disabled (${e.state.reason}); its tools cannot be called.`);
    const release = await e.sem.acquire();
    e.inFlight++;
    try {
      const timeout = opts.timeoutMs ?? e.spec.callTimeoutMs ?? this.o.callTimeoutMs;
      return await callWithRetry(this.callHost, e, toolName, args, timeout, opts.signal);
    } finally {
      e.inFlight--;
      release();
      if (!this.disposed) {
        if (e.live) this.touch(e);
        else if (e.inFlight === 0 && e.lostWhileBusy && !e.attempt) this.recordFailure(e, new Error(e.lostWhileBusy));
      }
    }
  }

  private get callHost(): CallHost {
    return {
      ensureSession: (e) => this.ensureSession(e),
      closeSession: (e) => this.closeSession(e),
      pingTimeoutMs: this.o.pingTimeoutMs,
      needsAuth: (e, reason) => this.setState(e, { kind: 'needs-auth', reason, since: this.clock.now() }),
    };
  }

  // ---- sessions ---------------------------------------------------------------------------

  /** The live session, or the one being opened, or a new attempt (lazy connect, CONN-2). */
  private ensureSession(e: Entry): Promise<Session> {
    if (this.disposed) return Promise.reject(new Error('the connection pool was disposed'));
    if (e.live && e.session) return Promise.resolve(e.session);
    return (e.attempt ?? this.startAttempt(e)).done;
  }

  private startAttempt(e: Entry): Attempt {
    const gen = e.generation;
    const spec = e.spec;
    const abort = new AbortController();
    let releaseStart: (() => void) | null = null;
    let slotGiven = false;
    let markStarted!: () => void;
    const started = new Promise<void>((r) => (markStarted = r));
    const releaseSlot = () => {
      slotGiven = true;
      releaseStart?.();
    };
    const current = () => !this.disposed && gen === e.generation && !abort.signal.aborted;
    const run = async (): Promise<Session> => {
      if (spec.transport === 'stdio') {
        const r = await this.stdioSlots.acquire();
        if (slotGiven) r();
        else releaseStart = r;
      }
      markStarted();
      if (!current()) throw new Error('connection attempt cancelled');
      const injected = this.o.injectEnv ? await this.o.injectEnv(spec) : {};
      const authProvider = spec.transport === 'stdio' ? undefined : this.o.authProvider?.(spec);
      const holder: { s: Session | null } = { s: null };
      const session = await openSession(
        spec,
        {
          clock: this.clock,
          env: this.o.env,
          injected,
          ...(this.o.workspaceRoot ? { workspaceRoot: this.o.workspaceRoot } : {}),
          ...(authProvider ? { authProvider } : {}),
          ...(this.o.fetch ? { fetch: this.o.fetch } : {}),
          stderr: e.stderr,
          traffic: e.traffic,
          killGraceMs: this.o.killGraceMs,
          dataDir: this.o.dataDir, // SEC-7: stdio groups recorded for the start-up sweep
          signal: abort.signal,
          onUnexpectedClose: (why) => {
            if (holder.s) this.sessionLost(e, holder.s, why);
          },
        },
        spec.startupTimeoutMs ?? this.o.startupTimeoutMs,
      );
      releaseSlot();
      if (!current()) {
        await session.close();
        throw new Error('connection attempt cancelled');
      }
      holder.s = session;
      e.session = session;
      e.lostWhileBusy = null;
      e.connectMs = session.connectMs;
      await this.refreshTools(e, session, spec.startupTimeoutMs ?? this.o.startupTimeoutMs);
      return session;
    };
    const attempt: Attempt = { started, releaseSlot, done: Promise.resolve() as unknown as Promise<Session> };
    attempt.done = run().then(
      (s) => {
        this.finishAttempt(e, attempt);
        return s;
      },
      (err: unknown) => {
        this.finishAttempt(e, attempt);
        markStarted();
        if (gen === e.generation && !this.disposed && !abort.signal.aborted) this.recordFailure(e, err);
        throw err;
      },
    );
    attempt.done.catch(() => undefined);
    this.aborts.set(attempt, abort);
    e.attempt = attempt;
    return attempt;
  }

  private finishAttempt(e: Entry, a: Attempt): void {
    a.releaseSlot();
    this.aborts.delete(a);
    if (e.attempt === a) e.attempt = null;
  }

  /** Lists tools (all pages), applies CONN-8 limits, records the snapshot (CONN-11). */
  private async refreshTools(e: Entry, s: Session, timeoutMs: number): Promise<void> {
    const gen = e.generation;
    const raw = await listAllTools(s.client, timeoutMs);
    if (gen !== e.generation) return;
    const others = [...this.entries.values()]
      .filter((o) => o !== e && o.spec.limits.pluginCaps && o.state.kind === 'connected')
      .reduce((n, o) => n + o.tools.length, 0);
    const limited = applyLimits(e.spec.name, raw, e.spec.limits, others);
    if (!limited.ok) {
      e.tools = [];
      e.rawTools = null;
      await this.closeSession(e);
      throw new Error(limited.error);
    }
    const before = canonicalJson(e.tools);
    e.rawTools = raw;
    e.tools = limited.tools;
    e.backoffStep = 0;
    e.lastError = null;
    try {
      const { diff } = await this.snapshots.record(e.id, raw);
      e.snapshotDiff = isEmptyDiff(diff) ? null : diff;
      if (e.snapshotDiff) this.emitter.emit('snapshotChanged', e.id, e.snapshotDiff);
    } catch (err) {
      this.log({ level: 'warn', module: 'mcp', action: 'mcp_snapshot_write_failed', server: e.spec.name, error: errorMessage(err) });
    }
    if (gen !== e.generation) return;
    this.setState(e, { kind: 'connected', reason: 'connected', since: this.clock.now(), toolCount: e.tools.length, connectMs: e.connectMs ?? 0 });
    if (before !== canonicalJson(e.tools)) this.emitter.emit('toolsChanged', e.id, e.tools);
    this.touch(e);
  }

  private sessionLost(e: Entry, s: Session, why: string): void {
    if (e.session !== s) return;
    e.session = null;
    const tail = e.stderr.lines().at(-1);
    const reason = tail ? `${why}; last stderr line: ${tail.slice(0, 200)}` : why;
    // A call in flight handles it (CONN-6); otherwise the server is failed and retried later.
    if (e.inFlight > 0) e.lostWhileBusy = reason;
    else this.recordFailure(e, new Error(reason));
  }

  private recordFailure(e: Entry, err: unknown): void {
    if (this.disposed || e.state.kind === 'removed' || e.state.kind === 'disabled') return;
    e.lostWhileBusy = null;
    const message = errorMessage(err);
    e.lastError = message;
    void this.closeSession(e);
    if (isAuthError(err)) {
      this.setState(e, { kind: 'needs-auth', reason: `the server answered 401: ${message}`, since: this.clock.now() });
    } else {
      this.scheduleRetry(e, message);
    }
    this.log({ level: 'error', module: 'app', action: 'mcp_server_connect_failed', server: e.spec.name, error: message });
  }

  /** CONN-6: failed servers retry after 10, 30, 60, 120, 300, 300 … s. */
  private scheduleRetry(e: Entry, reason: string): void {
    e.retryTimer?.cancel();
    const delay = this.o.backoffMs[Math.min(e.backoffStep, this.o.backoffMs.length - 1)] ?? 300_000;
    e.backoffStep++;
    const retryAt = this.clock.now() + delay;
    this.setState(e, { kind: 'failed', reason, since: this.clock.now(), retryAt });
    e.retryTimer = this.clock.setTimeout(() => {
      e.retryTimer = null;
      if (this.disposed || e.live || e.attempt) return;
      this.ensureSession(e).catch(() => undefined);
    }, delay);
  }

  /**
   * CONN-2: close after idleMs without use; the next use reconnects. One timer per server
   * that re-arms for the remaining time, so a call costs no timer churn.
   */
  private touch(e: Entry): void {
    e.lastUsed = this.clock.now();
    if (!e.idleTimer) this.armIdle(e, this.o.idleMs);
  }

  private armIdle(e: Entry, ms: number): void {
    e.idleTimer = this.clock.setTimeout(() => {
      e.idleTimer = null;
      if (!e.live) return;
      const idleFor = this.clock.now() - e.lastUsed;
      if (e.inFlight > 0) return this.armIdle(e, this.o.idleMs);
      if (idleFor < this.o.idleMs) return this.armIdle(e, this.o.idleMs - idleFor);
      if (e.state.kind === 'connected') {
        this.setState(e, { ...e.state, reason: `idle for ${Math.round(this.o.idleMs / 1000)} s: connection closed, reopens on first use`, since: this.clock.now() });
      }
      void this.closeSession(e);
    }, ms);
  }

  private async closeSession(e: Entry): Promise<void> {
    const s = e.session;
    e.session = null;
    if (s) await s.close().catch(() => undefined);
  }

  private setState(e: Entry, state: ServerState): void {
    e.state = state;
    if (state.kind !== 'failed') e.retryTimer?.cancel();
    this.emitter.emit('stateChanged', e.id, state);
  }

  /** Kills and reaps every child, closes every socket, cancels every timer. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    const attempts: Promise<unknown>[] = [];
    for (const e of this.entries.values()) {
      e.cancelTimers();
      if (e.attempt) {
        this.aborts.get(e.attempt)?.abort();
        attempts.push(e.attempt.done.catch(() => undefined));
      }
    }
    await Promise.all([...[...this.entries.values()].map((e) => this.closeSession(e)), ...attempts]);
    for (const e of this.entries.values()) e.cancelTimers();
    await this.snapshots.flush().catch(() => undefined);
    this.emitter.clear();
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
