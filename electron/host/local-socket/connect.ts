// The CLI's end of the panel socket: checks the place before it connects (endpoint.ts), then
// sends contract calls (several in flight, matched by id) and hands back the dispatcher's
// Result. No panel, a stale socket from a killed one, or a place that is not private: null,
// and the CLI answers from its caches instead. The CLI calls through `socketTransport` and the
// contract's client (shared/rpc.ts createClient), which checks every answer (issue 36 item 3).
import { connect, type Socket } from 'node:net';
import type { Selection } from '../../../shared/contract';
import { fail } from '../../../shared/errors';
import type { RpcTransport } from '../../../shared/rpc';
import { checkEndpoint, describeProblem } from './endpoint';
import { AnswerSchema, SERVED_METHODS, SelectionConflictSchema, lineReader } from './protocol';
import type { Result } from '../../../shared/result';

export interface PanelClient {
  path: string;
  call(method: string, input: unknown): Promise<Result<unknown>>;
  close(): void;
}

/**
 * A refusal meaning "the panel shows another profile or workspace" (the socket's `conflict`, or
 * the same as socketTransport hands it on).
 */
export function isSelectionConflict(r: { ok: true } | { ok: false; error: { data?: unknown } }): boolean {
  return shownSelection(r) !== null;
}

/** What the panel shows, from its selection refusal (null: the answer is no such refusal). */
export function shownSelection(r: { ok: true } | { ok: false; error: { data?: unknown } }): Selection | null {
  if (r.ok) return null;
  const c = SelectionConflictSchema.safeParse(r.error.data);
  return c.success ? c.data.panel : null;
}

const SERVED = new Set(SERVED_METHODS);

/**
 * The contract client's way over the socket. What the socket says before any method runs (the
 * panel shows another selection, the method is not served) is no answer of the method's: it is
 * handed on as a `transport` failure, words and data kept, so the client never reads it as the
 * method's own error code.
 */
export function socketTransport(client: PanelClient): RpcTransport {
  return {
    async invoke(method, input) {
      const r = await client.call(method, input);
      if (r.ok || !(isSelectionConflict(r) || (r.error.code === 'refused' && !SERVED.has(method)))) return r;
      return { ok: false, error: { ...r.error, code: 'transport' } };
    },
    // The socket answers calls only; it pushes no events.
    subscribe: () => () => {},
  };
}

export async function connectPanel(opts: { dataDir: string; selection: Selection; log?: (line: string) => void }): Promise<PanelClient | null> {
  const log = opts.log ?? (() => {});
  const ep = await checkEndpoint(opts.dataDir);
  if (ep.problem === 'absent') return null;
  if (ep.problem) {
    log(`not asking the running panel: ${describeProblem(ep.problem)}`);
    return null;
  }
  const socket = await new Promise<Socket | null>((done) => {
    const s = connect(ep.path);
    s.once('connect', () => done(s));
    s.once('error', (err: NodeJS.ErrnoException) => {
      // ECONNREFUSED: the file of a panel that was killed; ENOENT: none on Windows.
      if (err.code !== 'ECONNREFUSED' && err.code !== 'ENOENT') log(`not asking the running panel: ${err.message}`);
      done(null);
    });
  });
  if (!socket) return null;

  let next = 1;
  const waiting = new Map<number, (r: Result<unknown>) => void>();
  const failAll = (why: string) => {
    for (const w of waiting.values()) w(fail('transport', why));
    waiting.clear();
  };
  socket.on(
    'data',
    lineReader(
      Number.MAX_SAFE_INTEGER,
      (line) => {
        let parsed;
        try {
          parsed = AnswerSchema.safeParse(JSON.parse(line));
        } catch {
          return failAll('the running panel sent a line that is not JSON');
        }
        if (!parsed.success) return failAll('the running panel sent a malformed answer');
        const { id, result } = parsed.data;
        if (id === null) return failAll(result.ok ? 'the running panel refused the request' : result.error.message);
        waiting.get(id)?.(result);
        waiting.delete(id);
      },
      () => undefined,
    ),
  );
  socket.on('error', (err) => failAll(`the running panel closed the connection: ${err.message}`));
  socket.on('close', () => failAll('the running panel closed the connection'));
  return {
    path: ep.path,
    call(method, input) {
      const id = next++;
      return new Promise((done) => {
        waiting.set(id, done);
        socket.write(JSON.stringify({ id, method, input: input ?? {}, selection: opts.selection }) + '\n');
      });
    },
    close: () => socket.destroy(),
  };
}
