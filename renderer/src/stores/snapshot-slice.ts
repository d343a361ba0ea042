// CONN-11 on screen (issue 22): the old → new texts of one server's changed tool list, opened
// from its Servers row or from the Tools view, accepted from the same dialog.
import type { StateCreator } from 'zustand';
import type { SnapshotDiffView } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import type { PanelBridge } from '../bridge';
import type { AppState } from './app-store';

export interface SnapshotSlice {
  snapshotDiff: { serverId: string; busy: boolean; diff: SnapshotDiffView | null; error: RpcError | null; accepting: boolean } | null;
  openSnapshotDiff(serverId: string): Promise<void>;
  closeSnapshotDiff(): void;
  /** Accepts the list shown; true when the host took it (the dialog closes). */
  acceptSnapshotDiff(): Promise<boolean>;
}

export const createSnapshotSlice =
  (bridge: PanelBridge): StateCreator<AppState, [], [], SnapshotSlice> =>
  (set, get) => ({
    snapshotDiff: null,
    async openSnapshotDiff(serverId) {
      set({ snapshotDiff: { serverId, busy: true, diff: null, error: null, accepting: false } });
      const r = await bridge.call('tools.snapshotDiff', { id: serverId });
      if (get().snapshotDiff?.serverId !== serverId) return; // closed or switched meanwhile
      set({ snapshotDiff: { serverId, busy: false, diff: r.ok ? r.value : null, error: r.ok ? null : r.error, accepting: false } });
    },
    closeSnapshotDiff: () => set({ snapshotDiff: null }),
    async acceptSnapshotDiff() {
      const open = get().snapshotDiff;
      if (!open) return false;
      set({ snapshotDiff: { ...open, accepting: true } });
      const r = await bridge.call('tools.acceptSnapshot', { id: open.serverId });
      if (!r.ok) {
        set({ snapshotDiff: { ...open, accepting: false, error: r.error } });
        return false;
      }
      set({ snapshotDiff: null });
      if (get().tools) await get().loadTools();
      return true;
    },
  });
