// CONN-10 / SEC-4: the traffic log keeps a small message and cuts a big one to text at once.
// Over stdio the transport hands the log each message's own line, so nothing walks or
// stringifies the message; a line from another message would log the wrong text, or let a big
// message into the log whole.
import { afterEach, describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { GroupStdioTransport } from '../../../electron/services/mcp/group-transport';
import { TapTransport } from '../../../electron/services/mcp/tap';
import { materialize, trafficRecord } from '../../../electron/services/mcp/traffic';
import { fixture } from '../connections/helpers';

const big = (n: number): JSONRPCMessage => ({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'x'.repeat(n) }] } });

describe('trafficRecord', () => {
  it('logs a small message whole and a big one cut, from its line or from the message', () => {
    const small: JSONRPCMessage = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo' } };
    const text = JSON.stringify(small);
    expect(materialize(trafficRecord('out', small, 5))).toEqual({ at: 5, dir: 'out', kind: 'request', method: 'tools/call', id: 7, text });
    // The line is the text: as the server wrote it, spaces and all.
    expect(trafficRecord('out', small, 5, '{"jsonrpc": "2.0"}')).toEqual({ at: 5, dir: 'out', kind: 'request', method: 'tools/call', id: 7, text: '{"jsonrpc": "2.0"}' });
    const line = JSON.stringify(big(5_000));
    for (const given of [line, undefined]) {
      const cut = trafficRecord('in', big(5_000), 6, given);
      expect('msg' in cut).toBe(false);
      expect(materialize(cut)).toMatchObject({ kind: 'response', id: 1 });
      expect(materialize(cut).text.length).toBeLessThan(700);
    }
    expect(materialize(trafficRecord('in', { jsonrpc: '2.0', method: 'notifications/progress' } as JSONRPCMessage, 1))).toMatchObject({ kind: 'notification' });
    expect(materialize(trafficRecord('in', { jsonrpc: '2.0', id: 2, error: { code: 1, message: 'no' } } as JSONRPCMessage, 1))).toMatchObject({ kind: 'error', id: 2 });
  });
});

describe('a stdio transport hands the log its lines', () => {
  let transport: GroupStdioTransport | undefined;
  afterEach(async () => {
    await transport?.close();
  });

  it('each message with its own line, both ways', async () => {
    transport = new GroupStdioTransport({ command: process.execPath, args: [fixture('echo'), 'stdio'], env: { PATH: process.env.PATH ?? '' }, cwd: process.cwd() });
    const seen: Array<{ dir: string; msg: JSONRPCMessage; line: string | undefined }> = [];
    const tap = new TapTransport(transport, { message: (dir, msg, line) => seen.push({ dir, msg, line }) });
    const answered = new Promise<void>((resolve) => {
      tap.onmessage = (m) => {
        if ('id' in m && m.id === 2) resolve();
      };
    });
    await tap.start();
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } } as JSONRPCMessage;
    await tap.send(init);
    await tap.send({ jsonrpc: '2.0', method: 'notifications/initialized' } as JSONRPCMessage);
    await tap.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'y'.repeat(3_000) } } } as JSONRPCMessage);
    await answered;
    expect(seen.map((s) => s.dir)).toEqual(['out', 'out', 'out', 'in', 'in']);
    for (const s of seen) expect(JSON.parse(s.line!)).toEqual(s.msg);
    // The echoed 3,000 characters are over the log's bound: cut at once, the line not kept.
    const last = seen.at(-1)!;
    const logged = trafficRecord('in', last.msg, 0, last.line);
    expect('msg' in logged).toBe(false);
    expect(materialize(logged).text.length).toBeLessThan(700);
  });
});
