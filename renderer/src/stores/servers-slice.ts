// Servers (UI-1): a cache of the host's read model, patched by `servers.stateChanged` and
// replaced by the view each `servers.changed` carries (no refetch after an event).
import type { StateCreator } from 'zustand';
import type { ServersView } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import type { PanelBridge } from '../bridge';
import type { AppState } from './app-store';

export interface ServersSlice {
  view: ServersView | null;
  loading: boolean;
  loadError: RpcError | null;
  /** Last failed action (reconnect, enable…), shown near the list with what to do. */
  actionError: RpcError | null;
  busy: Record<string, boolean>;
  loadServers(): Promise<void>;
  /** The view a `servers.changed` event carried. */
  applyView(view: ServersView): void;
  reconnect(id: string): Promise<void>;
  setEnabled(id: string, enabled: boolean): Promise<void>;
  applyStateChange(ev: { id: string; state: ServersView['servers'][number]['state']; toolCount: number | null }): void;
}

export const createServersSlice =
  (bridge: PanelBridge): StateCreator<AppState, [], [], ServersSlice> =>
  (set, get) => {
    let generation = 0;
    const action = async (id: string, run: () => ReturnType<PanelBridge['call']>) => {
      set((s) => ({ busy: { ...s.busy, [id]: true }, actionError: null }));
      const r = await run();
      set((s) => ({ busy: { ...s.busy, [id]: false }, actionError: r.ok ? null : r.error }));
    };
    return {
      view: null,
      loading: false,
      loadError: null,
      actionError: null,
      busy: {},
      async loadServers() {
        const mine = ++generation; // a slow answer never overwrites a newer one
        set({ loading: true });
        const r = await bridge.call('servers.list', {});
        if (mine !== generation) return;
        set(r.ok ? { view: r.value, loading: false, loadError: null } : { loading: false, loadError: r.error });
      },
      applyView(view) {
        generation++; // a list answer already on its way is older than this
        set({ view, loading: false, loadError: null });
      },
      reconnect: (id) => action(id, () => bridge.call('servers.reconnect', { id })),
      // The host answers with `servers.changed` carrying the new view.
      setEnabled: (id, enabled) => action(id, () => bridge.call('servers.setEnabled', { id, enabled })),
      applyStateChange({ id, state, toolCount }) {
        const view = get().view;
        if (!view || !view.servers.some((s) => s.id === id)) return;
        set({
          view: {
            ...view,
            servers: view.servers.map((s) =>
              s.id !== id
                ? s
                : {
                    ...s,
                    state,
                    toolCount: state.kind === 'connected' ? state.toolCount : (toolCount ?? s.toolCount),
                    connectMs: state.kind === 'connected' ? state.connectMs : s.connectMs,
                    lastError: state.kind === 'failed' || state.kind === 'needs-auth' ? state.reason : s.lastError,
                  },
            ),
          },
        });
      },
    };
  };
