// The bridge's stdio server transport (mcp/agent-side.ts) stands in for the SDK's
// StdioServerTransport so a bridge start does not load the server package: both are fed the same
// bytes on the same kind of streams, and must deliver, report, write and close alike.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { AgentStdioTransport } from '../../../electron/services/mcp/agent-side';

interface Seen {
  events: string[];
  out: string;
}

async function drive(make: (stdin: PassThrough, stdout: PassThrough) => Transport, feed: (stdin: PassThrough) => void, reply?: JSONRPCMessage): Promise<Seen> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const seen: Seen = { events: [], out: '' };
  stdout.on('data', (d: Buffer) => (seen.out += d.toString()));
  const t = make(stdin, stdout);
  t.onmessage = (m) => seen.events.push(`message ${JSON.stringify(m)}`);
  t.onerror = (e) => seen.events.push(`error ${e.constructor.name}`);
  t.onclose = () => seen.events.push('close');
  await t.start();
  if (reply) await t.send(reply);
  feed(stdin);
  await new Promise((r) => setTimeout(r, 30));
  await t.send({ jsonrpc: '2.0', method: 'notifications/late' }).then(
    () => seen.events.push('sent after'),
    () => seen.events.push('refused after'),
  );
  return seen;
}

const sdk = (i: PassThrough, o: PassThrough) => new StdioServerTransport(i, o) as unknown as Transport;
const ours = (i: PassThrough, o: PassThrough) => new AgentStdioTransport(i, o);

describe('the bridge agent-side transport', () => {
  const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'a', version: '1' } } });
  const cases: Array<[string, (stdin: PassThrough) => void]> = [
    ['whole lines, then the agent closes stdin', (s) => {
      s.write(`${init}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n`);
      s.end();
    }],
    ['a message split across chunks, CRLF, a bad line between good ones', (s) => {
      s.write('{"jsonrpc":"2.0","id":2,"met');
      s.write('hod":"tools/list"}\r\nnot json\n{"jsonrpc":"2.0","id":3,"method":"ping"}\n');
    }],
    ['a line that is JSON but not JSON-RPC, and an empty line', (s) => {
      s.write('{"hello":1}\n\n{"jsonrpc":"2.0","id":4,"result":{}}\n');
    }],
    ['stdin destroyed', (s) => {
      s.write(`${init}\n`);
      s.destroy();
    }],
  ];
  for (const [name, feed] of cases) {
    it(`acts as the SDK's: ${name}`, async () => {
      const reply: JSONRPCMessage = { jsonrpc: '2.0', id: 0, result: { ok: true } };
      const [a, b] = await Promise.all([drive(sdk, feed, reply), drive(ours, feed, reply)]);
      expect(b).toEqual(a);
      expect(a.events.length).toBeGreaterThan(1);
    });
  }

  it('refuses a message over the size cap as the SDK does, and stops reading', async () => {
    const feed = (s: PassThrough) => {
      s.write('"' + 'x'.repeat(11 * 1024 * 1024));
      s.write('\n{"jsonrpc":"2.0","id":5,"method":"ping"}\n');
    };
    const [a, b] = await Promise.all([drive(sdk, feed), drive(ours, feed)]);
    expect(b).toEqual(a);
  });
});
