// The one reading of an MCP SDK error (CONN-5, CONN-6, AUTH-1). Every other module asks this
// classifier which kind of failure it holds instead of testing SDK classes or codes itself, so
// a change of the SDK's error shapes (v2 moved the HTTP status from `.code` to `.status` and
// made timeout/closed string codes) is handled here once.
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

export type McpFailure =
  /** The server wants a login (HTTP 401, or the auth flow stopped for a person, AUTH-1). */
  | 'needs-auth'
  /** No answer in time (the SDK's request timeout, or ours). */
  | 'timeout'
  /** The connection ended under the request. */
  | 'closed'
  /** The server does not speak a protocol version we offered (PROTO-1). */
  | 'unsupported-version'
  /** The server does not implement the method (JSON-RPC -32601). */
  | 'method-not-found'
  /** The server answered with another JSON-RPC error: the connection is fine, the call is not. */
  | 'protocol'
  /** The HTTP request failed with a status (see httpStatus). */
  | 'http'
  /** The caller aborted it. */
  | 'aborted'
  /** Anything else: a failed fetch, a reset socket, a dead child (CONN-6 transport fault). */
  | 'transport';

/** JSON-RPC code of "Unsupported protocol version" (2026-07-28; -32602 with a version list before). */
const UNSUPPORTED_VERSION = -32022;

export class TimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeoutError';
  }
}

/** The HTTP status an SDK transport error carries, if any. */
export function httpStatus(err: unknown): number | undefined {
  if (err instanceof StreamableHTTPError || err instanceof SseError) return typeof err.code === 'number' ? err.code : undefined;
  return undefined;
}

export function classifyMcpError(err: unknown): McpFailure {
  if (err instanceof UnauthorizedError) return 'needs-auth';
  const status = httpStatus(err);
  if (status === 401) return 'needs-auth';
  if (status !== undefined) return 'http';
  if (err instanceof TimeoutError) return 'timeout';
  if (err instanceof McpError) {
    if (err.code === ErrorCode.RequestTimeout) return 'timeout';
    if (err.code === ErrorCode.ConnectionClosed) return 'closed';
    if (err.code === ErrorCode.MethodNotFound) return 'method-not-found';
    if (err.code === UNSUPPORTED_VERSION || /unsupported protocol version/i.test(err.message)) return 'unsupported-version';
    return 'protocol';
  }
  if (err instanceof Error && /unsupported protocol version|server's protocol version is not supported/i.test(err.message)) return 'unsupported-version';
  if (err instanceof Error && err.name === 'AbortError') return 'aborted';
  return 'transport';
}
