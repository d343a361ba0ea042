// inputs.*: the page's side of PROTO-3 (what servers ask of the person mid-request), over the
// host's input desk (inputs/desk.ts).
import type { AppContract } from '../../../shared/contract';
import type { Handlers } from '../../../shared/rpc';
import type { InputDesk } from '../inputs/desk';

type InputHandlers = Pick<Handlers<AppContract>, 'inputs.pending' | 'inputs.answer'>;

export function inputHandlers(desk: InputDesk): InputHandlers {
  return {
    'inputs.pending': () => ({ requests: desk.pending() }),
    'inputs.answer': async ({ requestId, answer }) => {
      await desk.answer(requestId, answer);
      return { pending: desk.pending().length };
    },
  };
}
