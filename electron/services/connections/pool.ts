// The connection pool (CONN-2 … CONN-11): a registry of one McpConnection per runnable server
// (connection.ts owns each one's state machine, session, backoff and idle close), plain records
// for the servers that do not run (disabled, untrusted, removed: CONN-5), the discovery fan-out
// (CONN-3, CONN-10) and the events the UI and tray subscribe to.
import type { ConnectionSpec, ServerState, ToolDef } from '../../../shared/schemas/server';
import type { Clock } from '../mcp/clock';
import { type ConnectionContext, McpConnection } from './connection';
import { type Settle, discoverOne, discoveryResult } from './discovery';
import { TypedEmitter } from './emitter';
import { type ResolvedPoolOptions, discoveryBudgetMs, resolvePoolOptions } from './options';
import { describeReason } from '../../../shared/i18n/reasons';
import { errorResult } from './results';
import { Semaphore } from './semaphore';
import type { Session } from '../mcp/session';
import { SnapshotStore, canonicalJson } from './snapshots';
import { EraVerdictFile } from './era-verdicts';
import { pinOf } from './pins';
import { SkillPins } from './skill-pins';
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

/** A configured server that does not run: a plain record, never a spec (CONN-5). */
type Inert = Pick<McpConnection, 'id' | 'name' | 'state'>;
type Server = McpConnection | Inert;

const isConnection = (s: Server | undefined): s is McpConnection => s instanceof McpConnection;

/** CONN-5: what a call of a server that does not run answers. */
function refusal(s: Inert, toolName: string): ConvertedResult {
  if (s.state.kind === 'removed') {
    return errorResult('server-removed', `MCP server "${s.name}" was removed from the configuration; its tool "${toolName}" no longer exists. Do not call it again.`);
  }
  return errorResult('server-disabled', `MCP server "${s.name}" is disabled (${describeReason('en', s.state)}); its tools cannot be called.`);
}

export class ConnectionPool {
  readonly snapshots: SnapshotStore;
  /** CONN-3: bounded stdio starts so contention does not eat everyone's budget. */
  readonly stdioSlots: Semaphore;
  private readonly o: ResolvedPoolOptions;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly servers = new Map<string, Server>();
  private readonly events = new TypedEmitter<PoolEvents>();
  /** Connections replaced or removed, still reaping their children (dispose waits for them). */
  private readonly retiring = new Set<Promise<void>>();
  private readonly ctx: ConnectionContext;
  private disposed = false;

  constructor(options: PoolOptions) {
    this.o = resolvePoolOptions(options);
    this.clock = this.o.clock;
    this.log = options.logger ?? (() => undefined);
    this.snapshots = new SnapshotStore(this.o.dataDir, () => this.clock.now());
    this.stdioSlots = new Semaphore(this.o.stdioStartConcurrency);
    this.ctx = {
      options: this.o,
      stdioSlots: this.stdioSlots,
      snapshots: this.snapshots,
      skillPins: new SkillPins(this.o.dataDir),
      verdicts: new EraVerdictFile(this.o.dataDir),
      events: this.events,
      log: this.log,
      toolsElsewhere: (self) => this.connections().reduce((n, c) => (c !== self && c.spec.limits.pluginCaps && c.state.kind === 'connected' ? n + c.tools.length : n), 0),
    };
  }

  // ---- configuration ------------------------------------------------------------------

  /** Applies a new config (CFG-9): only changed servers reconnect; missing ones become `removed`. */
  setServers(specs: ConnectionSpec[], opts: { disabled?: DisabledServer[] } = {}): SetServersResult {
    const res: SetServersResult = { added: [], changed: [], removed: [], unchanged: [] };
    // A reload that read the config before dispose and lands after it (a watcher event in flight)
    // would make connections nothing stops: their children outlived the panel.
    if (this.disposed) return res;
    const seen = new Set<string>();
    const now = this.clock.now();
    for (const spec of specs) {
      seen.add(spec.id);
      const key = canonicalJson(spec);
      const old = this.servers.get(spec.id);
      if (isConnection(old) && old.specKey === key) {
        res.unchanged.push(spec.id);
        continue;
      }
      const fresh = new McpConnection(spec, key, this.ctx);
      this.servers.set(spec.id, fresh);
      if (!isConnection(old)) {
        res.added.push(spec.id);
        continue;
      }
      this.retire(old);
      res.changed.push(spec.id);
      // A server that was in use reconnects now so its tools update without a round.
      if (old.inUse) fresh.start().catch(() => undefined);
    }
    for (const d of opts.disabled ?? []) {
      seen.add(d.id);
      const old = this.servers.get(d.id);
      if (old?.state.kind === 'disabled') continue;
      if (isConnection(old)) this.retire(old);
      this.servers.set(d.id, { id: d.id, name: d.name, state: { kind: 'disabled', code: d.code, reason: d.reason, since: now } });
    }
    for (const s of this.servers.values()) {
      if (seen.has(s.id) || s.state.kind === 'removed') continue;
      if (isConnection(s)) this.retire(s);
      const state: ServerState = { kind: 'removed', code: 'removed', reason: '', since: now };
      this.servers.set(s.id, { id: s.id, name: s.name, state });
      this.events.emit('stateChanged', s.id, state);
      res.removed.push(s.id);
    }
    for (const id of [...res.added, ...res.changed]) this.events.emit('stateChanged', id, this.servers.get(id)!.state);
    return res;
  }

