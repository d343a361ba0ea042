// One live MCP session: an SDK Client over the transport the config names (CONN-1, no
// fallback, transports.ts), behind the traffic tap (tap.ts), with the stderr tap and a close
// that always reaps the child. The rest of the panel sees the Session interface only: plain
// data in and out, never an SDK object.
import { pathToFileURL } from 'node:url';
import { Client, type OAuthClientProvider } from '@modelcontextprotocol/client';
import type { ConnectionSpec } from '../../../shared/schemas/server';
import type { Clock } from './clock';
import { killLadder, processAlive } from './kill-ladder';
import type { LineRing, Ring } from './ring';
import { type TrafficRecord, trafficRecord } from './traffic';
import { classifyMcpError, TimeoutError } from './errors';
import { type Era, type EraMode, type EraVerdicts, MODERN_VERSION, stdioIdentity } from './eras';
import { GroupStdioTransport, type RecordGroup } from './group-transport';
import { ToolDepthGuard } from './depth-guard';
import { type ListedTools, listAllTools, MAX_LIST_PAGES } from './list-tools';
import { TapTransport } from './tap';
import { type ListCached, ListCacheTap } from './list-cache';
import { type AuthChallenge, remoteTransport } from './transports';
import type { ExitStatus, InputHandler, LostCode } from './types';
import type { DeclaredCapabilities } from '../../../shared/profiles/types';
import { registerInputHandlers } from './inputs';
import { skillsOf, type SkillListing, type SkillRead } from './skills';
import type { CallParams, LogLevel, PromptResult, RawCallResult, ReadResult, ResourcePage, PromptPage, ServerVersion, TemplatePage } from './types';

/**
 * CONN-4: how the server is reached, resolved by the caller (the pool's attempt.ts expands
 * `${VAR}` and applies the host-injected values; the seam expands nothing itself).
 */
export type Launch =
  /** stdio: the child's whole environment and its folder. */
  | { env: Record<string, string>; cwd: string }
  /** Streamable HTTP / SSE: the request headers (AUTH-4: the bearer token among them). */
  | { headers: Record<string, string> };

export interface SessionContext {
  clock: Clock;
  launch: Launch;
  /** CONN-7: the folder roots/list answers (the workspace root, else home). */
  root: string;
  authProvider?: OAuthClientProvider;
  fetch?: typeof fetch;
  stderr: Pick<LineRing, 'write'>;
  traffic: Ring<TrafficRecord>;
  killGraceMs: number;
  /** SEC-7: how a stdio group is recorded for the start-up sweep (group-transport.ts). */
  recordGroup?: RecordGroup;
  /** Aborts a connect in progress (dispose, config change): the child is reaped. */
  signal?: AbortSignal;
  /** stdio: how the child ended, told before the close that fails a connect in progress. */
  onExit?: (status: ExitStatus) => void;
  /** Called once when the transport closes without close() having been asked. */
  onUnexpectedClose: (why: LostCode) => void;
  /** PROTO-1: the person's choice for this server (default auto). */
  eraMode?: EraMode;
  /** PROTO-1: the stdio verdicts kept in the data dir (probed once per server identity). */
  verdicts?: EraVerdicts;
  /** PROTO-3: elicitation (form, URL) and sampling, answered by the person; absent, not offered. */
  onInput?: InputHandler;
  /**
   * AGENT-6: connect declaring what this agent declares (a server may offer tools only to clients
   * that declare sampling or URL elicitation); absent or null, the panel's own set.
   */
  declares?: DeclaredCapabilities | null;
  /** AUTH-1: a 401/403's WWW-Authenticate (the login that follows starts from it). */
  onAuthChallenge?: (c: AuthChallenge) => void;
  /** PROTO-2: the server says a list changed (notifications, or subscriptions/listen when modern). */
  onListChanged?: (list: 'tools' | 'prompts' | 'resources') => void;
}

/**
 * CONN-7 roots; PROTO-3 elicitation (form with the schema's defaults, URL) and sampling where a
 * person can answer them; AGENT-6: for an agent whose declaration is known, exactly that.
 */
