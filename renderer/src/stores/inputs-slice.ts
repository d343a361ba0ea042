// PROTO-3: what servers are asking the person right now (the host's input desk), oldest first.
// A request arrives as `inputs.requested` and leaves as `inputs.settled` (answered here or in
// another window, or withdrawn by the server); `loadInputs` asks the host once for what is
// waiting (page load, event socket reconnect). The dialog answers the first one.
import type { StateCreator } from 'zustand';
import type { InputAnswer, PendingInput } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import type { PanelBridge } from '../bridge';
import type { AppState } from './app-store';

export interface InputsSlice {
  inputs: PendingInput[];
  /** The host refused the last answer (it did not fit, the request was gone); the dialog says so. */
  inputError: { requestId: string; error: RpcError } | null;
  inputBusy: string | null;
  loadInputs(): Promise<void>;
  /** True when the host took the answer. */
  answerInput(requestId: string, answer: InputAnswer): Promise<boolean>;
  applyInputRequested(p: PendingInput): void;
  applyInputSettled(requestId: string): void;
}

export const createInputsSlice =
  (bridge: PanelBridge): StateCreator<AppState, [], [], InputsSlice> =>
  (set, get) => ({
    inputs: [],
    inputError: null,
    inputBusy: null,
    async loadInputs() {
      const r = await bridge.call('inputs.pending', {});
      if (r.ok) set({ inputs: [...r.value.requests].sort((a, b) => a.at - b.at) });
    },
    async answerInput(requestId, answer) {
      set({ inputBusy: requestId, inputError: null });
      const r = await bridge.call('inputs.answer', { requestId, answer });
      if (r.ok) {
        get().applyInputSettled(requestId);
        return true;
      }
      // Gone meanwhile: nothing left to answer; anything else stays for another try.
      if (r.error.code === 'not-found') get().applyInputSettled(requestId);
      set({ inputBusy: null, inputError: { requestId, error: r.error } });
      return false;
    },
    applyInputRequested: (p) => set((s) => (s.inputs.some((x) => x.requestId === p.requestId) ? s : { inputs: [...s.inputs, p] })),
    applyInputSettled: (requestId) =>
      set((s) => ({ inputs: s.inputs.filter((x) => x.requestId !== requestId), inputBusy: s.inputBusy === requestId ? null : s.inputBusy })),
  });
