// One store made of slices; each slice factory takes the bridge, so tests inject a fake.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Locale } from '../../../shared/i18n';
import type { PanelBridge } from '../bridge';
import { createSelectionSlice, type SelectionSlice } from './selection-slice';
import { createServersSlice, type ServersSlice } from './servers-slice';
import { createUiSlice, type UiSlice } from './ui-slice';
import { createToolsSlice, type ToolsSlice } from './tools-slice';
import { createRulesSlice, type RulesSlice } from './rules-slice';
import { createAuthSlice, type AuthSlice } from './auth-slice';
import { createEditorSlice, type EditorSlice } from './editor-slice';
import { createDetailSlice, type DetailSlice } from './detail-slice';
import { createSnapshotSlice, type SnapshotSlice } from './snapshot-slice';
import { createAboutSlice, type AboutSlice } from './about-slice';
import { createInputsSlice, type InputsSlice } from './inputs-slice';
import { createContextPlanSlice, type ContextPlanSlice } from './context-plan-slice';
import { createFixesSlice, type FixesSlice } from './fixes-slice';
import { createOthersSlice, type OthersSlice } from './others-slice';

export type AppState = ServersSlice & SelectionSlice & UiSlice & ToolsSlice & RulesSlice & AuthSlice & EditorSlice & DetailSlice & SnapshotSlice & AboutSlice & InputsSlice & ContextPlanSlice & FixesSlice & OthersSlice;
export type AppStore = StoreApi<AppState>;

export function createAppStore(bridge: PanelBridge, locale: Locale = 'en'): AppStore {
  return createStore<AppState>()((...a) => ({
    ...createServersSlice(bridge)(...a),
    ...createSelectionSlice(bridge)(...a),
    ...createUiSlice(locale, bridge)(...a),
    ...createToolsSlice(bridge)(...a),
    ...createRulesSlice(bridge)(...a),
    ...createAuthSlice(bridge)(...a),
    ...createEditorSlice(bridge)(...a),
    ...createDetailSlice(bridge)(...a),
    ...createSnapshotSlice(bridge)(...a),
    ...createAboutSlice(bridge)(...a),
    ...createInputsSlice(bridge)(...a),
    ...createContextPlanSlice(bridge)(...a),
    ...createFixesSlice(bridge)(...a),
    ...createOthersSlice(bridge)(...a),
  }));
}

/** Follow the host: patch on state changes, take the view config changes carry. Returns a disposer. */
export function connectStore(store: AppStore, bridge: PanelBridge): () => void {
  // A server that connects (or drops) changes the tool list: refresh the views built on it
  // once the burst of state changes settles.
  let toolsTimer: ReturnType<typeof setTimeout> | undefined;
  const refreshTools = () => {
    clearTimeout(toolsTimer);
    toolsTimer = setTimeout(() => {
      const s = store.getState();
      if (s.section === 'tools' || s.section === 'disclosure' || s.section === 'permissions') {
        void s.loadTools();
        if (s.section === 'disclosure') void s.loadPlan();
        if (s.section === 'permissions') void s.runSimulation();
      }
    }, 300);
  };
  const offs = [
    () => clearTimeout(toolsTimer),
    bridge.on('servers.stateChanged', (ev) => {
      store.getState().applyStateChange(ev);
      refreshTools();
    }),
    bridge.on('servers.changed', (ev) => {
      const s = store.getState();
      if (ev.view) s.applyView(ev.view);
      else {
        // Events may have been missed (socket reconnect): what servers wait on is asked again too.
        void s.loadServers();
        void s.loadInputs();
      }
      // Views that show derived data refresh only when they are on screen.
      if (s.section === 'tools' || s.section === 'disclosure') void s.loadTools();
      if (s.section === 'login') void s.loadAuth();
    }),
    bridge.on('auth.progress', (ev) => store.getState().applyProgress(ev.id, ev.progress)),
    bridge.on('tools.progress', (ev) => store.getState().applyCallProgress(ev)),
    // PROTO-3: a server asks the person something mid-request (the input dialog shows it).
    bridge.on('inputs.requested', (ev) => store.getState().applyInputRequested(ev)),
    bridge.on('inputs.settled', (ev) => store.getState().applyInputSettled(ev.requestId)),
    // UI-10: a tray fix that needs the person opens the page on it.
    bridge.on('app.navigate', (ev) => void store.getState().showServer(ev.serverId, ev.show)),
    // Issue 34: another agent's files changed (the host watches them).
    bridge.on('install.agentsChanged', () => void store.getState().loadOthers()),
    // A new servers view (first load, another agent or workspace, a config change) changes which
    // of the other agents' servers run the same as the selected agent's.
    store.subscribe((s, prev) => {
      if (s.view && s.view.loadedAt !== prev.view?.loadedAt) void s.loadOthers();
    }),
  ];
  return () => offs.forEach((off) => off());
}
