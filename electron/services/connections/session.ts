// One live MCP session: an SDK Client over the SDK transport the config names (CONN-1, no
// fallback), with the traffic and stderr taps, and a close that always reaps the child.
import { homedir } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ConnectionSpec } from '../../../shared/schemas/server';
import { homeDir } from '../paths';
import type { Clock } from './clock';
import { type LostCode, TimeoutError } from './errors';
import { resolveHeaders, stdioEnv } from './expand';
import { GroupStdioTransport } from './group-transport';
import type { ExitStatus } from '../doctor/diagnose';
import { killLadder, processAlive } from './kill-ladder';
import { redirectSafeFetch } from './redirect-fetch';
import type { LineRing, Ring } from './ring';
import { type TrafficRecord, trafficEntry } from './traffic';

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
  client: Client;
  pid: number | null;
  readonly closed: boolean;
  connectMs: number;
  /** Last error the transport reported (garbage line, oversized message, failed fetch). */
  readonly lastTransportError: string | null;
  /** The protocol version the server answered `initialize` with (the SDK keeps it nowhere public). */
  readonly protocolVersion: string | null;
  close(): Promise<void>;
}

const CLIENT_INFO = { name: 'mcp-panel', version: '0.1.0' };

function buildTransport(spec: ConnectionSpec, ctx: SessionContext): Transport {
  const lookup = { ...ctx.env, ...ctx.injected };
  if (spec.transport === 'stdio') {
    if (!spec.command) throw new Error('stdio server has no command');
    // CONN-4: launch env, then config env, then host-injected values.
    const env = stdioEnv(spec, ctx.env, ctx.injected);
    // SEC-7: its own process group, so closing it ends whatever it started too.
    return new GroupStdioTransport({
      command: spec.command,
      args: spec.args,
      env,
      cwd: spec.cwd ?? homeDir(ctx.env),
      ...(ctx.dataDir ? { dataDir: ctx.dataDir } : {}),
    });
  }
  if (!spec.url) throw new Error(`${spec.transport} server has no url`);
  const url = new URL(spec.url);
  const headers = resolveHeaders(spec, lookup);
  const opts = {
    requestInit: { headers },
    fetch: redirectSafeFetch(ctx.fetch ?? fetch, spec.dropHeadersOnCrossOriginRedirect),
    // Our fetch handles every redirect itself, dropping headers across origins (CFG-4).
    redirectPolicy: 'follow' as const,
    ...(ctx.authProvider ? { authProvider: ctx.authProvider } : {}),
  };
  // CONN-1: strictly what the config says; no retry over the other transport.
  return spec.transport === 'sse' ? new SSEClientTransport(url, opts) : new StreamableHTTPClientTransport(url, opts);
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
  // Taps set before connect: the SDK chains them ahead of its own handlers.
  let protocolVersion: string | null = null;
  transport.onmessage = (msg) => {
    // The first answer carrying serverInfo is initialize's (issue 14: shown on the detail view).
    const result = (msg as { result?: { protocolVersion?: unknown; serverInfo?: unknown } }).result;
    if (protocolVersion === null && typeof result?.protocolVersion === 'string' && result.serverInfo) protocolVersion = result.protocolVersion;
    ctx.traffic.push(trafficEntry('in', msg, ctx.clock.now()));
  };
  let lastTransportError: string | null = null;
  let pid: number | null = null;
  transport.onerror = (err) => {
    const text = err.message.slice(0, 300);
    // A line that is not JSON-RPC is an invalid message; anything else (spawn ENOENT, a reset
    // socket) is the transport failing, said once rather than once per SDK callback (UI-7).
    const kind = err.name === 'SyntaxError' || err.name === 'ZodError' || /ReadBuffer exceeded/.test(text) ? 'invalid' : 'transport-error';
    const last = ctx.traffic.last();
    if (!(last && last.kind === kind && last.text === text)) ctx.traffic.push({ at: ctx.clock.now(), dir: 'in', kind, text });
    lastTransportError = text;
    // SEC-4: a message over the SDK's stdio buffer cap is lost anyway; stop the flood now.
    if (stdio && /ReadBuffer exceeded/.test(err.message)) stdio.kill('SIGKILL');
  };
  transport.onclose = () => {
    closed = true;
    resolveExit();
    if (!closing) ctx.onUnexpectedClose(stdio ? 'exited' : 'connection_closed');
  };
  if (stdio) {
    const start = stdio.start.bind(stdio);
    stdio.start = async () => {
      await start();
      pid = stdio.pid;
    };
  }
  const send = transport.send.bind(transport);
  transport.send = (msg, options) => {
    ctx.traffic.push(trafficEntry('out', msg, ctx.clock.now()));
    return send(msg, options);
  };

  const client = new Client(CLIENT_INFO, { capabilities: { roots: { listChanged: false } } });
  // CONN-7: roots answer the workspace root, else home.
  const root = ctx.workspaceRoot ?? homeDir(ctx.env) ?? homedir();
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: pathToFileURL(root).href, name: root }] }));
  client.onerror = () => undefined; // recorded by the tap; never thrown at the host

  const close = async (): Promise<void> => {
    if (closing) return exited;
    closing = true;
    // Reap the group ourselves (kill-ladder.ts) rather than trust the child to leave on EOF.
    if (stdio && pid !== null && !closed && processAlive(pid)) await killLadder(stdio, exited, ctx.clock, ctx.killGraceMs);
    await client.close().catch(() => undefined);
    if (!stdio) closed = true;
  };

  let timer: ReturnType<Clock['setTimeout']> | undefined;
  let abortCleanup = () => {};
  try {
    await Promise.race([
      (async () => {
        await client.connect(transport, { timeout: timeoutMs });
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
    client,
    get pid() {
      return pid;
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
    close,
  };
}
