// SEC-4 (issue 35 item 6): a remote server's answer is held to a bound before the SDK reads it.
// Over stdio a message over 10 MB is refused (line-buffer.ts); over HTTP the SDK read any body
// whole, so a 300 MB text resource made the host hold about a gigabyte. This fetch counts the
// bytes of every answer as they arrive: a JSON body over MAX_HTTP_MESSAGE_BYTES, or one event of
// an SSE stream over it (counted from the last event boundary, so a long-lived stream of small
// events goes on), fails with a sentence that says so, and the rest is never read.

/** Above CONN-9's 10 MB preview limit (a 12 MB text still reaches the page as its first part), well below what hurts. */
export const MAX_HTTP_MESSAGE_BYTES = 16 * 1024 * 1024;

export class MessageTooLargeError extends Error {
  constructor(readonly limit: number) {
    const size = limit >= 1024 * 1024 ? `${Math.round(limit / (1024 * 1024))} MB` : `${limit} bytes`;
    super(`the server's answer is over ${size}, the limit for one message; it was not read (ask the server for less, e.g. a smaller resource or page)`);
  }
}

/** Bytes since the last SSE event boundary (a blank line: `\n\n` or `\r\n\r\n`). */
function sseCounter(): (chunk: Uint8Array) => number {
  let run = 0;
  let last = -1; // the byte before this chunk (0x0a when it ended a line)
  let prevLast = -1;
  return (chunk) => {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      run++;
      // `\n\n`, or `\n\r\n` (CRLF lines): an event ended.
      if (b === 0x0a && (last === 0x0a || (last === 0x0d && prevLast === 0x0a))) run = 0;
      prevLast = last;
      last = b;
    }
    return run;
  };
}

/**
 * The JSON-RPC ids a POST asks for (the SDK sends one message or a batch as JSON text): when
 * their answer streams in over the bound, each gets an error answer in its place, so the
 * request fails now instead of waiting for its timeout (the SDK's stream reader only reports
 * a broken stream, it does not fail the requests on it).
 */
function requestIds(init: RequestInit | undefined): Array<string | number> {
  if (typeof init?.body !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(init.body);
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    return messages.flatMap((m) => (m && typeof m === 'object' && 'method' in m && 'id' in m && (typeof m.id === 'string' || typeof m.id === 'number') ? [m.id] : []));
  } catch {
    return [];
  }
}

function errorEvents(ids: ReadonlyArray<string | number>, limit: number): Uint8Array {
  const message = new MessageTooLargeError(limit).message;
  // A blank line first: whatever partial event was being sent ends there, unparsed.
  const events = ids.map((id) => `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message } })}\n\n`);
  return new TextEncoder().encode(`\n\n${events.join('')}`);
}

/**
 * `ids` is read only when an answer is over the bound: the request body is not parsed again for
 * every answer. `ended` runs once the body is done with (read to its end, cancelled, failed).
 */
function bounded(body: ReadableStream<Uint8Array>, sse: boolean, limit: number, ids: () => ReadonlyArray<string | number>, ended: () => void): ReadableStream<Uint8Array> {
  let total = 0;
  const count = sse ? sseCounter() : (chunk: Uint8Array) => (total += chunk.length);
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (e) {
        ended();
        throw e;
      }
      const { done, value } = chunk;
      if (done) {
        ended();
        return controller.close();
      }
      if (count(value) <= limit) return controller.enqueue(value);
      ended();
      await reader.cancel().catch(() => undefined);
      const asked = sse ? ids() : [];
      if (asked.length > 0) {
        controller.enqueue(errorEvents(asked, limit));
        return controller.close();
      }
      controller.error(new MessageTooLargeError(limit));
    },
    cancel: (reason) => {
      ended();
      return reader.cancel(reason);
    },
  });
}

/**
 * A signal of this request's own, aborted with `outer` while the request and its answer last.
 * The SDK hands every request of a connection the one signal of its transport, and the fetch of
 * Node 20 leaves a listener on it per request until that request is garbage-collected: over a
 * long session (a bridge forwarding thousands of calls) the listeners pile up, each request
 * scans them, and past 1,500 every call prints a MaxListenersExceededWarning on stderr.
 */
function linkedSignal(outer: AbortSignal): { signal: AbortSignal; unlink: () => void } {
  const own = new AbortController();
  const abort = () => own.abort(outer.reason);
  outer.addEventListener('abort', abort, { once: true });
  return { signal: own.signal, unlink: () => outer.removeEventListener('abort', abort) };
}

const nothing = () => undefined;

export function boundedFetch(base: typeof fetch = fetch, limit = MAX_HTTP_MESSAGE_BYTES): typeof fetch {
  return async (input, init) => {
    const link = init?.signal && !init.signal.aborted ? linkedSignal(init.signal) : undefined;
    const unlink = link?.unlink ?? nothing;
    let res: Response;
    try {
      res = await base(input, link ? { ...init, signal: link.signal } : init);
    } catch (e) {
      unlink();
      throw e;
    }
    if (!res.body) {
      unlink();
      return res;
    }
    const sse = (res.headers.get('content-type') ?? '').includes('text/event-stream');
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (!sse && declared > limit) {
      unlink();
      await res.body.cancel().catch(() => undefined);
      throw new MessageTooLargeError(limit);
    }
    const out = new Response(bounded(res.body, sse, limit, () => requestIds(init), unlink), { status: res.status, statusText: res.statusText, headers: res.headers });
    // A constructed Response has no URL of its own: keep the one the answer came from.
    Object.defineProperty(out, 'url', { value: res.url });
    return out;
  };
}

/** The refusal above, thrown by fetch or answered in place of an SSE event (so matched by its words too). */
export function isMessageTooLarge(err: unknown): boolean {
  return err instanceof MessageTooLargeError || (err instanceof Error && err.message.includes('the limit for one message; it was not read'));
}
