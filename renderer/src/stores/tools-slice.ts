// UI-3 tools and collisions, UI-5 disclosure and tool_search: caches of host answers.
import type { StateCreator } from 'zustand';
import type { CallResult, DisclosurePlanView, ToolDetail, ToolsView } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import type { PanelBridge } from '../bridge';
import type { AppState } from './app-store';

export interface SearchState {
  query: string;
  mode: 'keyword' | 'regex';
  results: { name: string; score: number; description: string; truncated: boolean }[];
  error: string | null;
  busy: boolean;
}

export interface ToolsSlice {
  tools: ToolsView | null;
  toolsLoading: boolean;
  toolsError: RpcError | null;
  selectedTool: string | null;
  /** UI-3 server filter of the tool list ('' = all); kept here so it survives leaving the view. */
  toolsServer: string;
  /** UI-3: full definitions fetched on selection (tools.describe), by tool key; cleared on reload. */
  details: Record<string, { busy: boolean; detail: ToolDetail | null; error: RpcError | null }>;
  calls: Record<string, { busy: boolean; result: CallResult | null; error: RpcError | null }>;
  model: string;
  contextWindow: number;
  plan: DisclosurePlanView | null;
  planError: RpcError | null;
  search: SearchState;
  loadTools(): Promise<void>;
  selectTool(key: string | null): void;
  setToolsServer(id: string): void;
  describeTool(serverId: string, tool: string): Promise<void>;
  callTool(serverId: string, tool: string, args: Record<string, unknown>): Promise<void>;
  acceptSnapshot(serverId: string): Promise<void>;
  setModel(model: string, contextWindow: number): void;
  loadPlan(): Promise<void>;
  runSearch(query: string, mode: 'keyword' | 'regex'): Promise<void>;
}

export const toolKey = (serverId: string, tool: string) => `${serverId}\u0000${tool}`;

export const createToolsSlice =
  (bridge: PanelBridge): StateCreator<AppState, [], [], ToolsSlice> =>
  (set, get) => {
    let gen = 0;
    let searchGen = 0;
    return {
      tools: null,
      toolsLoading: false,
      toolsError: null,
      selectedTool: null,
      toolsServer: '',
      details: {},
      calls: {},
      model: 'minimax/MiniMax-M2',
      contextWindow: 200_000,
      plan: null,
      planError: null,
      search: { query: '', mode: 'keyword', results: [], error: null, busy: false },
      async loadTools() {
        const mine = ++gen;
        set({ toolsLoading: true });
        const r = await bridge.call('tools.list', {});
        if (mine !== gen) return;
        set(r.ok ? { tools: r.value, toolsLoading: false, toolsError: null, details: {} } : { toolsLoading: false, toolsError: r.error });
      },
      selectTool: (key) => set({ selectedTool: key }),
      setToolsServer: (id) => set({ toolsServer: id }),
      async describeTool(serverId, tool) {
        const key = toolKey(serverId, tool);
        const had = get().details[key];
        if (had && (had.busy || had.detail)) return;
        const mine = gen;
        set((s) => ({ details: { ...s.details, [key]: { busy: true, detail: null, error: null } } }));
        const r = await bridge.call('tools.describe', { serverId, tool });
        if (mine !== gen) return; // a reload cleared the cache while this was in flight
        set((s) => ({ details: { ...s.details, [key]: r.ok ? { busy: false, detail: r.value, error: null } : { busy: false, detail: null, error: r.error } } }));
      },
      async callTool(serverId, tool, args) {
        const key = toolKey(serverId, tool);
        set((s) => ({ calls: { ...s.calls, [key]: { busy: true, result: s.calls[key]?.result ?? null, error: null } } }));
        const r = await bridge.call('tools.call', { id: serverId, tool, arguments: args });
        set((s) => ({ calls: { ...s.calls, [key]: r.ok ? { busy: false, result: r.value, error: null } : { busy: false, result: null, error: r.error } } }));
      },
      async acceptSnapshot(serverId) {
        const r = await bridge.call('tools.acceptSnapshot', { id: serverId });
        if (!r.ok) return set({ toolsError: r.error });
        await get().loadTools();
      },
      setModel: (model, contextWindow) => set({ model, contextWindow }),
      async loadPlan() {
        const { model, contextWindow } = get();
        const r = await bridge.call('disclosure.plan', { model, contextWindow });
        set(r.ok ? { plan: r.value, planError: null } : { planError: r.error });
      },
      async runSearch(query, mode) {
        const mine = ++searchGen;
        set((s) => ({ search: { ...s.search, query, mode, busy: true } }));
        if (query.trim() === '') return set({ search: { query, mode, results: [], error: null, busy: false } });
        const r = await bridge.call('disclosure.search', { query, mode });
        if (mine !== searchGen) return;
        if (!r.ok) return set({ search: { query, mode, results: [], error: r.error.message, busy: false } });
        set({ search: { query, mode, results: r.value.results, error: r.value.error?.message ?? null, busy: false } });
      },
    };
  };
