// UI-4: the rule editor's text and the host's simulation (PERM-4 runs in the host).
import type { StateCreator } from 'zustand';
import type { SimulationView } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import type { PanelBridge } from '../bridge';
import type { AppState } from './app-store';

export type Decision = 'allow' | 'ask' | 'deny';

export interface RulesSlice {
  rules: Record<Decision, string>;
  /** Hand-typed tool names, one per line; empty = the discovered tools. */
  handTools: string;
  defaultDecision: Decision;
  simulation: SimulationView | null;
  simulating: boolean;
  simulationError: RpcError | null;
  setRules(list: Decision, text: string): void;
  setHandTools(text: string): void;
  setDefaultDecision(d: Decision): void;
  runSimulation(): Promise<void>;
}

export const lines = (text: string): string[] => text.split('\n').map((l) => l.trim()).filter(Boolean);

export const createRulesSlice =
  (bridge: PanelBridge): StateCreator<AppState, [], [], RulesSlice> =>
  (set, get) => {
    let gen = 0;
    return {
      rules: { allow: '', ask: '', deny: '' },
      handTools: '',
      defaultDecision: 'ask',
      simulation: null,
      simulating: false,
      simulationError: null,
      setRules: (list, text) => set((s) => ({ rules: { ...s.rules, [list]: text } })),
      setHandTools: (handTools) => set({ handTools }),
      setDefaultDecision: (defaultDecision) => set({ defaultDecision }),
      async runSimulation() {
        const mine = ++gen;
        const { rules, handTools, defaultDecision } = get();
        set({ simulating: true });
        const typed = lines(handTools);
        const r = await bridge.call('permissions.simulate', {
          rules: { allow: lines(rules.allow), ask: lines(rules.ask), deny: lines(rules.deny) },
          ...(typed.length ? { tools: typed } : {}),
          defaultDecision,
        });
        if (mine !== gen) return;
        set(r.ok ? { simulation: r.value, simulating: false, simulationError: null } : { simulating: false, simulationError: r.error });
      },
    };
  };
