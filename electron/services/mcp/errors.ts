// The one reading of an MCP SDK error (CONN-5, CONN-6, AUTH-1). Every other module asks this
// classifier which kind of failure it holds instead of testing SDK classes or codes itself.
// SDK v2's silent breaks are handled here once: the Streamable HTTP status moved from `.code`
// to `.status` (SseError keeps a numeric `.code`), timeout and closed are string SdkErrorCodes
// instead of -32001/-32000, and a modern-era 401 probe is an SdkHttpError, not an
// UnauthorizedError.
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, SdkHttpError, SseError, UnauthorizedError } from '@modelcontextprotocol/client';

export type McpFailure =
  /** The server wants a login (HTTP 401, or the auth flow stopped for a person, AUTH-1). */
  | 'needs-auth'
  /** No answer in time (the SDK's request timeout, or ours). */
  | 'timeout'
  /** The connection ended under the request. */
  | 'closed'
  /** No protocol version both sides speak (PROTO-1), or the era could not be negotiated. */
  | 'unsupported-version'
  /** The server does not implement the method (JSON-RPC -32601), or its era dropped it (PROTO-4). */
  | 'method-not-found'
  /** The server answered with another JSON-RPC error: the connection is fine, the call is not. */
  | 'protocol'
  /** The HTTP request failed with a status (see httpStatus). */
  | 'http'
  /** The caller aborted it. */
  | 'aborted'
  /** Anything else: a failed fetch, a reset socket, a dead child (CONN-6 transport fault). */
  | 'transport';

/**
 * A remote URL with `user:pass@` in it: fetch refuses to build such a request, so no client
 * (the panel, the bridge, the agents' own) can reach the server as written.
 */
export class UrlCredentialsError extends Error {
  constructor(url: URL) {
    // The detail is the URL itself; the one redaction masks the password wherever it is shown.
    super(url.href);
    this.name = 'UrlCredentialsError';
  }
}

/** JSON-RPC code of "Unsupported protocol version" (2026-07-28). */
const UNSUPPORTED_VERSION = -32022;

export class TimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeoutError';
  }
}

/** The HTTP status an SDK transport error carries, if any. */
export function httpStatus(err: unknown): number | undefined {
  if (err instanceof SdkHttpError) return typeof err.status === 'number' ? err.status : undefined;
  if (err instanceof SseError) return typeof err.code === 'number' ? err.code : undefined;
  return undefined;
}

export function classifyMcpError(err: unknown): McpFailure {
  if (err instanceof UnauthorizedError) return 'needs-auth';
  const status = httpStatus(err);
  if (status === 401) return 'needs-auth';
  if (err instanceof TimeoutError) return 'timeout';
  if (err instanceof ProtocolError) {
    if (err.code === ProtocolErrorCode.MethodNotFound) return 'method-not-found';
    if (err.code === UNSUPPORTED_VERSION) return 'unsupported-version';
    return 'protocol';
  }
  if (status !== undefined) return 'http';
  if (err instanceof SdkError) {
    switch (err.code) {
      case SdkErrorCode.RequestTimeout:
        return 'timeout';
      case SdkErrorCode.ConnectionClosed:
      case SdkErrorCode.NotConnected:
        return 'closed';
      case SdkErrorCode.EraNegotiationFailed:
        return 'unsupported-version';
      case SdkErrorCode.MethodNotSupportedByProtocolVersion:
        return 'method-not-found';
      case SdkErrorCode.InvalidResult:
      case SdkErrorCode.UnsupportedResultType:
      case SdkErrorCode.InputRequiredRoundsExceeded:
      case SdkErrorCode.ListPaginationExceeded:
      case SdkErrorCode.CapabilityNotSupported:
        return 'protocol';
    }
  }
  if (err instanceof Error && /unsupported protocol version|server's protocol version is not supported/i.test(err.message)) return 'unsupported-version';
  if (err instanceof Error && err.name === 'AbortError') return 'aborted';
  return 'transport';
}