  /** Stops a connection that left the registry; dispose() still waits for its children. */
  private retire(c: McpConnection): void {
    const stopped: Promise<void> = c.stop().finally(() => this.retiring.delete(stopped));
    this.retiring.add(stopped);
  }

  private connections(): McpConnection[] {
    return [...this.servers.values()].filter(isConnection);
  }

  // ---- queries --------------------------------------------------------------------------

  ids(): string[] {
    return [...this.servers.keys()];
  }

  spec(id: string): ConnectionSpec | undefined {
    const s = this.servers.get(id);
    return isConnection(s) ? s.spec : undefined;
  }

  state(id: string): ServerState | undefined {
    return this.servers.get(id)?.state;
  }

  info(id: string): ServerInfo | undefined {
    const s = this.servers.get(id);
    if (!s || isConnection(s)) return s?.info();
    return { state: s.state, connectMs: null, toolCount: 0, lastError: null, stderrTail: [], traffic: [], live: false, pid: null, snapshotDiff: null, findings: 0 };
  }

  on<K extends keyof PoolEvents>(event: K, fn: PoolEvents[K]): () => void {
    return this.events.on(event, fn);
  }

  // ---- discovery (CONN-3, CONN-10) ----------------------------------------------------------

  async discover(opts: DiscoverOptions = {}): Promise<DiscoveryRound> {
    const started = performance.now();
    const wanted = opts.ids ? new Set(opts.ids) : null;
    const settle: Settle | null = opts.settleWithinMs === undefined ? null : { deadline: this.clock.now() + opts.settleWithinMs, totalMs: opts.settleWithinMs };
    const targets = [...this.servers.values()].filter((s) => s.state.kind !== 'removed' && (!wanted || wanted.has(s.id)));
    const servers = await Promise.all(targets.map((s) => this.discoverOne(s, settle, opts)));
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

  private async discoverOne(s: Server, settle: Settle | null, opts: DiscoverOptions): Promise<DiscoveryResult> {
    const r = isConnection(s)
      ? await discoverOne(s, this.clock, discoveryBudgetMs(s.spec, this.o), settle)
      : discoveryResult({ ...s, tools: [], lastError: null, connectMs: null, snapshotDiff: null }, false);
    try {
      opts.onResult?.(s.id, r);
    } catch {
      /* a listener's bug is not the round's */
    }
    return r;
  }

  // ---- one server ---------------------------------------------------------------------------

  /** Tools of one server; connects on first use (CONN-2). Throws when it cannot connect. */
  async listTools(id: string): Promise<ToolDef[]> {
    const s = this.servers.get(id);
    if (!s) throw new Error(`unknown server "${id}"`);
    if (!isConnection(s)) return [];
    if (!s.ready) await s.start();
    return s.tools;
  }

  /** Closes and reopens one server's session, then lists its tools. */
  async reconnect(id: string, fresh = false): Promise<ServerState | undefined> {
    const s = this.servers.get(id);
    return isConnection(s) ? s.reconnect(fresh) : s?.state;
  }

  /** The approval covers every entry running the same server (pins.ts): each of them here stops showing the change. */
  async acceptSnapshot(id: string): Promise<string | null> {
    const sha = await this.snapshots.accept(id);
    // Each row's change flag goes with it: said as a state event, so a page that keeps the
    // latest event per server does not put the old flag back on the list that follows.
    for (const c of this.sameServer(id)) {
      c.snapshotAccepted();
      this.events.emit('stateChanged', c.id, c.state);
    }
    return sha;
  }

  /** SKILL-2: the server's skills were approved (for every entry running it): no row says they changed. */
  skillsAccepted(id: string): void {
    for (const c of this.sameServer(id)) {
      c.skillsAccepted();
      this.events.emit('stateChanged', c.id, c.state);
    }
  }

  /** The connection `id` and every other one running the same server (pins.ts). */
  private sameServer(id: string): McpConnection[] {
    const s = this.servers.get(id);
    const identity = isConnection(s) ? pinOf(s.spec)?.identity : undefined;
    return [...this.servers.values()].filter((c): c is McpConnection => isConnection(c) && (c === s || (identity !== undefined && pinOf(c.spec)?.identity === identity)));
  }

  /** CONN-9: every outcome is a result; CONN-5: a removed server's tools tell the caller to stop. */
  callTool(id: string, toolName: string, args: Record<string, unknown> = {}, opts: CallOptions = {}): Promise<ConvertedResult> {
    const s = this.servers.get(id);
    // Not async: a call's path adds no promise of its own to the SDK's (bench:connections).
    if (s && isConnection(s)) return s.call(toolName, args, opts);
    return Promise.resolve(s ? refusal(s, toolName) : errorResult('unknown-server', `Unknown MCP server "${id}".`));
  }
  /** Issue 14 inspector requests over one server's session; a server that does not run throws. */
  async request<T>(id: string, fn: (s: Session) => Promise<T>): Promise<T> {
    const s = this.servers.get(id);
    if (!s) throw new Error(`Unknown MCP server "${id}".`);
    if (!isConnection(s)) throw new Error(`MCP server "${s.name}" does not run (${describeReason('en', s.state)}).`);
    return s.request(fn);
  }

  /** Kills and reaps every child, closes every socket, cancels every timer. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await Promise.all([...this.connections().map((c) => c.stop()), ...this.retiring]);
    await this.snapshots.flush().catch(() => undefined);
    this.events.clear();
  }
}