function declaredCapabilities(ctx: Pick<SessionContext, 'declares' | 'onInput'>): DeclaredCapabilities {
  if (ctx.declares) return ctx.declares;
  return { roots: { listChanged: false }, ...(ctx.onInput ? { elicitation: { form: { applyDefaults: true }, url: {} }, sampling: {} } : {}) };
}

/** Nobody to ask: every question is declined. */
const declineInput: InputHandler = async () => ({ action: 'decline' });

/** How this connect opens (PROTO-1). */
interface EraPlan {
  mode: 'legacy' | 'auto' | 'modern';
  /** stdio: record the era found, under this identity. */
  record?: string;
  /** stdio: the era came from the cache (a stale one is dropped and probed again). */
  cached?: Era;
}

export interface Session {
  pid: number | null;
  readonly closed: boolean;
  connectMs: number;
  /** Last error the transport reported (garbage line, oversized message, failed fetch). */
  readonly lastTransportError: string | null;
  /** The protocol version negotiated with the server. */
  readonly protocolVersion: string | null;
  /** PROTO-1: the era the connection landed on. */
  readonly era: Era;
  serverVersion(): ServerVersion | null;
  capabilities(): Record<string, unknown>;
  instructions(): string | null;
  /** tools/list, every page (bounded, SEC-4); `fresh` skips the list cache (ttlMs, PROTO-2). */
  listTools(timeoutMs: number, fresh?: boolean): Promise<ListedTools>;
  /** AGENT-6, 2026-07-28 connections only: tools/list as a client declaring `declares` gets it (per request); null on a legacy one. */
  listToolsDeclaring(declares: DeclaredCapabilities, timeoutMs: number): Promise<ListedTools | null>;
  callTool(name: string, args: Record<string, unknown>, p: CallParams): Promise<RawCallResult>;
  /** PROTO-4: rejects (method-not-found) on a modern connection: 2026-07-28 dropped ping. */
  ping(timeoutMs?: number): Promise<void>;
  /** PROTO-4: logging/setLevel; deprecated by 2026-07-28 (SEP-2577), so the page offers it on legacy connections only. */
  setLogLevel(level: LogLevel): Promise<void>;
  /** CONN-6 liveness: ping (legacy) or a server/discover round trip (modern). */
  alive(timeoutMs: number): Promise<void>;
  listResources(cursor?: string): Promise<ResourcePage>;
  listResourceTemplates(cursor?: string): Promise<TemplatePage>;
  /**
   * PROTO-2: a whole list (every page), served from the SDK's cache while the server's `ttlMs`
   * allows; `cached` says when it came from there (null: the server answered now).
   */
  wholeList<K extends keyof WholeLists>(list: K): Promise<{ value: WholeLists[K]; cached: ListCached | null }>;
  /** PROTO-2: the lists the server let us keep are dropped; the next ask goes to the server. */
  dropListCache(): void;
  readResource(uri: string): Promise<ReadResult>;
  listPrompts(cursor?: string): Promise<PromptPage>;
  getPrompt(name: string, args?: Record<string, string>): Promise<PromptResult>;
  /** SKILL-1: the server declares the skills extension (SEP-2640). */
  skillsSupported(): boolean;
  /** SKILL-1: the server's skills (SEP-2640), every page, kept while its `ttlMs` allows unless `fresh`; `supported` false where it declares none. */
  listSkills(timeoutMs: number, fresh?: boolean): Promise<SkillListing>;
  /** SKILL-2: one skill file, verified against its entry's size and digest (SkillReadError when it fails). */
  readSkill(uri: string, ref: string | undefined, timeoutMs: number): Promise<SkillRead>;
  close(): Promise<void>;
}

const CLIENT_INFO = { name: 'mcp-panel', version: '0.1.0' };

/** The lists a page shows whole (PROTO-2: cacheable by `ttlMs`). */
export interface WholeLists {
  resources: ResourcePage;
  templates: TemplatePage;
  prompts: PromptPage;
}

