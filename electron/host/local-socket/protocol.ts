// The panel socket's wire format: one JSON document per line each way. A request names a
// contract method (shared/contract) with its input and the selection the CLI asks about; the
// answer is the dispatcher's Result, unchanged. Served: the CLI's reads and its writes (issue 36
// item 3: config entries, workspace trust; the same handlers, so the same refusals and the
// panel's reload), which a process of the user's can make to the files anyway; never a switch of
// the profile or workspace the person is looking at.
import { z } from 'zod';
import { SelectionSchema } from '../../../shared/contract/profiles';
import { ResultEnvelopeSchema } from '../../../shared/errors';
import { contract } from '../../../shared/contract';
import { methodsFor } from '../../../shared/rpc';

/** The same cap as the web host's request body (SEC-2); answers have none (tools.list of 10,000 tools). */
export const MAX_REQUEST_BYTES = 1024 * 1024;

export const RequestSchema = z.object({
  id: z.number().int(),
  method: z.string().max(100),
  input: z.unknown(),
  selection: SelectionSchema,
});

/**
 * The methods the contract marks for the socket (`callers` includes 'socket'; reads and the CLI's
 * config writes, checked by test/unit/contract/contract-meta.test.ts). PROTO-2:
 * `servers.refreshLists` drops a cache (the next read asks the server), nothing a file holds.
 */
export const SERVED_METHODS: readonly string[] = methodsFor(contract, 'socket');

export const AnswerSchema = z.object({ id: z.number().int().nullable(), result: ResultEnvelopeSchema });
export type SocketAnswer = z.infer<typeof AnswerSchema>;

/** `conflict` answers carry this when the panel shows another profile or workspace. */
export const SelectionConflictSchema = z.object({ reason: z.literal('selection'), panel: SelectionSchema });

/** Splits a byte stream into lines; refuses a line longer than `max` (the caller closes). */
export function lineReader(max: number, onLine: (line: string) => void, onTooLong: () => void): (chunk: Buffer) => void {
  let pending: Buffer[] = [];
  let size = 0;
  return (chunk) => {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      const part = chunk.subarray(start, nl);
      if (size + part.length > max) return onTooLong();
      const line = Buffer.concat([...pending, part]).toString('utf8');
      pending = [];
      size = 0;
      start = nl + 1;
      onLine(line);
    }
    const rest = chunk.subarray(start);
    size += rest.length;
    if (size > max) return onTooLong();
    if (rest.length) pending.push(Buffer.from(rest));
  };
}
