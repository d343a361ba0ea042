// One live MCP session: an SDK Client over the transport the config names (CONN-1, no
// fallback, transports.ts), behind the traffic tap (tap.ts), with the stderr tap and a close
// that always reaps the child. The rest of the panel sees the Session interface only: plain
// data in and out, never an SDK object.
import { homedir } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ConnectionSpec } from '../../../shared/schemas/server';
import { homeDir } from '../paths';
import type { Clock } from '../connections/clock';
import type { LostCode } from '../connections/errors';
import { resolveHeaders, stdioEnv } from '../connections/expand';
import type { ExitStatus } from '../doctor/diagnose';
import { killLadder, processAlive } from '../connections/kill-ladder';
import type { LineRing, Ring } from '../connections/ring';
import { type TrafficRecord, trafficEntry } from '../connections/traffic';
import { TimeoutError } from './errors';
import { GroupStdioTransport } from './group-transport';
import { type ListedTools, listAllTools } from './list-tools';
import { TapTransport } from './tap';
import { remoteTransport, stdioTransport } from './transports';
import type { CallParams, PromptResult, RawCallResult, ReadResult, ResourcePage, PromptPage, ServerVersion, TemplatePage } from './types';

export interface SessionContext {
  clock: Clock;
  env: NodeJS.ProcessEnv;
  injected: Record<string, string>;
  workspaceRoot?: string;
  authProvider?: OAuthClientProvider;
  fetch?: typeof fetch;
  stderr: LineRing;
  traffic: Ring<TrafficRecord>;
  killGraceMs: number;
  /** SEC-7: stdio groups are recorded under here for the start-up sweep. */
  dataDir?: string;
  /** Aborts a connect in progress (dispose, config change): the child is reaped. */
  signal?: AbortSignal;
  /** stdio: how the child ended, told before the close that fails a connect in progress. */
  onExit?: (status: ExitStatus) => void;
  /** Called once when the transport closes without close() having been asked. */
  onUnexpectedClose: (why: LostCode) => void;
}

export interface Session {
  pid: number | null;
  readonly closed: boolean;
  connectMs: number;
  /** Last error the transport reported (garbage line, oversized message, failed fetch). */
  readonly lastTransportError: string | null;
  /** The protocol version the server answered `initialize` with (the SDK keeps it nowhere public). */
  readonly protocolVersion: string | null;
  serverVersion(): ServerVersion | null;
  capabilities(): Record<string, unknown>;
  instructions(): string | null;
  /** tools/list, every page (bounded, SEC-4). */
  listTools(timeoutMs: number): Promise<ListedTools>;
  callTool(name: string, args: Record<string, unknown>, p: CallParams): Promise<RawCallResult>;
  ping(timeoutMs?: number): Promise<void>;
  listResources(cursor?: string): Promise<ResourcePage>;
  listResourceTemplates(cursor?: string): Promise<TemplatePage>;
  readResource(uri: string): Promise<ReadResult>;
  listPrompts(cursor?: string): Promise<PromptPage>;
  getPrompt(name: string, args?: Record<string, string>): Promise<PromptResult>;
  close(): Promise<void>;
}

const CLIENT_INFO = { name: 'mcp-panel', version: '0.1.0' };

function buildTransport(spec: ConnectionSpec, ctx: SessionContext) {
  if (spec.transport === 'stdio') {
    if (!spec.command) throw new Error('stdio server has no command');
    // CONN-4: launch env, then config env, then host-injected values.
    const env = stdioEnv(spec, ctx.env, ctx.injected);
    return stdioTransport({ command: spec.command, args: spec.args, env, cwd: spec.cwd ?? homeDir(ctx.env), ...(ctx.dataDir ? { dataDir: ctx.dataDir } : {}) });
  }
  const headers = resolveHeaders(spec, { ...ctx.env, ...ctx.injected });
  return remoteTransport(spec, { headers, redirects: 'drop-headers', ...(ctx.fetch ? { fetch: ctx.fetch } : {}), ...(ctx.authProvider ? { authProvider: ctx.authProvider } : {}) });
}

/** Connects within `timeoutMs`; on any failure everything started is torn down again. */
export async function openSession(spec: ConnectionSpec, ctx: SessionContext, timeoutMs: number): Promise<Session> {
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
  let protocolVersion: string | null = null;
  let lastTransportError: string | null = null;
  const tapped = new TapTransport(transport, {
    message: (dir, msg) => {
      // The first answer carrying serverInfo is initialize's (issue 14: shown on the detail view).
      const result = (msg as { result?: { protocolVersion?: unknown; serverInfo?: unknown } }).result;
      if (dir === 'in' && protocolVersion === null && typeof result?.protocolVersion === 'string' && result.serverInfo) protocolVersion = result.protocolVersion;
      ctx.traffic.push(trafficEntry(dir, msg, ctx.clock.now()));
    },
    error: (err) => {
      const text = err.message.slice(0, 300);
      // A line that is not JSON-RPC is an invalid message; anything else (spawn ENOENT, a reset
      // socket) is the transport failing, said once rather than once per SDK callback (UI-7).
      const kind = err.name === 'SyntaxError' || err.name === 'ZodError' || /ReadBuffer exceeded/.test(text) ? 'invalid' : 'transport-error';
      const last = ctx.traffic.last();
      if (!(last && last.kind === kind && last.text === text)) ctx.traffic.push({ at: ctx.clock.now(), dir: 'in', kind, text });
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

  const client = new Client(CLIENT_INFO, { capabilities: { roots: { listChanged: false } } });
  // CONN-7: roots answer the workspace root, else home.
  const root = ctx.workspaceRoot ?? homeDir(ctx.env) ?? homedir();
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: pathToFileURL(root).href, name: root }] }));
  client.onerror = () => undefined; // recorded by the tap; never thrown at the host

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
        await client.connect(tapped, { timeout: timeoutMs });
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
      return protocolVersion;
    },
    serverVersion: () => {
      const v = client.getServerVersion();
      return v ? { name: v.name, version: v.version, ...(typeof v.title === 'string' ? { title: v.title } : {}) } : null;
    },
    capabilities: () => (client.getServerCapabilities() ?? {}) as Record<string, unknown>,
    instructions: () => client.getInstructions() ?? null,
    listTools: (timeout) => listAllTools(client, timeout),
    callTool: async (name, args, p) => {
      // A call that reports progress is alive: each notification restarts its timeout (SDK option).
      const progress = p.onprogress ? { onprogress: p.onprogress, resetTimeoutOnProgress: true } : {};
      return (await client.callTool({ name, arguments: args }, undefined, { timeout: p.timeoutMs, ...(p.signal ? { signal: p.signal } : {}), ...progress })) as RawCallResult;
    },
    ping: async (timeout) => {
      await client.ping(timeout === undefined ? undefined : { timeout });
    },
    listResources: async (cursor) => (await client.listResources(cursor === undefined ? {} : { cursor })) as ResourcePage,
    listResourceTemplates: async (cursor) => (await client.listResourceTemplates(cursor === undefined ? {} : { cursor })) as TemplatePage,
    readResource: async (uri) => (await client.readResource({ uri })) as ReadResult,
    listPrompts: async (cursor) => (await client.listPrompts(cursor === undefined ? {} : { cursor })) as PromptPage,
    getPrompt: async (name, args) => (await client.getPrompt({ name, ...(args ? { arguments: args } : {}) })) as PromptResult,
    close,
  };
}
