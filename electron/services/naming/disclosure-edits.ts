// DISC-1/DISC-4: the edit that would change MiniMax Code's disclosure verdict, offered beside
// it: the `mcpToolSearch` key in its config file (as YAML to paste) or the environment variable
// (which wins over the file). The verdict says which option decided; this says how to change it.
import type { DisclosurePlan } from '../../../shared/disclosure/plan';
import type { ResolvedDisclosureOptions } from '../../../shared/disclosure/options';

export interface DisclosureEdit {
  key: string;
  file: string | null;
  yaml: string;
  env: string;
  /** The variable is set now, so it decides, whatever the file says. */
  envSet: boolean;
}

/** A threshold (two decimals) below which this estimate goes behind tool_search. */
function thresholdBelow(estTokens: number, window: number): number | null {
  if (estTokens <= 0 || window <= 0) return null;
  const share = estTokens / window;
  let pct = Math.floor(share * 100) / 100;
  if (pct >= share) pct = Math.round((pct - 0.01) * 100) / 100;
  return pct > 0 ? pct : 0;
}

export function disclosureEdits(plan: Pick<DisclosurePlan, 'reason' | 'model' | 'estTokens' | 'contextWindow'>, resolved: ResolvedDisclosureOptions, file: string | null): DisclosureEdit[] {
  const edit = (key: 'enabled' | 'modelWhitelist' | 'thresholdPct' | 'minDeferCount', value: boolean | number | string[]): DisclosureEdit => {
    const row = resolved.table.find((r) => r.key === key)!;
    const yamlValue = Array.isArray(value) ? `\n${value.map((v) => `    - ${JSON.stringify(v)}`).join('\n')}` : ` ${String(value)}`;
    return { key: row.configKey, file, yaml: `mcpToolSearch:\n  ${key}:${yamlValue}\n`, env: `${row.env}=${Array.isArray(value) ? value.join(',') : String(value)}`, envSet: row.origin === 'env' };
  };
  switch (plan.reason) {
    case 'disabled':
      return [edit('enabled', true)];
    case 'model-not-whitelisted':
      return [edit('modelWhitelist', [...resolved.options.modelWhitelist, plan.model])];
    case 'below-min-defer-count':
      return [edit('minDeferCount', 1)];
    case 'under-threshold': {
      const pct = thresholdBelow(plan.estTokens, plan.contextWindow);
      return pct === null ? [] : [edit('thresholdPct', pct)];
    }
    default:
      return [];
  }
}
