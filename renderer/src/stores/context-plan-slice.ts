// CTX-2: the selected agent's context plan in the tools view: previewed on open and on every
// pick, written with the hashes the preview read, undone from the same dialog.
import type { StateCreator } from 'zustand';
import type { PlanResult, PlanUndo, PlanView } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import type { PanelBridge } from '../bridge';
import type { AppState } from './app-store';

export interface ContextPlanState {
  busy: boolean;
  view: PlanView | null;
  /** The person's picks; null = the default plan. */
  picks: string[] | null;
  /** A token budget the plan picks more to meet (CTX-2 `--target-tokens`); null = none. */
  target: number | null;
  error: RpcError | null;
  applying: boolean;
  applied: PlanResult | null;
  undone: PlanUndo | null;
}

export interface ContextPlanSlice {
  contextPlan: ContextPlanState | null;
  openContextPlan(open: boolean): Promise<void>;
  pickSuggestion(id: string, on: boolean): Promise<void>;
  setPlanTarget(tokens: number | null): Promise<void>;
  applyContextPlan(): Promise<boolean>;
  undoContextPlan(): Promise<boolean>;
}

/** The dialog just opened: its first preview on the way. */
const OPENING: ContextPlanState = { busy: true, view: null, picks: null, target: null, error: null, applying: false, applied: null, undone: null };

export const createContextPlanSlice =
  (bridge: PanelBridge): StateCreator<AppState, [], [], ContextPlanSlice> =>
  (set, get) => {
    let gen = 0;
    const input = (picks: string[] | null) => {
      const target = get().contextPlan?.target ?? null;
      return { ...(picks ? { picks } : {}), ...(target !== null ? { targetTokens: target } : {}), contextWindow: get().contextWindow };
    };
    const preview = async (picks: string[] | null) => {
      const mine = ++gen;
      const cur = get().contextPlan;
      if (!cur) return;
      set({ contextPlan: { ...cur, picks, busy: true, error: null } });
      const r = await bridge.call('plan.preview', input(picks));
      const now = get().contextPlan;
      if (mine !== gen || !now) return; // a later pick or a close supersedes this answer
      set({ contextPlan: r.ok ? { ...now, busy: false, view: r.value } : { ...now, busy: false, error: r.error } });
    };
    return {
      contextPlan: null,
      async openContextPlan(open) {
        gen++;
        if (!open) return set({ contextPlan: null });
        set({ contextPlan: OPENING });
        await preview(null);
      },
      async pickSuggestion(id, on) {
        const v = get().contextPlan?.view;
        if (!v) return;
        const now = new Set(get().contextPlan?.picks ?? v.suggestions.filter((s) => s.picked).map((s) => s.id));
        if (on) now.add(id);
        else now.delete(id);
        await preview(v.suggestions.map((s) => s.id).filter((x) => now.has(x)));
      },
      async setPlanTarget(tokens) {
        const cur = get().contextPlan;
        if (!cur) return;
        // A new budget starts from the default plan again: the picks it makes are the budget's.
        set({ contextPlan: { ...cur, target: tokens } });
        await preview(null);
      },
      async applyContextPlan() {
        const cur = get().contextPlan;
        if (!cur?.view || cur.applying) return false;
        set({ contextPlan: { ...cur, applying: true, error: null } });
        // The hashes of the files the preview read: a file changed since then is not written (CFG-7).
        const r = await bridge.call('plan.apply', { ...input(cur.picks), baseHashes: Object.fromEntries(cur.view.files.map((f) => [f.path, f.hash])) });
        const now = get().contextPlan;
        if (now) set({ contextPlan: r.ok ? { ...now, applying: false, applied: r.value, undone: null } : { ...now, applying: false, error: r.error } });
        if (r.ok) void get().loadTools();
        return r.ok && r.value.failed.length === 0;
      },
      async undoContextPlan() {
        const id = get().contextPlan?.applied?.id;
        if (!id) return false;
        const r = await bridge.call('plan.undo', { id });
        const now = get().contextPlan;
        if (now) set({ contextPlan: r.ok ? { ...now, undone: r.value, applied: null } : { ...now, error: r.error } });
        if (r.ok) {
          void get().loadTools();
          await preview(get().contextPlan?.picks ?? null);
        }
        return r.ok && r.value.failed.length === 0;
      },
    };
  };
