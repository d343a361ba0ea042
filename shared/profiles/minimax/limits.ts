// CTX-1 / DISC-1: MiniMax Code's own disclosure rule (seed 000 plan.ts:49): the configured
// tools' definitions past `thresholdPct` of the model's context window go behind tool_search,
// when disclosure is on and the model is on its whitelist. Read here from the environment
// (MAVIS_MCP_TOOL_SEARCH_*); the disclosure view adds config.yaml and the model.
import { resolveDisclosureOptions } from '../../disclosure/options';
import type { ToolLimit } from '../types';

export function minimaxLimits(env: Readonly<Record<string, string | undefined>>): readonly ToolLimit[] {
  const { options, table } = resolveDisclosureOptions({ env });
  if (!options.enabled) return [];
  const pct = table.find((r) => r.key === 'thresholdPct');
  const setting = pct?.origin === 'env' ? `${pct.env}=${String(pct.value)}` : undefined;
  return [{ kind: 'defer-share', share: options.thresholdPct, window: null, only: 'configured', whitelist: true, ...(setting ? { setting } : {}) }];
}
