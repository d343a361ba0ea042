// Settings' facts about the panel (issue 22): version, data folder, keychain, kept secrets
// (names and owners only), trusted workspaces, and revoking a trust from there.
import type { StateCreator } from 'zustand';
import type { About } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import type { PanelBridge } from '../bridge';
import type { AppState } from './app-store';

export interface AboutSlice {
  about: About | null;
  aboutError: RpcError | null;
  loadAbout(): Promise<void>;
  /** CFG-10: the workspace's project servers stop; the list is asked again. */
  revokeTrust(workspace: string): Promise<void>;
}

export const createAboutSlice =
  (bridge: PanelBridge): StateCreator<AppState, [], [], AboutSlice> =>
  (set, get) => ({
    about: null,
    aboutError: null,
    async loadAbout() {
      const r = await bridge.call('app.about', {});
      // A failed refresh keeps the facts shown and says why beside them.
      set(r.ok ? { about: r.value, aboutError: null } : { aboutError: r.error });
    },
    async revokeTrust(workspace) {
      const r = await bridge.call('workspace.trust', { workspace, trusted: false });
      if (!r.ok) return set({ aboutError: r.error });
      await get().loadAbout();
    },
  });