function buildTransport(spec: ConnectionSpec, ctx: SessionContext) {
  const launch = ctx.launch;
  if (spec.transport === 'stdio') {
    if (!spec.command) throw new Error('stdio server has no command');
    if (!('env' in launch)) throw new Error('stdio server started without its environment');
    // SEC-7: the server leads its own process group, so closing it ends whatever it started too.
    return new GroupStdioTransport({ command: spec.command, args: spec.args, env: launch.env, cwd: launch.cwd, ...(ctx.recordGroup ? { record: ctx.recordGroup } : {}) });
  }
  if (!('headers' in launch)) throw new Error(`${spec.transport} server started without its headers`);
  return remoteTransport(spec, {
    headers: launch.headers,
    redirects: 'drop-headers',
    ...(ctx.fetch ? { fetch: ctx.fetch } : {}),
    ...(ctx.authProvider ? { authProvider: ctx.authProvider } : {}),
    ...(ctx.onAuthChallenge ? { onChallenge: ctx.onAuthChallenge } : {}),
  });
}

/** PROTO-1: the handshake this connect tries, from the person's choice and what is known. */
async function planEra(spec: ConnectionSpec, ctx: SessionContext): Promise<EraPlan> {
  const mode = ctx.eraMode ?? 'auto';
  if (mode !== 'auto') return { mode };
  // The 2026-07-28 revision has no HTTP+SSE transport: an SSE entry is a legacy server.
  if (spec.transport === 'sse') return { mode: 'legacy' };
  if (spec.transport !== 'stdio' || !ctx.verdicts) return { mode: 'auto' };
  const identity = stdioIdentity(spec);
  const known = await ctx.verdicts.get(identity).catch(() => undefined);
  return known ? { mode: known, cached: known, record: identity } : { mode: 'auto', record: identity };
}

/** How long after the startup timeout the SDK's request timeout would cut a connect the clock did not. */
const SDK_TIMEOUT_BACKSTOP_MS = 30_000;

/**
 * Connects within `timeoutMs`; on any failure everything started is torn down again. A stdio
 * server that exits on the era probe (some legacy servers do) is started once more, legacy;
 * a cached verdict the server no longer honours is dropped and the era probed again.
 */
export async function openSession(spec: ConnectionSpec, ctx: SessionContext, timeoutMs: number): Promise<Session> {
  const plan = await planEra(spec, ctx);
  const started = performance.now();
  // What a start that may be retried prints is held until it is known whether it counts: a
  // retried start's lines would otherwise show twice (the doctor reads the last ones, DOC-1).
  const held: Array<Buffer | string> = [];
  let holding = !!plan.record;
  const flush = () => {
    holding = false;
    for (const chunk of held.splice(0)) ctx.stderr.write(chunk);
  };
  const first = { ...ctx, stderr: { write: (c: Buffer | string) => (holding ? held.push(c) > 256 && held.shift() : ctx.stderr.write(c)) } };
  let session: Session;
  try {
    session = await openOnce(spec, first, timeoutMs, plan);
    flush();
  } catch (err) {
    if (!plan.record || ctx.signal?.aborted || classifyMcpError(err) !== 'unsupported-version') {
      flush();
      throw err;
    }
    held.length = 0;
    holding = false;
    const retry: EraPlan = plan.cached ? { mode: 'auto', record: plan.record } : { mode: 'legacy', record: plan.record };
    await ctx.verdicts?.set(plan.record, undefined).catch(() => undefined);
    const left = Math.max(1, timeoutMs - (performance.now() - started));
    session = await openOnce(spec, ctx, left, retry);
  }
  if (plan.record && session.era !== plan.cached) await ctx.verdicts?.set(plan.record, session.era).catch(() => undefined);
  return session;
}

function versionNegotiation(plan: EraPlan, stdio: boolean, timeoutMs: number) {
  if (plan.mode === 'legacy') return undefined;
  if (plan.mode === 'modern') return { mode: { pin: MODERN_VERSION } };
  // On stdio a silent probe means a legacy server: a short wait; on HTTP silence is an outage.
  return { mode: 'auto' as const, probe: { timeoutMs: stdio ? Math.min(timeoutMs, 10_000) : timeoutMs } };
}

