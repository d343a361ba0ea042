// One tool call with CONN-6 fault handling: on a transport fault, ping (5 s); alive → retry
// once on the same session; dead → reconnect and retry once. Every outcome is a result (CONN-9).
import type { McpConnection } from './connection';
import { errorMessage, isAuthError, isProtocolError, isTimeout, isTransportFault } from './errors';
import { convertResult, errorResult } from './results';
import { isMessageTooLarge as tooLarge, MAX_HTTP_MESSAGE_BYTES } from '../mcp/bounded-fetch';
import type { Session } from '../mcp/session';
import type { CallOptions, ConvertedResult } from './types';

/** What a call needs of its connection (connection.ts). */
export type CallTarget = Pick<McpConnection, 'spec' | 'state' | 'lastError' | 'currentSession' | 'openSession' | 'start' | 'drop' | 'needsAuth' | 'pingTimeoutMs'>;

async function alive(s: Session, timeoutMs: number): Promise<boolean> {
  if (s.closed) return false;
  try {
    await s.alive(timeoutMs);
    return true;
  } catch {
    return false;
  }
}

function connectErrorResult(e: CallTarget, err: unknown): ConvertedResult {
  if (isAuthError(err) || e.state.kind === 'needs-auth') {
    return errorResult('needs-auth', `MCP server "${e.spec.name}" needs you to log in (it answered 401). Log in from the panel, then call again.`);
  }
  return errorResult('connect-failed', `Could not connect to MCP server "${e.spec.name}": ${errorMessage(err)}`);
}

function callErrorResult(e: CallTarget, tool: string, timeout: number, err: unknown, signal?: AbortSignal): ConvertedResult {
  // The user cancelled: the SDK already told the server (notifications/cancelled); no retry.
  if (signal?.aborted) return errorResult('cancelled', `The call of tool "${tool}" of "${e.spec.name}" was cancelled.`);
  if (isTimeout(err)) return errorResult('timeout', `Tool "${tool}" of "${e.spec.name}" did not answer within ${timeout} ms.`);
  if (isAuthError(err)) {
    e.needsAuth(errorMessage(err));
    return connectErrorResult(e, err);
  }
  if (isProtocolError(err)) return errorResult('protocol', errorMessage(err));
  const detail = e.currentSession?.lastTransportError ?? e.lastError;
  return errorResult('transport', `Tool "${tool}" of "${e.spec.name}" failed: ${errorMessage(err)}${detail ? ` (${detail})` : ''}`);
}

export async function callWithRetry(
  e: CallTarget,
  tool: string,
  args: Record<string, unknown>,
  timeout: number,
  opts: Pick<CallOptions, 'signal' | 'onprogress'> = {},
): Promise<ConvertedResult> {
  const { signal } = opts;
  const params = { timeoutMs: timeout, signal, onprogress: opts.onprogress };
  const invoke = async (s: Session) => convertResult(await s.callTool(tool, args, params));
  let session = e.openSession();
  if (!session) {
    try {
      session = await e.start();
    } catch (err) {
      return connectErrorResult(e, err);
    }
  }
  try {
    return await invoke(session);
  } catch (err) {
    // SEC-4: an answer over one HTTP message's bound (mcp/bounded-fetch.ts) would only be refused again.
    if (tooLarge(err)) return errorResult('transport', `[MCP content dropped: the answer of ${tool} is over the ${MAX_HTTP_MESSAGE_BYTES / (1024 * 1024)} MB limit of one message]`);
    if (!isTransportFault(err)) return callErrorResult(e, tool, timeout, err, signal);
    // SEC-4: an answer over the SDK's stdio message cap would only be refused again.
    if (session.lastTransportError && /ReadBuffer exceeded/.test(session.lastTransportError)) {
      return errorResult('transport', `[MCP content dropped: the answer of ${tool} exceeded the stdio message size limit]`);
    }
    if (await alive(session, e.pingTimeoutMs)) {
      try {
        return { ...(await invoke(session)), retried: 'after-ping' };
      } catch (err2) {
        return callErrorResult(e, tool, timeout, err2, signal);
      }
    }
    await e.drop(session);
    let fresh: Session;
    try {
      fresh = await e.start();
    } catch (err2) {
      return connectErrorResult(e, err2);
    }
    try {
      return { ...(await invoke(fresh)), retried: 'after-reconnect' };
    } catch (err3) {
      return callErrorResult(e, tool, timeout, err3, signal);
    }
  }
}
