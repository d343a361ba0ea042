// SEC-4 (issue 35 item 6): one answer of a remote server is held to a bound before the SDK reads
// it (electron/services/mcp/bounded-fetch.ts). Logic only: the base fetch is a stand-in that
// answers with the bodies under test (the real transport and server: security/hostile-content).
import { getEventListeners } from 'node:events';
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

describe('boundedFetch: a signal per request', () => {
  // Node 20's fetch leaves a listener per request on the signal it is given until that request is
  // garbage-collected; the SDK gives every request of a connection its transport's one signal.
  const seen: Array<AbortSignal | null | undefined> = [];
  const recording = (parts: string[], headers: Record<string, string>) =>
    (async (_input: unknown, init?: RequestInit) => {
      seen.push(init?.signal);
      init?.signal?.addEventListener('abort', () => undefined); // as Node's fetch does, removed only at GC
      return new Response(chunks(parts), { headers });
    }) as unknown as typeof fetch;

  it('leaves no listener on the connection signal once each answer is read, cancelled or refused', async () => {
    const outer = new AbortController();
    const f = boundedFetch(recording(['{"jsonrpc":"2.0","id":1,"result":{}}'], { 'content-type': 'application/json' }), LIMIT);
    for (let i = 0; i < 5; i++) await (await f('http://x/mcp', { ...post({ id: i, method: 'm' }), signal: outer.signal })).text();
    await (await f('http://x/mcp', { ...post({ id: 9, method: 'm' }), signal: outer.signal })).body!.cancel();
    const failing = boundedFetch((async () => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch, LIMIT);
    await expect(failing('http://x/mcp', { ...post({ id: 10, method: 'm' }), signal: outer.signal })).rejects.toThrow('fetch failed');
    expect(getEventListeners(outer.signal, 'abort')).toHaveLength(0);
    expect(seen.at(-1)).not.toBe(outer.signal);
  });

  it('aborting the connection aborts a request whose answer is still being read', async () => {
    const outer = new AbortController();
    const f = boundedFetch(recording(['event: message\ndata: {}\n\n'], { 'content-type': 'text/event-stream' }), LIMIT);
    await f('http://x/mcp', { method: 'GET', signal: outer.signal });
    const own = seen.at(-1)!;
    expect(own.aborted).toBe(false);
    outer.abort(new Error('closed'));
    expect(own.aborted).toBe(true);
    expect((own.reason as Error).message).toBe('closed');
  });
});
