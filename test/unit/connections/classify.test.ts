// UI-9: a failed connect becomes a reason code by the error's type; its message stays the detail.
// The errors are SDK v2's own classes, so its silent breaks (HTTP status on `.status`, string
// timeout/closed codes, SSE keeping a numeric `.code`) are pinned here.
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, SdkHttpError, SseError, UnauthorizedError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { classify, isTransportFault, ReasonError, TimeoutError } from '../../../electron/services/connections/errors';
import { classifyMcpError } from '../../../electron/services/mcp/errors';

const http = (status: number) => new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `HTTP ${status}`, { status, statusText: '' });

describe('classify', () => {
  it('names spawn failures, timeouts, HTTP and protocol errors, and keeps the raw message', () => {
    const enoent = Object.assign(new Error('spawn nope ENOENT'), { code: 'ENOENT', syscall: 'spawn nope' });
    expect(classify(enoent)).toEqual({ code: 'spawn_failed', reason: 'spawn nope ENOENT' });
    expect(classify(new TimeoutError('did not finish starting within 10 ms')).code).toBe('timeout');
    expect(classify(http(500))).toMatchObject({ code: 'http_error', params: { status: 500 } });
    expect(classify(new SdkError(SdkErrorCode.ConnectionClosed, 'closed')).code).toBe('connection_closed');
    expect(classify(new ProtocolError(ProtocolErrorCode.InvalidRequest, 'bad')).code).toBe('protocol_error');
    expect(classify(new Error('something else'))).toEqual({ code: 'connect_failed', reason: 'something else' });
  });

  it('a 401 is needs-auth whichever transport said it (status on .status for HTTP, .code for SSE)', () => {
    expect(classify(http(401))).toMatchObject({ code: 'auth_required' });
    expect(classify(new SdkHttpError(SdkErrorCode.ClientHttpAuthentication, 'Unauthorized', { status: 401 })).code).toBe('auth_required');
    expect(classifyMcpError(new SseError(401, 'no', {} as never))).toBe('needs-auth');
    expect(classifyMcpError(new UnauthorizedError('login required'))).toBe('needs-auth');
  });

  it('string-coded timeout and closed errors keep their meaning for CONN-6', () => {
    expect(classifyMcpError(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'))).toBe('timeout');
    expect(isTransportFault(new SdkError(SdkErrorCode.RequestTimeout, 'x'))).toBe(false);
    expect(isTransportFault(new SdkError(SdkErrorCode.ConnectionClosed, 'x'))).toBe(true);
    expect(isTransportFault(new ProtocolError(ProtocolErrorCode.InvalidParams, 'x'))).toBe(false);
  });

  it('an era mismatch is an unsupported version, and a method the era dropped is not found', () => {
    expect(classifyMcpError(new ProtocolError(-32022, 'Unsupported protocol version: 2025-11-25'))).toBe('unsupported-version');
    expect(classifyMcpError(new SdkError(SdkErrorCode.EraNegotiationFailed, 'no overlap'))).toBe('unsupported-version');
    expect(classifyMcpError(new SdkError(SdkErrorCode.MethodNotSupportedByProtocolVersion, 'ping'))).toBe('method-not-found');
  });

  it('passes through a code the engine already knew', () => {
    expect(classify(new ReasonError('exited', 'last stderr line: oops'))).toEqual({ code: 'exited', params: undefined, reason: 'last stderr line: oops' });
  });
});