async function openOnce(spec: ConnectionSpec, ctx: SessionContext, timeoutMs: number, plan: EraPlan): Promise<Session> {
  const started = performance.now();
  const transport = buildTransport(spec, ctx);
  const stdio = transport instanceof GroupStdioTransport ? transport : null;
  let closing = false;
  let closed = false;
  let resolveExit!: () => void;
  const exited = new Promise<void>((r) => (resolveExit = r));

  stdio?.stderr.on('data', (chunk: Buffer) => ctx.stderr.write(chunk));
  // Only an exit of its own: one our close caused (a timeout, a cancel) is not the server's doing.
  const onExit = ctx.onExit;
  if (stdio && onExit)
    stdio.onexit = (status) => {
      if (!closing) onExit(status);
    };
  let lastTransportError: string | null = null;
  const depth = new ToolDepthGuard();
  const tapped = new TapTransport(transport, {
    message: (dir, msg, line) => {
      if (dir === 'out') depth.outgoing(msg);
      ctx.traffic.push(trafficRecord(dir, msg, ctx.clock.now(), line));
    },
    inbound: (msg) => depth.incoming(msg),
    error: (err) => {
      const text = err.message.slice(0, 300);
      // A line that is not JSON-RPC is an invalid message; anything else (spawn ENOENT, a reset
      // socket) is the transport failing, said once rather than once per SDK callback (UI-7).
      const kind = err.name === 'SyntaxError' || err.name === 'ZodError' || /ReadBuffer exceeded/.test(text) ? 'invalid' : 'transport-error';
      const last = ctx.traffic.last();
      if (!(last && !('msg' in last) && last.kind === kind && last.text === text)) ctx.traffic.push({ at: ctx.clock.now(), dir: 'in', kind, text });
      lastTransportError = text;
      // SEC-4: a message over the stdio buffer cap is lost anyway; stop the flood now.
      if (stdio && /ReadBuffer exceeded/.test(err.message)) stdio.kill('SIGKILL');
    },
    closed: () => {
      closed = true;
      resolveExit();
      if (!closing) ctx.onUnexpectedClose(stdio ? 'exited' : 'connection_closed');
    },
  });

  const negotiation = versionNegotiation(plan, !!stdio, timeoutMs);
  const lists = new ListCacheTap(() => ctx.clock.now());
  const changed = ctx.onListChanged;
  const listen = (list: 'tools' | 'prompts' | 'resources') => ({ autoRefresh: false, debounceMs: 100, onChanged: () => changed?.(list) });
  const client = new Client(CLIENT_INFO, {
    capabilities: declaredCapabilities(ctx),
    listMaxPages: MAX_LIST_PAGES,
    responseCacheStore: lists,
    ...(negotiation ? { versionNegotiation: negotiation } : {}),
    ...(changed ? { listChanged: { tools: listen('tools'), prompts: listen('prompts'), resources: listen('resources') } } : {}),
  });
  const declared = declaredCapabilities(ctx);
  // CONN-7: roots answer the workspace root, else home (for an agent that declares them).
  const root = ctx.root;
  if (declared.roots) client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: pathToFileURL(root).href, name: root }] }));
  client.onerror = () => undefined; // recorded by the tap; never thrown at the host
  // What is declared is answered: by the person when one is there, else declined (a one-shot run).
  registerInputHandlers(client, ctx.onInput ?? declineInput, { elicitation: !!declared.elicitation, sampling: !!declared.sampling });

  const close = async (): Promise<void> => {
    if (closing) return exited;
    closing = true;
    // Reap the group ourselves (kill-ladder.ts) rather than trust the child to leave on EOF.
    const pid = stdio?.pid ?? null;
    if (stdio && pid !== null && !closed && processAlive(pid)) await killLadder(stdio, exited, ctx.clock, ctx.killGraceMs);
    await client.close().catch(() => undefined);
    if (!stdio) closed = true;
  };

  let timer: ReturnType<Clock['setTimeout']> | undefined;
  let abortCleanup = () => {};
  try {
    await Promise.race([
      (async () => {
        // The startup timeout is the pool clock's (below), so its error always names the bound
        // and a test's manual clock decides it; the SDK's own request timeout only backs it up.
        await client.connect(tapped, { timeout: timeoutMs + SDK_TIMEOUT_BACKSTOP_MS, ...(plan.mode === 'legacy' && plan.cached ? { prior: { kind: 'legacy' as const } } : {}) });
      })(),
      new Promise<never>((_, reject) => {
        timer = ctx.clock.setTimeout(() => reject(new TimeoutError(`did not finish starting within ${timeoutMs} ms`)), timeoutMs);
        if (ctx.signal?.aborted) reject(new Error('connection attempt cancelled'));
        ctx.signal?.addEventListener('abort', onAbort);
        function onAbort() {
          reject(new Error('connection attempt cancelled'));
        }
        abortCleanup = () => ctx.signal?.removeEventListener('abort', onAbort);
      }),
    ]);
  } catch (err) {
    timer?.cancel();
    abortCleanup();
    await close();
    throw err;
  }
  // The skills client reads the server's declared extensions: made once, after connect.
  let skillsClient: ReturnType<typeof skillsOf> | undefined;
  const skills = () => (skillsClient ??= skillsOf(client));
  timer?.cancel();
  abortCleanup();
  return {
    get pid() {
      return stdio?.pid ?? null;
    },
    get closed() {
      return closed || closing;
    },
    connectMs: Math.round(performance.now() - started),
    get lastTransportError() {
      return lastTransportError;
    },
    get protocolVersion() {
      return client.getNegotiatedProtocolVersion() ?? null;
    },
    era: client.getProtocolEra() ?? 'legacy',
    serverVersion: () => {
      const v = client.getServerVersion();
      return v ? { name: v.name, version: v.version, ...(typeof v.title === 'string' ? { title: v.title } : {}) } : null;
    },
    capabilities: () => (client.getServerCapabilities() ?? {}) as Record<string, unknown>,
    instructions: () => client.getInstructions() ?? null,
    listTools: (timeout, fresh = true) => listAllTools(client, timeout, fresh, depth),
    listToolsDeclaring: async (declares, timeout) => (client.getProtocolEra() === 'modern' ? listAllTools(client, timeout, true, depth, declares) : null),
    skillsSupported: () => skills().supported,
    listSkills: (timeout, fresh) => skills().list(timeout, fresh),
    readSkill: (uri, ref, timeout) => skills().read(uri, ref, timeout),
    // A call that reports progress is alive: each notification restarts its timeout (SDK option).
    callTool: (name, args, p) =>
      client.callTool({ name, arguments: args }, { timeout: p.timeoutMs, signal: p.signal, onprogress: p.onprogress, resetTimeoutOnProgress: p.onprogress !== undefined }) as Promise<RawCallResult>,
    ping: async (timeout) => {
      await client.ping(timeout === undefined ? undefined : { timeout });
    },
    setLogLevel: async (level) => {
      await client.setLoggingLevel(level);
    },
    alive: async (timeout) => {
      // 2026-07-28 dropped ping; a discover round trip answers the same question.
      if (client.getProtocolEra() === 'modern') await client.discover({ timeout });
      else await client.ping({ timeout });
    },
    listResources: async (cursor) => (await client.listResources(cursor === undefined ? {} : { cursor })) as ResourcePage,
    listResourceTemplates: async (cursor) => (await client.listResourceTemplates(cursor === undefined ? {} : { cursor })) as TemplatePage,
    readResource: async (uri) => (await client.readResource({ uri })) as ReadResult,
    listPrompts: async (cursor) => (await client.listPrompts(cursor === undefined ? {} : { cursor })) as PromptPage,
    wholeList: (async (list: keyof WholeLists) => {
      if (list === 'resources') return lists.track('resources/list', async () => (await client.listResources()) as ResourcePage);
      if (list === 'templates') return lists.track('resources/templates/list', async () => (await client.listResourceTemplates()) as TemplatePage);
      return lists.track('prompts/list', async () => (await client.listPrompts()) as PromptPage);
    }) as Session['wholeList'],
    dropListCache: () => {
      for (const m of ['resources/list', 'resources/templates/list', 'prompts/list']) lists.evict(m);
    },
    getPrompt: async (name, args) => (await client.getPrompt({ name, ...(args ? { arguments: args } : {}) })) as PromptResult,
    close,
  };
}
