// PROTO-6: the bridge between eras. The agent (MiniMax, Kimi, Minara: 2025-11-25 clients) opens
// with `initialize`; a 2026-07-28 server has no `initialize`, no sessions and no server→client
// requests. When the upstream server is modern, the bridge is an MCP server of the agent's era
// in front of an MCP client of the server's: every request is re-issued upstream, progress
// and cancellation carried per call, list changes (subscriptions/listen) sent on as
// notifications, and what the server asks mid-call (input_required: elicitation, sampling,
// roots) asked of the agent as the server→client requests its era has.
import { Client, type OAuthClientProvider, type Transport } from '@modelcontextprotocol/client';
// Types only at the top: the server package (~600 KB) loads when a modern upstream is served,
// not on every bridge start (a legacy upstream's messages pass as they are).
import type { Server } from '@modelcontextprotocol/server';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { classifyMcpError } from './errors';
import { MODERN_VERSION } from './eras';
import { remoteTransport } from './transports';

/** A started transport handed to a second owner: start() is a no-op, messages are relayed. */
class Relay implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  constructor(private readonly inner: Transport) {
    inner.onmessage = (m) => this.onmessage?.(m);
    inner.onerror = (e) => this.onerror?.(e);
    inner.onclose = () => this.onclose?.();
  }
  async start(): Promise<void> {}
  send(m: JSONRPCMessage): Promise<void> {
    return this.inner.send(m);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

export interface UpstreamOptions {
  url: string;
  sse: boolean;
  headers: Record<string, string>;
  authProvider?: OAuthClientProvider;
  onChallenge?: (c: { status: number; scope?: string; resourceMetadataUrl?: string }) => void;
  /** The agent's own capabilities (its `initialize`): offered upstream as the agent's. */
  agentCapabilities: Record<string, unknown>;
}

export interface ModernUpstream {
  client: Client;
  /** Answers the agent's `initialize` and serves it until either side closes. */
  serve(local: Transport, initialize: JSONRPCMessage): Promise<void>;
}

/**
 * Asks the server for its era (server/discover, one round trip). Modern: the connected client,
 * ready to serve the agent. Legacy: null (the bridge forwards the agent's messages as they are).
 */
export async function connectIfModern(o: UpstreamOptions): Promise<ModernUpstream | null> {
  if (o.sse) return null; // 2026-07-28 has no HTTP+SSE transport
  let server: Server | undefined;
  const asAgent = <T>(fn: (s: Server) => Promise<T>): Promise<T> => {
    if (!server) return Promise.reject(new Error('the agent is not connected yet'));
    return fn(server);
  };
  const client = new Client(
    { name: 'mcp-panel-bridge', version: '0.1.0' },
    {
      capabilities: o.agentCapabilities,
      // Pinned: a legacy server costs the one probe round trip, not a handshake thrown away.
      versionNegotiation: { mode: { pin: MODERN_VERSION } },
      listChanged: {
        tools: { autoRefresh: false, onChanged: () => void asAgent((s) => s.sendToolListChanged()).catch(() => undefined) },
        prompts: { autoRefresh: false, onChanged: () => void asAgent((s) => s.sendPromptListChanged()).catch(() => undefined) },
        resources: { autoRefresh: false, onChanged: () => void asAgent((s) => s.sendResourceListChanged()).catch(() => undefined) },
      },
    },
  );
  // input_required rounds of the modern server become the agent's own server→client requests.
  const caps = o.agentCapabilities;
  if (caps.elicitation) client.setRequestHandler('elicitation/create', (req, ctx) => asAgent((s) => s.elicitInput(req.params as never, { signal: ctx.mcpReq.signal, timeout: 600_000 })));
  if (caps.sampling) client.setRequestHandler('sampling/createMessage', (req, ctx) => asAgent((s) => s.createMessage(req.params as never, { signal: ctx.mcpReq.signal, timeout: 600_000 })) as never);
  if (caps.roots) client.setRequestHandler('roots/list', (_req, ctx) => asAgent((s) => s.listRoots(undefined, { signal: ctx.mcpReq.signal })));
  const transport = remoteTransport({ transport: 'http', url: o.url, dropHeadersOnCrossOriginRedirect: true }, { headers: o.headers, redirects: 'same-origin', ...(o.authProvider ? { authProvider: o.authProvider } : {}), ...(o.onChallenge ? { onChallenge: o.onChallenge } : {}) });
  try {
    await client.connect(transport);
  } catch (err) {
    await client.close().catch(() => undefined);
    if (classifyMcpError(err) === 'unsupported-version') return null;
    throw err;
  }
  // Before serve() is handed out: from the agent's initialize on, it runs without a pause.
  const { Server } = await import('@modelcontextprotocol/server');
  return {
    client,
    async serve(local, initialize) {
      const v = client.getServerVersion();
      server = new Server(
        { name: v?.name ?? 'mcp-panel-bridge', version: v?.version ?? '0' },
        { capabilities: { ...(client.getServerCapabilities() ?? {}), logging: {} }, ...(client.getInstructions() ? { instructions: client.getInstructions()! } : {}) },
      );
      forwardRequests(server, client, client.getServerCapabilities() ?? {});
      const relay = new Relay(local);
      const closed = new Promise<void>((resolve) => {
        server!.onclose = () => resolve();
      });
      await server.connect(relay);
      relay.onmessage?.(initialize);
      await closed;
      await client.close().catch(() => undefined);
    },
  };
}

/** Upstream calls can take as long as the agent waits (progress keeps them alive). */
const LONG = { timeout: 600_000, resetTimeoutOnProgress: true };

/** Only what the server offers (the agent's Server refuses handlers for capabilities it lacks). */
function forwardRequests(server: Server, client: Client, caps: Record<string, unknown>): void {
  type Ctx = { mcpReq: { _meta?: Record<string, unknown>; notify: (n: never) => Promise<void> } };
  // Each progress notification is sent after the one before, and the result only after the last:
  // when the upstream's events arrive in one chunk (a busy machine), the result would otherwise
  // reach the agent first and the agent drop the progress of a request it thinks is done.
  const withProgress = async <T>(ctx: unknown, call: (progress: { onprogress?: (p: { progress: number; total?: number; message?: string }) => void }) => Promise<T>): Promise<T> => {
    const req = (ctx as Ctx).mcpReq;
    const token = req._meta?.progressToken as string | number | undefined;
    if (token === undefined) return call({});
    let sent = Promise.resolve();
    const result = await call({
      onprogress: (p) => {
        sent = sent.then(() => req.notify({ method: 'notifications/progress', params: { progressToken: token, ...p } } as never)).catch(() => undefined);
      },
    });
    await sent;
    return result;
  };
  const base = (ctx: { mcpReq: { signal: AbortSignal } }) => ({ signal: ctx.mcpReq.signal, ...LONG });
  if (caps.tools) {
    server.setRequestHandler('tools/list', (req, ctx) => client.listTools(req.params, base(ctx)));
    server.setRequestHandler('tools/call', (req, ctx) => withProgress(ctx, (progress) => client.callTool(req.params, { ...base(ctx), ...progress })) as never);
  }
  if (caps.resources) {
    server.setRequestHandler('resources/list', (req, ctx) => client.listResources(req.params, base(ctx)));
    server.setRequestHandler('resources/templates/list', (req, ctx) => client.listResourceTemplates(req.params, base(ctx)));
    server.setRequestHandler('resources/read', (req, ctx) => withProgress(ctx, (progress) => client.readResource(req.params, { ...base(ctx), ...progress })));
  }
  if (caps.prompts) {
    server.setRequestHandler('prompts/list', (req, ctx) => client.listPrompts(req.params, base(ctx)));
    server.setRequestHandler('prompts/get', (req, ctx) => withProgress(ctx, (progress) => client.getPrompt(req.params, { ...base(ctx), ...progress })));
  }
  if (caps.completions) server.setRequestHandler('completion/complete', (req, ctx) => client.complete(req.params, base(ctx)));
  // The modern era has no session log level: the agent's choice is kept here (PROTO-4).
  server.setRequestHandler('logging/setLevel', async () => ({}));
}
