// SEC-4 (issue 35 item 6): one answer of a remote server is held to a bound before the SDK reads
// it (electron/services/mcp/bounded-fetch.ts). Logic only: the base fetch is a stand-in that
// answers with the bodies under test (the real transport and server: security/hostile-content).
import { describe, expect, it } from 'vitest';
import { boundedFetch, MessageTooLargeError } from '../../../electron/services/mcp/bounded-fetch';

const LIMIT = 1024;
const chunks = (parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(new TextEncoder().encode(p));
      c.close();
    },
  });
const answering = (parts: string[], headers: Record<string, string>) => (async () => new Response(chunks(parts), { headers })) as unknown as typeof fetch;
const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

describe('boundedFetch', () => {
  it('passes an answer within the bound as it came', async () => {
    const f = boundedFetch(answering(['{"jsonrpc":"2.0",', '"id":1,"result":{}}'], { 'content-type': 'application/json' }), LIMIT);
    expect(await (await f('http://x/mcp', post({ id: 1, method: 'm' }))).json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('a JSON answer over the bound fails, whether it says its length or not', async () => {
    const big = 'x'.repeat(LIMIT + 1);
    const said = boundedFetch(answering([big], { 'content-type': 'application/json', 'content-length': String(big.length) }), LIMIT);
    await expect(said('http://x/mcp', post({ id: 1, method: 'm' }))).rejects.toBeInstanceOf(MessageTooLargeError);
    const chunked = boundedFetch(answering(['x'.repeat(600), 'x'.repeat(600)], { 'content-type': 'application/json' }), LIMIT);
    await expect((await chunked('http://x/mcp', post({ id: 1, method: 'm' }))).text()).rejects.toThrow(/over 1024 bytes, the limit for one message/);
  });

  it('an SSE stream of many small events goes on past the bound in total', async () => {
    const event = (n: number) => `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { n, pad: 'p'.repeat(200) } })}\n\n`;
    const parts = Array.from({ length: 20 }, (_, i) => event(i));
    const f = boundedFetch(answering(parts, { 'content-type': 'text/event-stream' }), LIMIT);
    expect(await (await f('http://x/mcp', { method: 'GET' })).text()).toBe(parts.join(''));
  });

  it('one SSE event over the bound ends the stream with an error answer for each request asked', async () => {
    const f = boundedFetch(answering(['event: message\ndata: {"jsonrpc":"2.0","id":7,"result":{"text":"', 'A'.repeat(LIMIT), '"}}\n\n'], { 'content-type': 'text/event-stream' }), LIMIT);
    const text = await (await f('http://x/mcp', post([{ jsonrpc: '2.0', id: 7, method: 'resources/read' }, { jsonrpc: '2.0', method: 'notifications/x' }]))).text();
    const events = text.split('\n\n').filter((e) => e.startsWith('event: message\ndata: {"jsonrpc":"2.0","id":7,"error"'));
    expect(events).toHaveLength(1);
    const answer = JSON.parse(events[0]!.slice('event: message\ndata: '.length)) as { error: { message: string } };
    expect(answer.error.message).toContain("the server's answer is over");
    expect(text).not.toContain('A'.repeat(LIMIT)); // the rest was never passed on
  });
});
