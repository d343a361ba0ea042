// UI-4: the permission rules of the agent's own files (one draft per file, kept across a reload:
// features/permissions/draft-store.ts), saving them back (CFG-7 conflicts shown, never
// overwritten silently), and the host's simulation of files + drafts (PERM-4 runs in the host).
import type { StateCreator } from 'zustand';
import type { RuleLayerView, SimulationView } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import type { Decision, RuleLists } from '../../../shared/permissions/rules';
import type { PanelBridge } from '../bridge';
import { draftKey, loadDraft, storeDraft, type RuleDraft, type RuleTexts } from '../features/permissions/draft-store';
import type { AppState } from './app-store';

export type { Decision };

export const lines = (text: string): string[] => text.split('\n').map((l) => l.trim()).filter(Boolean);
const toLists = (t: RuleTexts): RuleLists => ({ allow: lines(t.allow), ask: lines(t.ask), deny: lines(t.deny) });
const toTexts = (r: RuleLists): RuleTexts => ({ allow: r.allow.join('\n'), ask: r.ask.join('\n'), deny: r.deny.join('\n') });
const sameLists = (a: RuleLists, b: RuleLists): boolean => (['allow', 'ask', 'deny'] as const).every((l) => a[l].join('\n') === b[l].join('\n'));

/** A draft whose rules differ from the file's: what "Unsaved", Save and Discard follow. */
export const isDirty = (draft: RuleDraft | undefined, layer: RuleLayerView): boolean => !!draft && !sameLists(toLists(draft.texts), layer.rules);

export interface SaveOutcome {
  path: string;
  changed: boolean;
  created: boolean;
  hash: string | null;
}

export interface RuleConflict {
  path: string;
  theirs: string | null;
  ours: string;
}

export interface RuleSaveState {
  path: string;
  saving: boolean;
  saved: SaveOutcome | null;
  error: RpcError | null;
  conflict: RuleConflict | null;
}

export interface RulesSlice {
  /** The selection's rule files, lowest precedence first; null until read. */
  ruleLayers: RuleLayerView[] | null;
  ruleLayersError: RpcError | null;
  /** Unsaved edits by file path. */
  ruleDrafts: Record<string, RuleDraft>;
  /** Paths whose draft came back from sessionStorage on this read (said once, then cleared). */
  restoredDrafts: string[];
  ruleSave: RuleSaveState | null;
  /** Hand-typed tool names, one per line; empty = the discovered tools. */
  handTools: string;
  defaultDecision: Decision;
  simulation: SimulationView | null;
  simulating: boolean;
  simulationError: RpcError | null;
  loadRuleLayers(): Promise<void>;
  /** The text of one list of one file as the editor shows it (draft, else the file). */
  ruleText(path: string, list: Decision): string;
  setRuleText(path: string, list: Decision, text: string): void;
  discardRules(path: string): void;
  saveRules(path: string, overwrite?: boolean): Promise<void>;
  setHandTools(text: string): void;
  setDefaultDecision(d: Decision): void;
  runSimulation(): Promise<void>;
}

