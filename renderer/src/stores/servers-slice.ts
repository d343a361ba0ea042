// Servers (UI-1): a cache of the host's read model, patched by `servers.stateChanged` and
// replaced by the view each `servers.changed` carries (no refetch after an event).
import type { StateCreator } from 'zustand';
import type { ServersView, TryLaunchOutcome } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import type { PanelBridge } from '../bridge';
import type { AppState } from './app-store';
import type { Result } from '../../../shared/result';

export interface ServersSlice {
  view: ServersView | null;
  loading: boolean;
  loadError: RpcError | null;
  busy: Record<string, boolean>;
  loadServers(): Promise<void>;
  /** The view a `servers.changed` event carried. */
  applyView(view: ServersView): void;
  /** Each action answers its own outcome (the row it changed, or why not) to the one who asked. */
  reconnect(id: string): Promise<Result<{ server: ServerRow }>>;
  setEnabled(id: string, enabled: boolean): Promise<Result<{ server: ServerRow }>>;
  applyStateChange(ev: { id: string; state: ServersView['servers'][number]['state']; toolCount: number | null; toolsChanged?: ServersView['servers'][number]['toolsChanged']; findings?: number; skillsChanged?: boolean; agent?: ServersView['servers'][number]['agent'] }): void;
  /** "try launch" per server: running, then what it printed, until closed. */
  tries: Record<string, { running: boolean; result: TryLaunchOutcome | null; error: RpcError | null }>;
  tryLaunch(id: string): Promise<void>;
  closeTry(id: string): void;
}

type ServerRow = ServersView['servers'][number];
const NO_SERVERS: ServerRow[] = [];
/**
 * The servers on screen, or one shared empty list until the first load: a selector must not
 * return a new array each time (zustand would re-render for ever: a view opened before the
 * servers had loaded hit React's "Maximum update depth exceeded").
 */
export const selectServers = (s: Pick<ServersSlice, 'view'>): ServerRow[] => s.view?.servers ?? NO_SERVERS;

export const createServersSlice =
  (bridge: PanelBridge): StateCreator<AppState, [], [], ServersSlice> =>
  (set, get) => {
    let generation = 0;
    let shownGeneration = 0;
    type StateEvent = Parameters<ServersSlice['applyStateChange']>[0];
    type Row = ServersView['servers'][number];
    /**
     * Every server's latest state event. A list answer travels over HTTP and events over the
     * WebSocket, so an event can arrive before (or while) the list that is older than it: the
     * newer `since` wins, whichever way they came, and an early event is never dropped.
     */
    const latest = new Map<string, StateEvent>();
    const patch = (row: Row, ev: StateEvent): Row => ({
      ...row,
      state: ev.state,
      toolCount: ev.state.kind === 'connected' ? ev.state.toolCount : (ev.toolCount ?? row.toolCount),
      connectMs: ev.state.kind === 'connected' ? ev.state.connectMs : row.connectMs,
      lastError: ev.state.kind === 'failed' || ev.state.kind === 'needs-auth' ? ev.state.reason : row.lastError,
      ...(ev.toolsChanged !== undefined ? { toolsChanged: ev.toolsChanged } : {}),
      // CONN-11: the count follows the list it was made on (none once it is not connected).
      findings: ev.state.kind === 'connected' ? (ev.findings || undefined) : undefined,
      // SKILL-2: the flag follows the listing it was made on.
      skillsChanged: ev.state.kind === 'connected' && ev.skillsChanged ? true : undefined,
      // The agent's verdict follows the state it was computed from.
      agent: ev.agent ?? row.agent,
    });
    /**
     * A list with the state events newer than it applied, and each row the same as the one on
     * screen kept as that object: the table's rows are memoised, so a list that changes nothing
     * (the refetch when the event stream opens) draws nothing again (issue 40).
     */
    const withLatest = (view: ServersView): ServersView => {
      const shown = new Map(get().view?.servers.map((r) => [r.id, r]));
      return {
        ...view,
        servers: view.servers.map((row) => {
          const ev = latest.get(row.id);
          const next = ev && ev.state.since >= row.state.since ? patch(row, ev) : row;
          const before = shown.get(next.id);
          // Both came through the same contract parse, so their keys are in the same order.
          return before && JSON.stringify(before) === JSON.stringify(next) ? before : next;
        }),
      };
    };
    /** Runs one action on a row; the row it answers replaces the one shown unless a newer state came first. */
    const action = async (id: string, run: () => Promise<Result<{ server: Row }>>): Promise<Result<{ server: Row }>> => {
      set((s) => ({ busy: { ...s.busy, [id]: true } }));
      const r = await run();
      set((s) => ({ busy: { ...s.busy, [id]: false } }));
      const view = get().view;
      if (r.ok && view) {
        const fresh = r.value.server;
        set({ view: { ...view, servers: view.servers.map((row) => (row.id === fresh.id && fresh.state.since >= row.state.since ? fresh : row)) } });
      }
      return r;
    };
    return {
      view: null,
      loading: false,
      loadError: null,
      busy: {},
      tries: {},
      async tryLaunch(id) {
        set((s) => ({ tries: { ...s.tries, [id]: { running: true, result: null, error: null } } }));
        const r = await bridge.call('doctor.tryLaunch', { id });
        set((s) => ({ tries: { ...s.tries, [id]: { running: false, result: r.ok ? r.value : null, error: r.ok ? null : r.error } } }));
      },
      closeTry(id) {
        set((s) => {
          const { [id]: _closed, ...rest } = s.tries;
          return { tries: rest };
        });
      },
      async loadServers() {
        // An answer older than the one shown is dropped; one newer is shown even while a later
        // request is still out (the page's first list is not held back by the refetch asked when
        // the event stream opens: issue 40).
        const mine = ++generation;
        set({ loading: true });
        const r = await bridge.call('servers.list', {});
        if (mine < shownGeneration) return;
        if (r.ok) shownGeneration = mine;
        else if (mine !== generation) return; // a later request may still succeed
        const loading = mine !== generation;
        set(r.ok ? { view: withLatest(r.value), loading, loadError: null } : { loading: false, loadError: r.error });
      },
      applyView(view) {
        shownGeneration = ++generation; // a list answer already on its way is older than this
        set({ view: withLatest(view), loading: false, loadError: null });
      },
      reconnect: (id) => action(id, () => bridge.call('servers.reconnect', { id })),
      // The host answers with `servers.changed` carrying the new view.
      setEnabled: (id, enabled) => action(id, () => bridge.call('servers.setEnabled', { id, enabled })),
      applyStateChange(ev) {
        latest.set(ev.id, ev);
        const view = get().view;
        if (!view || !view.servers.some((s) => s.id === ev.id)) return;
        set({ view: { ...view, servers: view.servers.map((s) => (s.id === ev.id ? patch(s, ev) : s)) } });
      },
    };
  };
