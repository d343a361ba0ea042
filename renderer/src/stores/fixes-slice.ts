// UI-10 in the page: the same fixes as the tray (shared/tray-fixes.ts), run through the same
// methods as electron/host/tray-fixes.ts, and the page's side of a fix that needs the person:
// the review dialog, or the failed server's row on Servers.
import type { StateCreator } from 'zustand';
import type { RpcError } from '../../../shared/errors';
import type { TrayFixAction } from '../../../shared/tray-fixes';
import type { PanelBridge } from '../bridge';
import type { AppState } from './app-store';

export interface FixesSlice {
  /** The Servers row a fix pointed at (the launch doctor's explanation under it). */
  focusServer: string | null;
  /** Null when done (or opened on the page); else the host's refusal. */
  runFix(fix: TrayFixAction): Promise<RpcError | null>;
  showServer(serverId: string, show: 'review' | 'skills' | 'doctor'): Promise<void>;
}

export const createFixesSlice =
  (bridge: PanelBridge): StateCreator<AppState, [], [], FixesSlice> =>
  (set, get) => ({
    focusServer: null,
    async showServer(serverId, show) {
      if (show === 'skills') return get().openDetail(serverId, 'skills');
      get().setSection('servers');
      set({ focusServer: serverId });
      if (show === 'review') await get().openSnapshotDiff(serverId);
    },
    async runFix(fix) {
      if (fix.kind === 'review' || fix.kind === 'skills' || fix.kind === 'doctor') {
        await get().showServer(fix.id, fix.kind);
        return null;
      }
      const workspace = get().view?.workspace ?? null;
      const r =
        fix.kind === 'login'
          ? await bridge.call('auth.login', { id: fix.id })
          : fix.kind === 'bridge'
            ? await bridge.call('bridges.install', { id: fix.id })
            : workspace
              ? await bridge.call('workspace.trust', { workspace, trusted: true })
              : null;
      return r && !r.ok ? r.error : null;
    },
  });
