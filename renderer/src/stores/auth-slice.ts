// UI-6 login / logout and UI-7 logs.
import type { StateCreator } from 'zustand';
import type { AuthRow, KeychainStatus, LoginProgress } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import { errorText } from '../../../shared/i18n/write-errors';
import type { PanelBridge } from '../bridge';
import type { AppState } from './app-store';

export interface LogsData {
  stderr: string[];
  traffic: { at: number; dir: 'out' | 'in'; kind: string; method: string | null; text: string }[];
  live: boolean;
  pid: number | null;
}

export interface AuthSlice {
  auth: { servers: AuthRow[]; keychain: KeychainStatus } | null;
  authError: RpcError | null;
  progress: Record<string, LoginProgress>;
  /** Row id → the server URL just logged out (for every profile: a login belongs to the URL). */
  loggedOut: Record<string, string>;
  logsFor: string | null;
  logs: LogsData | null;
  logsError: RpcError | null;
  loadAuth(): Promise<void>;
  login(id: string): Promise<void>;
  cancelLogin(id: string): Promise<void>;
  logout(id: string): Promise<void>;
  applyProgress(id: string, p: LoginProgress): void;
  showLogs(id: string | null): Promise<void>;
}

export const createAuthSlice =
  (bridge: PanelBridge): StateCreator<AppState, [], [], AuthSlice> =>
  (set, get) => ({
    auth: null,
    authError: null,
    progress: {},
    loggedOut: {},
    logsFor: null,
    logs: null,
    logsError: null,
    async loadAuth() {
      const r = await bridge.call('auth.list', {});
      set(r.ok ? { auth: r.value, authError: null } : { authError: r.error });
    },
    async login(id) {
      set((s) => ({ progress: { ...s.progress, [id]: { type: 'discovering' } }, loggedOut: without(s.loggedOut, id), authError: null }));
      const r = await bridge.call('auth.login', { id });
      // UI-9: a coded refusal (already running, untrusted…) in the page's language.
      if (!r.ok) set((s) => ({ progress: { ...s.progress, [id]: { type: 'failed', reason: errorText(s.locale, r.error), code: 'error' } } }));
    },
    async cancelLogin(id) {
      await bridge.call('auth.cancel', { id });
    },
    async logout(id) {
      const r = await bridge.call('auth.logout', { id });
      if (!r.ok) return set({ authError: r.error });
      set((s) => ({ progress: without(s.progress, id), loggedOut: { ...s.loggedOut, [id]: r.value.url } }));
      await get().loadAuth();
    },
    applyProgress(id, p) {
      set((s) => ({ progress: { ...s.progress, [id]: p } }));
      if (p.type === 'done' || p.type === 'failed') void get().loadAuth();
    },
    async showLogs(id) {
      set({ logsFor: id });
      if (id === null) return set({ logs: null, logsError: null });
      const r = await bridge.call('logs.get', { id });
      if (get().logsFor !== id) return;
      set(r.ok ? { logs: r.value, logsError: null } : { logs: null, logsError: r.error });
    },
  });

function without<T>(m: Record<string, T>, id: string): Record<string, T> {
  const { [id]: _gone, ...rest } = m;
  return rest;
}
