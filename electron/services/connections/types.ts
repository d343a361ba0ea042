// Public shapes of the connection engine (CONN-1 … CONN-11). Plain data: they cross the IPC
// contract and the CLI as JSON.
import type { DeclaredCapabilities } from '../../../shared/profiles/types';
import type { OAuthClientProvider } from '../mcp/oauth';
import type { InputAnswer, InputRequest } from '../mcp/types';
import type { ConnectionSpec, EraMode, ReasonCode, ServerState, ToolDef } from '../../../shared/schemas/server';
import type { Clock } from '../mcp/clock';
import type { TrafficEntry } from '../mcp/traffic';

/** One structured log line (CONN-10): `{level, module, action, …}`, printed as JSON by the host. */
export type LogEntry = { level: 'info' | 'warn' | 'error'; module: string; action: string } & Record<string, unknown>;
export type Logger = (entry: LogEntry) => void;

export interface PoolOptions {
  clock?: Clock;
  logger?: Logger;
  /** CONN-2: idle connections close after 15 minutes. */
  idleMs?: number;
  /** CONN-2: calls in flight per connection; the rest wait in FIFO order. */
  concurrency?: number;
  /** CONN-2: per-call timeout unless the server sets its own. */
  callTimeoutMs?: number;
  /** CONN-3: stdio servers starting at once (default 2 × cores). */
  stdioStartConcurrency?: number;
  /** CONN-3: discovery budget for remote servers. */
  remoteBudgetMs?: number;
  /** CONN-3: discovery budget for stdio servers (cold npx/uvx). */
  stdioBudgetMs?: number;
  /** Hard limit for one connection attempt when the spec has no startupTimeoutMs (kimi: 30 s). */
  startupTimeoutMs?: number;
  /** CONN-6: retry schedule for failed servers, in ms. */
  backoffMs?: number[];
  /** CONN-6: ping timeout after a transport fault. */
  pingTimeoutMs?: number;
  /** Tool snapshots (CONN-11) live under `<dataDir>/tool-snapshots`. */
  dataDir: string;
  /** CONN-7: the roots answer; home when absent. */
  workspaceRoot?: string;
  /** Base environment (process env) for stdio children and `${VAR}` resolution. */
  env: NodeJS.ProcessEnv;
  /** PROTO-1: the person's per-server era choice (the panel's settings); auto when absent. */
  eraMode?: (spec: ConnectionSpec) => EraMode | Promise<EraMode>;
  /**
   * PROTO-3: the person answers what a server asks mid-call (elicitation form or URL, sampling).
   * Absent: the panel does not offer those capabilities to servers.
   */
  serverInput?: (spec: ConnectionSpec, req: InputRequest, signal: AbortSignal) => Promise<InputAnswer>;
  /** AGENT-6: the client capabilities to declare for this server (its agent's); absent or null, the panel's own. */
  declares?: (spec: ConnectionSpec) => DeclaredCapabilities | null;
  /** AUTH-1: a remote's 401/403 challenge (scope, resource metadata), for the login that follows. */
  authChallenge?: (spec: ConnectionSpec, c: { status: number; scope?: string; resourceMetadataUrl?: string }) => void;
  /** OAuth (AUTH-1): handed to the HTTP and SSE transports. */
  authProvider?: (spec: ConnectionSpec) => OAuthClientProvider | undefined;
  /** The login shell's PATH, for the launch doctor's "use /opt/homebrew/bin/npx". */
  loginPath?: () => Promise<string | null>;
  /** Host-injected environment (keychain tokens), applied last (CONN-4). */
  injectEnv?: (spec: ConnectionSpec) => Promise<Record<string, string>>;
  /** fetch used by the remote transports (tests; defaults to global fetch). */
  fetch?: typeof fetch;
  /** Lines of stderr kept per server (CONN-4). */
  stderrLines?: number;
  /** JSON-RPC messages kept per server (CONN-10). */
  trafficEntries?: number;
  /** stdio: ms between SIGTERM and SIGKILL when closing a child. */
  killGraceMs?: number;
}

