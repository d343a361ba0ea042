// CONN-3 as the agent sees it: a server that answered the panel later than the agent's discovery
// budget gives the agent no tools this turn. Decided by comparing two numbers the panel holds
// (the connect time it measured, the agent's budget for this entry), never by racing a clock.
import type { ConnectionSpec } from '../../../shared/schemas/server';
import type { SeenState } from './verdict';
import type { AgentRules } from './rules';

export interface MissedTurn {
  /** What the server took to answer the panel (ms). */
  ms: number;
  /** What the agent waits (ms). */
  budget: number;
  /** Both in seconds with one decimal, for sentences ("answered in 3.5 s, budget 2 s"). */
  seconds: number;
  budgetSeconds: number;
}

const seconds = (ms: number): number => Math.round(ms / 100) / 10;

/** `scale`: connections/options.ts budgetScale (1 unless the machine's load is allowed for). */
export function missedTurn(rules: AgentRules, spec: ConnectionSpec, state: SeenState | null, connectMs: number | null, scale = 1): MissedTurn | null {
  if (state?.kind !== 'connected' || connectMs === null) return null;
  const budget = rules.discoveryBudgetMs(spec);
  if (budget === null || connectMs <= budget * scale) return null;
  return { ms: Math.round(connectMs), budget, seconds: seconds(connectMs), budgetSeconds: seconds(budget) };
}
