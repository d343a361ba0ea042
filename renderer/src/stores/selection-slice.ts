// Profile and workspace pickers (CFG-12: detected agents first), and trust (CFG-10).
import type { StateCreator } from 'zustand';
import type { Profiles, Selection } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import type { PanelBridge } from '../bridge';
import type { AppState } from './app-store';

export interface SelectionSlice {
  profiles: Profiles | null;
  selectionError: RpcError | null;
  loadProfiles(): Promise<void>;
  /** Answers the refusal (a folder that is not there), null when selected. */
  select(next: Selection): Promise<RpcError | null>;
  trustWorkspace(workspace: string): Promise<void>;
}

export const createSelectionSlice =
  (bridge: PanelBridge): StateCreator<AppState, [], [], SelectionSlice> =>
  (set, get) => ({
    profiles: null,
    selectionError: null,
    async loadProfiles() {
      const r = await bridge.call('profiles.detect', {});
      set(r.ok ? { profiles: r.value, selectionError: null } : { selectionError: r.error });
    },
    async select(next) {
      const r = await bridge.call('profiles.select', next);
      if (!r.ok) {
        set({ selectionError: r.error });
        return r.error;
      }
      set({ selectionError: null });
      await get().loadProfiles();
      return null;
    },
    async trustWorkspace(workspace) {
      const r = await bridge.call('workspace.trust', { workspace, trusted: true });
      if (!r.ok) return set({ selectionError: r.error });
    },
  });
