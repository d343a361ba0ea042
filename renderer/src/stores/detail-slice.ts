// Issue 14 item 4: the server detail view's state. Which server is open, and the tool calls of
// this page session (newest first, every server; the view filters by server). Every tool call
// of the panel goes through runCall: it names the call (callId) so the host's `tools.progress`
// events find it and `tools.cancel` can abort it. Inspector answers (resources, prompts…) are
// the view's own state: they are asked for on screen and dropped when it leaves.
import type { StateCreator } from 'zustand';
import type { CallResult } from '../../../shared/contract';
import type { AppContract } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/rpc';
import type { PanelBridge } from '../bridge';
import type { EraMode } from '../../../shared/schemas/server';
import type { AppState } from './app-store';
import type { Result } from '../../../shared/result';

export type CallStatus = 'running' | 'ok' | 'error' | 'cancelled' | 'failed';

export interface CallEntry {
  callId: string;
  serverId: string;
  tool: string;
  args: Record<string, unknown>;
  startedAt: number;
  status: CallStatus;
  progress: { progress: number; total?: number; message?: string } | null;
  cancelling: boolean;
  result: CallResult | null;
  /** The host refused the call (not the tool failing: that is a result with isError). */
  error: RpcError | null;
}

/** A page session keeps this many calls; the oldest go first. */
const HISTORY_MAX = 200;

/** The server detail's own requests: the inspector's, and a server's skills (SKILL-1/2). */
export type InspectMethod = Extract<MethodName<AppContract>, `inspect.${string}` | `skills.${string}`>;

export interface DetailSlice {
  detailServer: string | null;
  callHistory: CallEntry[];
  /** The server detail's tab (a fix may open it on one: UI-10). */
  detailTab: string;
  setDetailTab(tab: string): void;
  openDetail(serverId: string | null, tab?: string): void;
  runCall(serverId: string, tool: string, args: Record<string, unknown>): Promise<void>;
  cancelCall(callId: string): Promise<void>;
  applyCallProgress(ev: { callId: string; progress: number; total?: number; message?: string }): void;
  /** PROTO-1: the person's era choice for a server (the panel's settings), and saving one (the server reconnects with it). */
  eraMode(serverId: string): Promise<Result<{ mode: EraMode }>>;
  setEraMode(serverId: string, mode: EraMode): Promise<Result<unknown>>;
  /** PROTO-2: drops the lists the server let the panel keep; the next read asks the server. */
  refreshLists(serverId: string): Promise<Result<unknown>>;
  /** One inspector request; the view keeps the answer. */
  inspect<M extends InspectMethod>(method: M, input: MethodInput<AppContract, M>): Promise<Result<MethodOutput<AppContract, M>>>;
}

/** The newest call of a tool (what the call pane shows). */
export function lastCall(history: readonly CallEntry[], serverId: string, tool: string): CallEntry | undefined {
  return history.find((c) => c.serverId === serverId && c.tool === tool);
}

function statusOf(r: CallResult): CallStatus {
  if (r.error?.code === 'cancelled') return 'cancelled';
  return r.isError ? 'error' : 'ok';
}

export const createDetailSlice =
  (bridge: PanelBridge): StateCreator<AppState, [], [], DetailSlice> =>
  (set) => {
    let seq = 0;
    const patch = (callId: string, p: Partial<CallEntry>) =>
      set((s) => ({ callHistory: s.callHistory.map((c) => (c.callId === callId ? { ...c, ...p } : c)) }));
    return {
      detailServer: null,
      callHistory: [],
      detailTab: 'info',
      setDetailTab: (tab) => set({ detailTab: tab }),
      openDetail: (serverId, tab) => set({ detailServer: serverId, section: 'detail', detailTab: tab ?? 'info' }),
      async runCall(serverId, tool, args) {
        const callId = `${Date.now().toString(36)}-${++seq}`;
        const entry: CallEntry = { callId, serverId, tool, args, startedAt: Date.now(), status: 'running', progress: null, cancelling: false, result: null, error: null };
        set((s) => ({ callHistory: [entry, ...s.callHistory].slice(0, HISTORY_MAX) }));
        const r = await bridge.call('tools.call', { id: serverId, tool, arguments: args, callId });
        patch(callId, r.ok ? { status: statusOf(r.value), result: r.value, cancelling: false } : { status: 'failed', error: r.error, cancelling: false });
      },
      async cancelCall(callId) {
        patch(callId, { cancelling: true });
        const r = await bridge.call('tools.cancel', { callId });
        if (!r.ok || !r.value.cancelled) patch(callId, { cancelling: false });
      },
      applyCallProgress: ({ callId, ...progress }) => patch(callId, { progress }),
      inspect: (method, input) => bridge.call(method, input),
      eraMode: (id) => bridge.call('servers.eraMode', { id }),
      setEraMode: (id, mode) => bridge.call('servers.setEraMode', { id, mode }),
      refreshLists: (id) => bridge.call('servers.refreshLists', { id }),
    };
  };
