// Error classification for CONN-5 (needs-auth) and CONN-6 (what counts as a transport fault).
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

export function errorMessage(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    const extra = cause instanceof Error && !err.message.includes(cause.message) ? ` (${cause.message})` : '';
    return err.message + extra;
  }
  return String(err);
}

/** A remote answered 401: the server goes to needs-auth (AUTH-1), not failed. */
export function isAuthError(err: unknown): boolean {
  if (err instanceof UnauthorizedError) return true;
  if (err instanceof StreamableHTTPError || err instanceof SseError) return err.code === 401;
  return false;
}

export function isTimeout(err: unknown): boolean {
  return err instanceof McpError && err.code === ErrorCode.RequestTimeout;
}

/** The server answered with a JSON-RPC error: the connection is fine, the call is not. */
export function isProtocolError(err: unknown): boolean {
  return err instanceof McpError && err.code !== ErrorCode.ConnectionClosed && err.code !== ErrorCode.RequestTimeout;
}

/** Anything else during a call (closed connection, failed fetch, dropped socket) is a transport fault (CONN-6). */
export function isTransportFault(err: unknown): boolean {
  return !isProtocolError(err) && !isTimeout(err) && !isAuthError(err) && !(err instanceof Error && err.name === 'AbortError');
}

export class TimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeoutError';
  }
}