export type { TrafficEntry };

export interface ServerInfo {
  state: ServerState;
  connectMs: number | null;
  toolCount: number;
  lastError: string | null;
  stderrTail: string[];
  traffic: TrafficEntry[];
  /** A live transport exists right now (false after idle close, before first use). */
  live: boolean;
  pid: number | null;
  /** Change of the latest discovered list from the last accepted snapshot (CONN-11). */
  snapshotDiff: ToolDiff | null;
  /** CONN-11: findings of the poisoning checks on the current list's own texts (shadowing is the Tools view's). */
  findings: number;
  /** SKILL-1/2: the server's skills as last listed (null: it offers none, or not listed yet); `changed` since approved. */
  skills?: { count: number; tokens: number; changed: boolean } | null;
}

export interface DiscoveryResult {
  id: string;
  name: string;
  state: ServerState;
  /** Tools after the limits (CONN-8), empty when the server missed its budget. */
  tools: ToolDef[];
  connectMs: number | null;
  error: string | null;
  /** Change from the accepted snapshot, null when unchanged or unknown. */
  snapshotDiff: ToolDiff | null;
}

export interface DiscoveryRound {
  /** CONN-10: wall time of the whole round. */
  initialLoadDurationMs: number;
  servers: DiscoveryResult[];
}

export interface DiscoverOptions {
  onResult?: (id: string, result: DiscoveryResult) => void;
  /** Only these server ids (default: every enabled one). */
  ids?: string[];
  /**
   * One-shot hosts (the CLI) have no next round: a server that misses its budget is waited for
   * until it answers or fails for its own reason, at most this long from the round's start.
   */
  settleWithinMs?: number;
}

export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } }
  | { type: 'resource_link'; uri: string; name: string; title?: string; description?: string; mimeType?: string };

export type CallErrorCode =
  | 'unknown-server'
  | 'server-removed'
  | 'server-disabled'
  | 'needs-auth'
  | 'connect-failed'
  | 'timeout'
  | 'transport'
  | 'protocol'
  | 'cancelled'
  | 'tool-error';

/** CONN-9: what a tool call answers; failures are results with isError, never throws. */
export interface ConvertedResult {
  isError: boolean;
  content: ContentPart[];
  structuredContent?: Record<string, unknown>;
  /** Set when the failure came from the panel or the transport, not from the tool. */
  error?: { code: CallErrorCode; message: string };
  /** CONN-6: how the call went (retried after ping, after reconnect). */
  retried?: 'after-ping' | 'after-reconnect';
}

export interface CallOptions {
  timeoutMs?: number;
  /** Aborted: the SDK sends notifications/cancelled and the call answers `cancelled`. */
  signal?: AbortSignal;
  /** The server's notifications/progress for this call (the SDK asks with a progressToken). */
  onprogress?: (p: { progress: number; total?: number; message?: string }) => void;
}

export interface ToolChange {
  name: string;
  fields: Array<'title' | 'description' | 'inputSchema' | 'outputSchema' | 'annotations'>;
}

export interface ToolDiff {
  acceptedSha: string | null;
  currentSha: string;
  added: string[];
  removed: string[];
  changed: ToolChange[];
}

export interface SetServersResult {
  added: string[];
  changed: string[];
  removed: string[];
  unchanged: string[];
}

export interface DisabledServer {
  id: string;
  name: string;
  code: ReasonCode;
  /** Raw detail, '' when the code says it all. */
  reason: string;
}

export interface PoolEvents {
  stateChanged: (id: string, state: ServerState) => void;
  toolsChanged: (id: string, tools: ToolDef[]) => void;
  snapshotChanged: (id: string, diff: ToolDiff) => void;
  /** PROTO-2: the server said its prompts or resources changed (tools are re-listed, toolsChanged). */
  listChanged: (id: string, list: 'prompts' | 'resources') => void;
}