export const createRulesSlice =
  (bridge: PanelBridge): StateCreator<AppState, [], [], RulesSlice> =>
  (set, get) => {
    let gen = 0;
    let readGen = 0;
    const keyOf = (path: string): string | null => {
      const sel = get().profiles?.selection;
      return sel ? draftKey(sel.profile, sel.workspace, path) : null;
    };
    const layerOf = (path: string): RuleLayerView | undefined => get().ruleLayers?.find((l) => l.path === path);
    const putDraft = (path: string, draft: RuleDraft | null) => {
      const key = keyOf(path);
      if (key) storeDraft(key, draft);
      set((s) => {
        const next = { ...s.ruleDrafts };
        if (draft) next[path] = draft;
        else delete next[path];
        return { ruleDrafts: next };
      });
    };
    return {
      ruleLayers: null,
      ruleLayersError: null,
      ruleDrafts: {},
      restoredDrafts: [],
      ruleSave: null,
      handTools: '',
      defaultDecision: 'ask',
      simulation: null,
      simulating: false,
      simulationError: null,
      async loadRuleLayers() {
        const mine = ++readGen;
        const r = await bridge.call('permissions.read', {});
        if (mine !== readGen) return;
        if (!r.ok) return set({ ruleLayersError: r.error });
        // Drafts of this selection's files come back from the page's session (a reload).
        const drafts: Record<string, RuleDraft> = {};
        const restored: string[] = [];
        for (const l of r.value.layers) {
          const kept = get().ruleDrafts[l.path];
          const key = keyOf(l.path);
          const stored = kept ?? (key ? loadDraft(key) : null);
          if (!stored) continue;
          if (sameLists(toLists(stored.texts), l.rules)) {
            if (key) storeDraft(key, null);
            continue;
          }
          drafts[l.path] = stored;
          if (!kept) restored.push(l.path);
        }
        set({ ruleLayers: r.value.layers, ruleLayersError: null, ruleDrafts: drafts, restoredDrafts: restored });
      },
      ruleText(path, list) {
        const d = get().ruleDrafts[path];
        if (d) return d.texts[list];
        const l = layerOf(path);
        return l ? l.rules[list].join('\n') : '';
      },
      setRuleText(path, list, text) {
        const l = layerOf(path);
        if (!l) return;
        const was = get().ruleDrafts[path];
        const texts = { ...(was?.texts ?? toTexts(l.rules)), [list]: text };
        // Back to the file's very text: no draft. (A blank line being typed is kept: it is
        // not unsaved yet, see isDirty, but the editor must not swallow it.)
        const file = toTexts(l.rules);
        const same = (['allow', 'ask', 'deny'] as const).every((k) => texts[k] === file[k]);
        putDraft(path, same ? null : { texts, baseHash: was?.baseHash ?? l.hash });
      },
      discardRules(path) {
        putDraft(path, null);
        set({ ruleSave: null });
      },
      async saveRules(path, overwrite = false) {
        const l = layerOf(path);
        const d = get().ruleDrafts[path];
        if (!l || !d) return;
        set({ ruleSave: { path, saving: true, saved: null, error: null, conflict: null } });
        const r = await bridge.call('permissions.save', { layer: l.layer, rules: toLists(d.texts), baseHash: d.baseHash, overwrite });
        if (r.ok) {
          putDraft(path, null);
          set({ ruleSave: { path, saving: false, saved: r.value, error: null, conflict: null } });
          await get().loadRuleLayers();
          return;
        }
        const c = r.error.data?.conflict;
        const conflict = c ? { path: c.path, theirs: c.theirs, ours: c.ours } : null;
        set({ ruleSave: { path, saving: false, saved: null, error: r.error, conflict } });
      },
      setHandTools: (handTools) => set({ handTools }),
      setDefaultDecision: (defaultDecision) => set({ defaultDecision }),
      async runSimulation() {
        const { ruleLayers, ruleDrafts, handTools, defaultDecision } = get();
        if (!ruleLayers) return;
        const mine = ++gen;
        set({ simulating: true });
        const typed = lines(handTools);
        // The layers the agent applies (trusted, readable), each with its unsaved edits.
        const layers = ruleLayers
          .filter((l) => l.trusted && !l.problem)
          .map((l) => ({ layer: l.layer, path: l.path, rules: ruleDrafts[l.path] ? toLists(ruleDrafts[l.path]!.texts) : l.rules }));
        const r = await bridge.call('permissions.simulate', { layers, ...(typed.length ? { tools: typed } : {}), defaultDecision });
        if (mine !== gen) return;
        set(r.ok ? { simulation: r.value, simulating: false, simulationError: null } : { simulating: false, simulationError: r.error });
      },
    };
  };
