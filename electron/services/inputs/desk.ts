// PROTO-3 on the page: the host's desk of questions servers are waiting on. A request made from
// the page (a tool call, a prompt, a read) that makes its server ask for input — a legacy
// server→client request or a modern `input_required` round, the same here (mcp/inputs.ts) —
// is announced (`inputs.requested`) and held until the person answers (`inputs.answer`, checked
// and turned into the wire answer by settle.ts, the CLI's path too) or the server stops waiting:
// the call ended, was cancelled or timed out (its signal aborts; `inputs.settled` withdrawn).
// A question never outlives the page's requests to its server (`during`): a legacy server whose
// call was cancelled may keep its own server→client request open until its timeout, and the
// person must not be left answering it.
import type { AppContract, PendingInput } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import type { EventHub } from '../../../shared/rpc';
import type { InputAnswer, InputRequest } from '../mcp/types';
import { type AgreedUrlOpener, openableUrl, settleAnswer } from './settle';

/** SEC-4: a server that asks faster than anyone answers gets its extra requests cancelled. */
export const MAX_WAITING = 32;

export interface InputDesk {
  /** The pool's `serverInput` port: resolves with the person's answer, or cancel when the server stops waiting. */
  ask(server: { id: string; name: string }, req: InputRequest, signal: AbortSignal): Promise<InputAnswer>;
  /** The person's answer to a waiting request; `not-found` when it is no longer waiting. */
  answer(requestId: string, answer: InputAnswer): Promise<void>;
  pending(): PendingInput[];
  /** Runs one page request to `serverId`; when the last one ends, what that server still asks is withdrawn. */
  during<T>(serverId: string, fn: () => Promise<T>): Promise<T>;
  /** Every waiting request cancelled (the host is going away). */
  dispose(): void;
}

interface Waiting {
  entry: PendingInput;
  finish(answer: InputAnswer): void;
}

export function createInputDesk(o: { events: Pick<EventHub<AppContract>, 'emit'>; open: AgreedUrlOpener; clock: () => number }): InputDesk {
  const waiting = new Map<string, Waiting>();
  let seq = 0;
  /** Page requests in flight per server. */
  const busy = new Map<string, number>();
  const withdraw = (requestId: string): boolean => {
    const w = waiting.get(requestId);
    if (!w) return false;
    waiting.delete(requestId);
    w.finish({ action: 'cancel' });
    o.events.emit('inputs.settled', { requestId, outcome: 'withdrawn' });
    return true;
  };
  return {
    ask(server, request, signal) {
      if (signal.aborted || waiting.size >= MAX_WAITING) return Promise.resolve({ action: 'cancel' });
      const requestId = `input-${o.clock().toString(36)}-${++seq}`;
      const opener = request.kind !== 'url' ? undefined : !openableUrl(request) ? 'none' : o.open ? 'host' : 'page';
      const entry: PendingInput = { requestId, serverId: server.id, serverName: server.name, at: o.clock(), request, ...(opener ? { opener } : {}) };
      return new Promise<InputAnswer>((resolve) => {
        const onAbort = () => withdraw(requestId);
        signal.addEventListener('abort', onAbort, { once: true });
        waiting.set(requestId, {
          entry,
          finish(answer) {
            signal.removeEventListener('abort', onAbort);
            resolve(answer);
          },
        });
        o.events.emit('inputs.requested', entry);
      });
    },
    async answer(requestId, answer) {
      const gone = () => new AppError('not-found', 'the server is no longer waiting for this answer (its request ended, was cancelled or timed out)', { reason: 'input-gone' });
      const w = waiting.get(requestId);
      if (!w) throw gone();
      // Checked (and a URL opened) first: an answer that does not fit leaves the request waiting.
      const settled = await settleAnswer(w.entry.request, answer, o.open);
      if (waiting.get(requestId) !== w) throw gone();
      waiting.delete(requestId);
      w.finish(settled);
      o.events.emit('inputs.settled', { requestId, outcome: 'answered' });
    },
    pending: () => [...waiting.values()].map((w) => w.entry),
    async during(serverId, fn) {
      busy.set(serverId, (busy.get(serverId) ?? 0) + 1);
      try {
        return await fn();
      } finally {
        const left = (busy.get(serverId) ?? 1) - 1;
        if (left > 0) busy.set(serverId, left);
        else {
          busy.delete(serverId);
          for (const w of [...waiting.values()]) if (w.entry.serverId === serverId) withdraw(w.entry.requestId);
        }
      }
    },
    dispose() {
      for (const id of [...waiting.keys()]) withdraw(id);
    },
  };
}
