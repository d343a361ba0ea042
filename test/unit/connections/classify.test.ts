// UI-9: a failed connect becomes a reason code by the error's type; its message stays the detail.
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { classify, ReasonError, TimeoutError } from '../../../electron/services/connections/errors';

describe('classify', () => {
  it('names spawn failures, timeouts, HTTP and protocol errors, and keeps the raw message', () => {
    const enoent = Object.assign(new Error('spawn nope ENOENT'), { code: 'ENOENT', syscall: 'spawn nope' });
    expect(classify(enoent)).toEqual({ code: 'spawn_failed', reason: 'spawn nope ENOENT' });
    expect(classify(new TimeoutError('did not finish starting within 10 ms')).code).toBe('timeout');
    expect(classify(new StreamableHTTPError(500, 'boom'))).toMatchObject({ code: 'http_error', params: { status: 500 } });
    expect(classify(new StreamableHTTPError(401, 'no'))).toMatchObject({ code: 'auth_required' });
    expect(classify(new McpError(ErrorCode.ConnectionClosed, 'closed')).code).toBe('connection_closed');
    expect(classify(new McpError(ErrorCode.InvalidRequest, 'bad')).code).toBe('protocol_error');
    expect(classify(new Error('something else'))).toEqual({ code: 'connect_failed', reason: 'something else' });
  });

  it('passes through a code the engine already knew', () => {
    expect(classify(new ReasonError('exited', 'last stderr line: oops'))).toEqual({ code: 'exited', params: undefined, reason: 'last stderr line: oops' });
  });
});
