// Issue 24 item 4 and UI-8: the other detected agents' servers, read once for the whole page (the
// tab's title and favicon, and the rows below the selected agent's on Servers) and asked again
// when the servers view or another agent's files change (connectStore).
import type { StateCreator } from 'zustand';
import type { AgentServers } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import type { PanelBridge } from '../bridge';
import type { AppState } from './app-store';

export interface OthersSlice {
  others: AgentServers | null;
  othersError: RpcError | null;
  othersLoading: boolean;
  loadOthers(): Promise<void>;
}

export const createOthersSlice =
  (bridge: PanelBridge): StateCreator<AppState, [], [], OthersSlice> =>
  (set) => {
    let generation = 0;
    return {
      others: null,
      othersError: null,
      othersLoading: false,
      async loadOthers() {
        // Only the last question's answer counts: an earlier one may describe files since changed.
        const mine = ++generation;
        set({ othersLoading: true });
        const r = await bridge.call('install.agentServers', {});
        if (mine !== generation) return;
        // A failed refresh keeps the servers shown and says why beside them.
        set(r.ok ? { others: r.value, othersError: null, othersLoading: false } : { othersError: r.error, othersLoading: false });
      },
    };
  };
