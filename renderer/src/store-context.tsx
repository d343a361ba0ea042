import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { translator, type Translator } from '../../shared/i18n';
import type { PanelBridge } from './bridge';
import type { AppState, AppStore } from './stores/app-store';

export const StoreContext = createContext<AppStore | null>(null);

export function useApp<T>(selector: (s: AppState) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new Error('StoreContext missing');
  return useStore(store, selector);
}

export function useT(): Translator {
  const locale = useApp((s) => s.locale);
  return translator(locale);
}

/**
 * The bridge itself, for components that follow one event stream of their own (live agent
 * bridges, a failed row's stderr tail) without a store slice. Null where a test mounts without it.
 */
export const BridgeContext = createContext<PanelBridge | null>(null);

export function useBridge(): PanelBridge | null {
  return useContext(BridgeContext);
}
