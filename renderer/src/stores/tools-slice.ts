// UI-3 tools and collisions, UI-5 disclosure and tool_search: caches of host answers.
import type { StateCreator } from 'zustand';
import { DEFAULT_CONTEXT_WINDOW, type AppContract, type DisclosurePlanView, type ToolDetail, type ToolFilterPreview, type ToolFilterSaved, type ToolsView } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import type { MethodOutput } from '../../../shared/rpc';
import type { PanelBridge } from '../bridge';
import type { AppState } from './app-store';

export interface SearchState {
  query: string;
  mode: 'keyword' | 'regex';
  results: MethodOutput<AppContract, 'disclosure.search'>['results'];
  error: string | null;
  busy: boolean;
}

/** CONN-8: the per-tool switches of one server, previewed before saving. */
export interface ToolFilterState {
  serverId: string;
  /** The switches as the user set them; null = as the file has them. */
  enabled: string[] | null;
  busy: boolean;
  preview: ToolFilterPreview | null;
  error: RpcError | null;
  saving: boolean;
  saved: ToolFilterSaved | null;
}

export interface ToolsSlice {
  tools: ToolsView | null;
  toolsLoading: boolean;
  toolsError: RpcError | null;
  selectedTool: string | null;
  /** UI-3 server filter of the tool list ('' = all); kept here so it survives leaving the view. */
  toolsServer: string;
  /** UI-3 text filter of the tool list. */
  toolsFilter: string;
  /** NAME-4: show only tools that won or lost a collision. */
  collisionsOnly: boolean;
  toolFilter: ToolFilterState | null;
  /** UI-3: full definitions fetched on selection (tools.describe), by tool key; cleared on reload. */
  details: Record<string, { busy: boolean; detail: ToolDetail | null; error: RpcError | null }>;
  model: string;
  contextWindow: number;
  plan: DisclosurePlanView | null;
  planError: RpcError | null;
  search: SearchState;
  loadTools(): Promise<void>;
  selectTool(key: string | null): void;
  setToolsServer(id: string): void;
  setToolsFilter(text: string): void;
  setCollisionsOnly(on: boolean): void;
  /** Opens (or switches) the per-tool switches of a server; null closes them. */
  openToolFilter(serverId: string | null): Promise<void>;
  previewToolFilter(enabled: string[] | null): Promise<void>;
  saveToolFilter(): Promise<boolean>;
  describeTool(serverId: string, tool: string): Promise<void>;
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
    let filterGen = 0;
    return {
      tools: null,
      toolsLoading: false,
      toolsError: null,
      selectedTool: null,
      toolsServer: '',
      toolsFilter: '',
      collisionsOnly: false,
      toolFilter: null,
      details: {},
      model: 'minimax/MiniMax-M2',
      contextWindow: DEFAULT_CONTEXT_WINDOW,
      plan: null,
      planError: null,
      search: { query: '', mode: 'keyword', results: [], error: null, busy: false },
      async loadTools() {
        const mine = ++gen;
        set({ toolsLoading: true });
        const r = await bridge.call('tools.list', {});
        if (mine !== gen) return;
        set(r.ok ? { tools: r.value, toolsLoading: false, toolsError: null, details: {} } : { toolsLoading: false, toolsError: r.error });
        // Open switches of a server that was (re)connecting: its offer is known now (CONN-8).
        const f = get().toolFilter;
        if (r.ok && f?.preview?.blocked === 'not_connected' && !f.busy) void get().previewToolFilter(f.enabled);
      },
      selectTool: (key) => set({ selectedTool: key }),
      setToolsServer: (id) => set({ toolsServer: id }),
      setToolsFilter: (text) => set({ toolsFilter: text }),
      setCollisionsOnly: (on) => set({ collisionsOnly: on }),
      async openToolFilter(serverId) {
        filterGen++;
        if (serverId === null) return set({ toolFilter: null });
        set({ toolFilter: { serverId, enabled: null, busy: true, preview: null, error: null, saving: false, saved: null } });
        await get().previewToolFilter(null);
      },
      async previewToolFilter(enabled) {
        const cur = get().toolFilter;
        if (!cur) return;
        const mine = ++filterGen;
        set({ toolFilter: { ...cur, enabled, busy: true, error: null } });
        const r = await bridge.call('tools.previewToolFilter', enabled === null ? { serverId: cur.serverId } : { serverId: cur.serverId, enabled });
        const now = get().toolFilter;
        if (mine !== filterGen || !now) return; // a later switch or a close supersedes this answer
        set({ toolFilter: r.ok ? { ...now, busy: false, preview: r.value } : { ...now, busy: false, error: r.error } });
      },
      async saveToolFilter() {
        const cur = get().toolFilter;
        if (!cur?.preview || cur.saving) return false;
        const enabled = cur.enabled ?? cur.preview.tools.filter((x) => x.wanted).map((x) => x.name);
        set({ toolFilter: { ...cur, saving: true, error: null } });
        // The hash of the file the preview read: a file changed since then is refused (CFG-7).
        const r = await bridge.call('tools.setToolFilter', { serverId: cur.serverId, enabled, baseHash: cur.preview.hash });
        const now = get().toolFilter;
        if (now) set({ toolFilter: r.ok ? { ...now, saving: false, saved: r.value } : { ...now, saving: false, error: r.error } });
        if (r.ok) void get().loadTools();
        return r.ok;
      },
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
