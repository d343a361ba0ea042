// CONN-3 as the agent sees it: a server that answered the panel later than the agent's discovery
// budget gives the agent no tools. Decided by comparing numbers the panel holds (the times its
// pool measured, the agent's budget for this entry), never by racing a clock.
//
// What one budget covers is the agent's own timer. MiniMax Code (seed 000 local-mcp.service.ts:750,
// listToolsForTurn; published copy tournierjc/kinetick-code@d98d4d3d) runs one timer per server per
// turn over the connect (spawn or HTTP session + `initialize`) AND the first `tools/list` of a cold
// connection; a warm connection answers from its cached list and is never late. When the connect
// made it and only the list was late, the connection is kept and the next turn times the list
// alone; a connect that was late is dropped, so every turn starts cold again. Kimi Code's startup
// timeout covers the same two steps (connection-manager.ts connectOne), once per session.
import type { ConnectionSpec } from '../../../shared/schemas/server';
import type { SeenState } from './verdict';
import type { AgentRules } from './rules';

/** What the pool measured of the server's last cold discovery (CONN-10). */
export interface Discovery {
  /** Spawn or HTTP session plus `initialize`. */
  connectMs: number | null;
  /** The first `tools/list` over that connection; absent when not measured (a recorded list). */
  listMs?: number | null;
}

export interface MissedTurn {
  /** What the server took to answer the panel's cold discovery (ms): connect plus the first list. */
  ms: number;
  /** What the agent waits (ms). */
  budget: number;
  /** Both in seconds with one decimal, for sentences ("answered in 3.5 s, budget 2 s"). */
  seconds: number;
  budgetSeconds: number;
  /**
   * `first`: only the cold turn misses (each step fits the budget, both together do not);
   * `every`: the connect or the list alone is over it, so no turn ever gets the tools;
   * `session`: the agent gives up on the server for the session (Kimi's startup timeout).
   */
  turns: 'first' | 'every' | 'session';
}

const seconds = (ms: number): number => Math.round(ms / 100) / 10;

/** `scale`: connections/options.ts budgetScale (1 unless the machine's load is allowed for). */
export function missedTurn(rules: AgentRules, spec: ConnectionSpec, state: SeenState | null, discovery: Discovery, scale = 1): MissedTurn | null {
  const { connectMs } = discovery;
  if (state?.kind !== 'connected' || connectMs === null) return null;
  const budget = rules.discoveryBudgetMs(spec);
  if (budget === null) return null;
  const listMs = discovery.listMs ?? 0;
  const total = connectMs + listMs;
  const limit = budget * scale;
  if (total <= limit) return null;
  const turns = rules.budgetMiss === 'session' ? 'session' : connectMs > limit || listMs > limit ? 'every' : 'first';
  return { ms: Math.round(total), budget, seconds: seconds(total), budgetSeconds: seconds(budget), turns };
}
