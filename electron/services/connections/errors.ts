// Error classification for CONN-5 (needs-auth) and CONN-6 (what counts as a transport fault).
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ReasonCode, ReasonParams } from '../../../shared/schemas/server';

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

/** An error whose reason code the engine already knows (a lost session, a limit, a budget). */
export class ReasonError extends Error {
  constructor(
    readonly code: ReasonCode,
    /** The raw detail shown after the translated sentence ('' when the code says it all). */
    readonly detail: string,
    readonly params?: ReasonParams,
  ) {
    super(detail || code);
    this.name = 'ReasonError';
  }
}

/** How a live session ended without being asked to. */
export type LostCode = 'exited' | 'connection_closed';

export interface Why {
  code: ReasonCode;
  params?: ReasonParams;
  /** Raw detail: the OS or server message, shown untranslated after the sentence (UI-9). */
  reason: string;
}

/** UI-9: the code of a failed connect, by the error's type; the message stays as the detail. */
export function classify(err: unknown): Why {
  if (err instanceof ReasonError) return { code: err.code, params: err.params, reason: err.detail };
  const reason = errorMessage(err);
  if (isAuthError(err)) return { code: 'auth_required', reason };
  if (err instanceof TimeoutError || isTimeout(err)) return { code: 'timeout', reason };
  if (err instanceof StreamableHTTPError || err instanceof SseError) return { code: 'http_error', params: { status: err.code ?? '?' }, reason };
  const sys = err as { code?: unknown; syscall?: unknown };
  if (typeof sys.syscall === 'string' && sys.syscall.startsWith('spawn')) return { code: 'spawn_failed', reason };
  if (err instanceof McpError) return { code: err.code === ErrorCode.ConnectionClosed ? 'connection_closed' : 'protocol_error', reason };
  return { code: 'connect_failed', reason };
}
