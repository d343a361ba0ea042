// One store made of slices; each slice factory takes the bridge, so tests inject a fake.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Locale } from '../../../shared/i18n';
import type { PanelBridge } from '../bridge';
import { createSelectionSlice, type SelectionSlice } from './selection-slice';
import { createServersSlice, type ServersSlice } from './servers-slice';
import { createUiSlice, type UiSlice } from './ui-slice';

export type AppState = ServersSlice & SelectionSlice & UiSlice;
export type AppStore = StoreApi<AppState>;

export function createAppStore(bridge: PanelBridge, locale: Locale = 'en'): AppStore {
  return createStore<AppState>()((...a) => ({
    ...createServersSlice(bridge)(...a),
    ...createSelectionSlice(bridge)(...a),
    ...createUiSlice(locale)(...a),
  }));
}

/** Follow the host: patch on state changes, refetch on config changes. Returns a disposer. */
export function connectStore(store: AppStore, bridge: PanelBridge): () => void {
  const offs = [
    bridge.on('servers.stateChanged', (ev) => store.getState().applyStateChange(ev)),
    bridge.on('servers.changed', () => void store.getState().loadServers()),
  ];
  return () => offs.forEach((off) => off());
}
