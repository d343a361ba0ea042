// The pool's numbers (CONN-2, CONN-3, CONN-6) with their defaults, and the one rule for how
// long a server may take to start: in a discovery round, and in any connection attempt.
import { cpus } from 'node:os';
import type { ConnectionSpec } from '../../../shared/schemas/server';
import { realClock } from '../mcp/clock';
import type { PoolOptions } from './types';

export type ResolvedPoolOptions = Required<Omit<PoolOptions, 'logger' | 'workspaceRoot' | 'authProvider' | 'injectEnv' | 'fetch' | 'loginPath' | 'eraMode' | 'authChallenge' | 'serverInput' | 'declares'>> & PoolOptions;

const MINUTE = 60_000;

/** CONN-3 (seed 000 local-mcp.service.ts:750): 2 s for a remote server, 15 s for stdio (cold `npx`/`uvx`). */
export const CONN3_BUDGETS = { remoteBudgetMs: 2_000, stdioBudgetMs: 15_000 } as const;

/**
 * `MCP_PANEL_BUDGET_SCALE` (1 to 100, default 1) multiplies the CONN-3 budgets wherever the panel
 * applies them: its own discovery rounds and the "no tools this turn" verdict, which compares a
 * connect time measured on this machine with the agent's budget. On a loaded machine (a test
 * run on two busy cores) a local server can take longer than 2 s for want of CPU, not because
 * it is slow; the scale keeps such a verdict about the server. The sentences still name the
 * agent's own budget.
 */
export function budgetScale(env: Record<string, string | undefined>): number {
  const n = Number(env.MCP_PANEL_BUDGET_SCALE);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 100) : 1;
}

export function resolvePoolOptions(options: PoolOptions): ResolvedPoolOptions {
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<PoolOptions>;
  const scale = budgetScale(options.env);
  return {
    clock: realClock,
    idleMs: 15 * MINUTE, // CONN-2
    concurrency: 5, // CONN-2
    callTimeoutMs: 120_000, // CONN-2
    stdioStartConcurrency: Math.max(2, 2 * cpus().length), // CONN-3, measured on 2-core machines
    remoteBudgetMs: CONN3_BUDGETS.remoteBudgetMs * scale,
    stdioBudgetMs: CONN3_BUDGETS.stdioBudgetMs * scale,
    startupTimeoutMs: 30_000, // one attempt's hard limit when the agent sets none (kimi's default)
    backoffMs: [10_000, 30_000, 60_000, 120_000, 300_000], // CONN-6
    pingTimeoutMs: 5_000, // CONN-6
    stderrLines: 200,
    trafficEntries: 300,
    killGraceMs: 2_000,
    ...given,
    dataDir: options.dataDir,
    env: options.env,
  };
}

type Budgets = Pick<ResolvedPoolOptions, 'remoteBudgetMs' | 'stdioBudgetMs'>;

/**
 * A server's discovery budget. An agent with its own startup timeout (kimi: `startupTimeoutMs`,
 * 30 s unless KIMI_MCP_STARTUP_TIMEOUT_MS or the config says otherwise, seed 002) waits that
 * long for every server, remote ones included, so the panel does too. The others get CONN-3's
 * 2 s remote / 15 s stdio, capped by the server's own call timeout.
 */
export function discoveryBudgetMs(spec: ConnectionSpec, o: Budgets): number {
  if (spec.startupTimeoutMs !== undefined) return spec.startupTimeoutMs;
  return Math.min(spec.transport === 'stdio' ? o.stdioBudgetMs : o.remoteBudgetMs, spec.callTimeoutMs ?? Infinity);
}

/** The hard limit of one connection attempt (connect, then each tools/list page). */
export function startupTimeoutMs(spec: ConnectionSpec, o: Pick<ResolvedPoolOptions, 'startupTimeoutMs'>): number {
  return spec.startupTimeoutMs ?? o.startupTimeoutMs;
}
