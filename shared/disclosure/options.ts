// DISC-1: minimax's deferred-disclosure options. Environment (`MAVIS_MCP_TOOL_SEARCH_*`)
// beats config (`mcpToolSearch` in config.yaml) beats the defaults — seed 000's table
// (resolveLocalMcpDisclosureOptions, local-turn-tool-catalog.ts:480).
import { z } from 'zod';

export interface DisclosureOptions {
  enabled: boolean;
  modelWhitelist: string[];
  thresholdPct: number;
  minDeferCount: number;
  topKDefault: number;
  topKMax: number;
  systemHint: boolean;
  maxSchemaTextLen: number;
}

type Kind = 'boolean' | 'list' | 'fraction' | 'count';

export interface DisclosureOptionSpec {
  key: keyof DisclosureOptions;
  env: string;
  configKey: string;
  kind: Kind;
  default: DisclosureOptions[keyof DisclosureOptions];
}

/** Seed 000's table, row by row. */
export const DISCLOSURE_OPTION_TABLE: readonly DisclosureOptionSpec[] = [
  { key: 'enabled', env: 'MAVIS_MCP_TOOL_SEARCH_ENABLED', configKey: 'mcpToolSearch.enabled', kind: 'boolean', default: true },
  { key: 'modelWhitelist', env: 'MAVIS_MCP_TOOL_SEARCH_WHITELIST', configKey: 'mcpToolSearch.modelWhitelist', kind: 'list', default: [] },
  { key: 'thresholdPct', env: 'MAVIS_MCP_TOOL_SEARCH_THRESHOLD_PCT', configKey: 'mcpToolSearch.thresholdPct', kind: 'fraction', default: 0.15 },
  { key: 'minDeferCount', env: 'MAVIS_MCP_TOOL_SEARCH_MIN_DEFER_COUNT', configKey: 'mcpToolSearch.minDeferCount', kind: 'count', default: 1 },
  { key: 'topKDefault', env: 'MAVIS_MCP_TOOL_SEARCH_TOP_K_DEFAULT', configKey: 'mcpToolSearch.topKDefault', kind: 'count', default: 5 },
  { key: 'topKMax', env: 'MAVIS_MCP_TOOL_SEARCH_TOP_K_MAX', configKey: 'mcpToolSearch.topKMax', kind: 'count', default: 20 },
  { key: 'systemHint', env: 'MAVIS_MCP_TOOL_SEARCH_SYSTEM_HINT', configKey: 'mcpToolSearch.systemHint', kind: 'boolean', default: true },
  { key: 'maxSchemaTextLen', env: 'MAVIS_MCP_TOOL_SEARCH_MAX_SCHEMA_TEXT_LEN', configKey: 'mcpToolSearch.maxSchemaTextLen', kind: 'count', default: 4096 },
];

export const DEFAULT_DISCLOSURE_OPTIONS: DisclosureOptions = Object.fromEntries(
  DISCLOSURE_OPTION_TABLE.map((o) => [o.key, o.default]),
) as unknown as DisclosureOptions;

const valueSchemas: Record<Kind, z.ZodType> = {
  boolean: z.boolean(),
  list: z.array(z.string()),
  fraction: z.number().min(0).max(1),
  count: z.number().int().nonnegative(),
};

function fromEnv(kind: Kind, text: string): unknown {
  const t = text.trim();
  switch (kind) {
    case 'boolean':
      return /^(1|true|yes|on)$/i.test(t) ? true : /^(0|false|no|off)$/i.test(t) ? false : t;
    case 'list':
      return t === '' ? [] : t.split(',').map((s) => s.trim()).filter(Boolean);
    default:
      return t === '' ? t : Number(t);
  }
}

export type OptionOrigin = 'env' | 'config' | 'default';

export interface ResolvedDisclosureOptions {
  options: DisclosureOptions;
  /** Where each option's value came from, with its env variable and config key. */
  table: (DisclosureOptionSpec & { value: unknown; origin: OptionOrigin })[];
  /** Values that were given but invalid (ignored, the next source applies). */
  problems: string[];
}

/** `config` is the `mcpToolSearch` section (or a whole config holding one). */
export function resolveDisclosureOptions(input: { env?: Record<string, string | undefined>; config?: unknown } = {}): ResolvedDisclosureOptions {
  const env = input.env ?? {};
  const raw = input.config && typeof input.config === 'object' && 'mcpToolSearch' in input.config ? (input.config as { mcpToolSearch: unknown }).mcpToolSearch : input.config;
  const config = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const problems: string[] = [];
  const options: Record<string, unknown> = {};
  const table = DISCLOSURE_OPTION_TABLE.map((spec) => {
    const schema = valueSchemas[spec.kind];
    const envText = env[spec.env];
    if (envText !== undefined) {
      const v = schema.safeParse(fromEnv(spec.kind, envText));
      if (v.success) return { ...spec, value: (options[spec.key] = v.data), origin: 'env' as const };
      problems.push(`${spec.env}="${envText}" is not a valid ${spec.kind}: ignored`);
    }
    if (spec.key in config) {
      const v = schema.safeParse(config[spec.key]);
      if (v.success) return { ...spec, value: (options[spec.key] = v.data), origin: 'config' as const };
      problems.push(`${spec.configKey} is not a valid ${spec.kind}: ignored`);
    }
    return { ...spec, value: (options[spec.key] = spec.default), origin: 'default' as const };
  });
  return { options: options as unknown as DisclosureOptions, table, problems };
}
