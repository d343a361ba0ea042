// Error classification for CONN-5 (needs-auth) and CONN-6 (what counts as a transport fault).
import { classifyMcpError, httpStatus, TimeoutError, UrlCredentialsError } from '../mcp/errors';
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
  return classifyMcpError(err) === 'needs-auth';
}

export function isTimeout(err: unknown): boolean {
  return classifyMcpError(err) === 'timeout';
}

/** The server answered with a JSON-RPC error: the connection is fine, the call is not. */
export function isProtocolError(err: unknown): boolean {
  const kind = classifyMcpError(err);
  return kind === 'protocol' || kind === 'method-not-found' || kind === 'unsupported-version';
}

/** Anything else during a call (closed connection, failed fetch, dropped socket) is a transport fault (CONN-6). */
export function isTransportFault(err: unknown): boolean {
  const kind = classifyMcpError(err);
  return kind === 'transport' || kind === 'closed' || kind === 'http';
}

export { TimeoutError };

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

export interface Why {
  code: ReasonCode;
  params?: ReasonParams;
  /** Raw detail: the OS or server message, shown untranslated after the sentence (UI-9). */
  reason: string;
}

/** UI-9: the code of a failed connect, by the error's type; the message stays as the detail. */
export function classify(err: unknown): Why {
  if (err instanceof ReasonError) return { code: err.code, params: err.params, reason: err.detail };
  if (err instanceof UrlCredentialsError) return { code: 'url_credentials', reason: err.message };
  const reason = errorMessage(err);
  const kind = classifyMcpError(err);
  if (kind === 'needs-auth') return { code: 'auth_required', reason };
  if (kind === 'timeout') return { code: 'timeout', reason };
  if (kind === 'http') return { code: 'http_error', params: { status: httpStatus(err) ?? '?' }, reason };
  const sys = err as { code?: unknown; syscall?: unknown };
  if (typeof sys.syscall === 'string' && sys.syscall.startsWith('spawn')) return { code: 'spawn_failed', reason };
  if (kind === 'closed') return { code: 'connection_closed', reason };
  if (kind === 'protocol' || kind === 'method-not-found' || kind === 'unsupported-version') return { code: 'protocol_error', reason };
  return { code: 'connect_failed', reason };
}
