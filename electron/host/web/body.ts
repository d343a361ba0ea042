// Request bodies of the web host: bounded, and an over-limit body is answered with 413 that
// the client can actually read (SEC-2). Destroying the socket mid-upload made the client see
// a connection reset instead: the rest of the body is read and thrown away first, up to a
// drain limit; beyond that the socket is cut after the answer (a client sending that much
// gets no guarantee). The server's requestTimeout bounds how long any of this can take.
import type { IncomingMessage } from 'node:http';

export const MAX_BODY = 1024 * 1024;
/** How much of an over-limit body is drained so the 413 arrives intact. */
export const MAX_DRAIN = 16 * 1024 * 1024;

export type BodyResult = { ok: true; text: string } | { ok: false; drained: boolean };

export function readBody(req: IncomingMessage, max = MAX_BODY, maxDrain = MAX_DRAIN): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  // Declared too large to drain: answer without reading a byte.
  if (declared > maxDrain) return Promise.resolve({ ok: false, drained: false });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size <= max) chunks.push(c);
      else if (size > maxDrain) {
        req.off('data', onData);
        req.pause();
        resolve({ ok: false, drained: false });
      }
    };
    req.on('data', onData);
    req.once('end', () => resolve(size > max ? { ok: false, drained: true } : { ok: true, text: Buffer.concat(chunks).toString('utf8') }));
    req.once('error', reject);
  });
}
