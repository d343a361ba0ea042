// DISC-1 / DISC-4: minimax's disclosure plan (planMcpDisclosure, seed 000 plan.ts:49) and
// the token cost view. Only `configured` tools can be deferred; tokens ≈ JSON length / 4.
import type { ToolSource } from '../schemas/server';
import { translateCode, type Vars } from '../i18n';
import type { DisclosureOptions } from './options';

export interface DisclosureToolInput {
  /** The qualified name the agent shows. */
  name: string;
  server: string;
  source?: ToolSource;
  definition: { name: string; description?: string; inputSchema?: unknown; [k: string]: unknown };
  /** DISC-3: the agent defers this tool itself (kimi `deferred: true` servers, every minara tool). */
  deferred?: boolean;
}

/**
 * How an agent keeps tools out of its tool table (the agent's rules say which, agent-view/):
 * `threshold` minimax's plan (seed 000 plan.ts:49); `select_tools` kimi's `deferred: true`
 * servers, loaded on demand (seed 002); `defer_loading` minara, every MCP tool (seed 001).
 */
export type DeferralMode = 'threshold' | 'select_tools' | 'defer_loading';

/** DISC-1: tokens ≈ definition JSON length / 4 (rounded up). */
export function estimateTokens(definition: unknown): number {
  return Math.ceil((JSON.stringify(definition) ?? '').length / 4);
}

/** DISC-1: `provider/model` entries with `*` wildcards; an empty list matches no model. */
export function modelMatchesWhitelist(model: string, whitelist: readonly string[]): boolean {
  return whitelist.some((pattern) => {
    const re = new RegExp(`^${pattern.trim().split('*').map((p) => p.replace(/[.+?^${}()|[\]\\/]/g, '\\$&')).join('.*')}$`);
    return pattern.trim() !== '' && re.test(model);
  });
}

export type DisclosureReason = 'disabled' | 'model-not-whitelisted' | 'below-min-defer-count' | 'under-threshold' | 'over-threshold' | 'select-tools' | 'select-tools-none' | 'defer-loading';
/** The reason, with the empty whitelist told apart (its advice differs). */
export type ExplanationCode = DisclosureReason | 'whitelist-empty';

export interface ServerCost {
  server: string;
  tools: number;
  tokens: number;
  deferrable: boolean;
}

export interface DisclosurePlan {
  deferred: boolean;
  reason: DisclosureReason;
  /** UI-9: why, as a code and params for `disc.why.*`; the front door says it in its language. */
  why: { code: ExplanationCode; params: Vars };
  /** The same in English (CLI, --json). */
  explanation: string;
  model: string;
  contextWindow: number;
  /** Tokens of the deferrable (configured) tools. */
  estTokens: number;
  /** All tools, deferrable or not (DISC-4 total). */
  totalTokens: number;
  thresholdTokens: number;
  /** totalTokens / contextWindow. */
  contextShare: number;
  inline: string[];
  hidden: string[];
  perTool: { name: string; server: string; source: ToolSource; tokens: number; deferred: boolean }[];
  perServer: ServerCost[];
  /** When deferred, the agent adds these two tools in place of the hidden ones. */
  addedTools: string[];
}

export interface PlanInput {
  tools: readonly DisclosureToolInput[];
  model: string;
  contextWindow: number;
  options: DisclosureOptions;
  /** The agent's own way of deferring (default: minimax's threshold plan). */
  deferral?: DeferralMode;
}

export function planDisclosure(input: PlanInput): DisclosurePlan {
  if (input.deferral && input.deferral !== 'threshold') return agentDeferred(input, input.deferral);
  const { tools, model, contextWindow, options } = input;
  const perTool = tools.map((t) => ({ name: t.name, server: t.server, source: t.source ?? 'configured', tokens: estimateTokens(t.definition), deferred: false }));
  const candidates = perTool.filter((t) => t.source === 'configured');
  const estTokens = candidates.reduce((s, t) => s + t.tokens, 0);
  const thresholdTokens = options.thresholdPct * contextWindow;

  let reason: DisclosureReason;
  const sum = { tokens: estTokens, pct: options.thresholdPct, window: contextWindow, threshold: thresholdTokens };
  let why: DisclosurePlan['why'];
  if (!options.enabled) {
    reason = 'disabled';
    why = { code: 'disabled', params: {} };
  } else if (!modelMatchesWhitelist(model, options.modelWhitelist)) {
    reason = 'model-not-whitelisted';
    why = options.modelWhitelist.length === 0 ? { code: 'whitelist-empty', params: {} } : { code: reason, params: { model, list: options.modelWhitelist.join(', ') } };
  } else if (candidates.length < options.minDeferCount) {
    reason = 'below-min-defer-count';
    why = { code: reason, params: { n: candidates.length, min: options.minDeferCount } };
  } else if (estTokens <= thresholdTokens) {
    reason = 'under-threshold';
    why = { code: reason, params: sum };
  } else {
    reason = 'over-threshold';
    why = { code: reason, params: sum };
  }
  const deferred = reason === 'over-threshold';
  if (deferred) for (const t of candidates) t.deferred = true;
  return summary(perTool, { deferred, reason, why, model, contextWindow, estTokens, thresholdTokens, addedTools: deferred ? ['tool_search', 'mcp_invoke'] : [] });
}

type PerTool = DisclosurePlan['perTool'][number];

/**
 * DISC-3: kimi loads a `deferred: true` server's tools through select_tools (when the model can
 * load tools and its tool-select switch is on); minara fetches every tool's schema through
 * tool_search (defer_loading). No threshold: the agent's own marks decide.
 */
function agentDeferred({ tools, model, contextWindow }: PlanInput, deferral: Exclude<DeferralMode, 'threshold'>): DisclosurePlan {
  const perTool: PerTool[] = tools.map((t) => ({ name: t.name, server: t.server, source: t.source ?? 'configured', tokens: estimateTokens(t.definition), deferred: deferral === 'defer_loading' || t.deferred === true }));
  const hidden = perTool.filter((t) => t.deferred);
  const estTokens = hidden.reduce((n, t) => n + t.tokens, 0);
  const reason: DisclosureReason = deferral === 'defer_loading' ? 'defer-loading' : hidden.length > 0 ? 'select-tools' : 'select-tools-none';
  const servers = new Set(hidden.map((t) => t.server)).size;
  const why = { code: reason, params: { n: hidden.length, servers } };
  const addedTools = hidden.length === 0 ? [] : deferral === 'defer_loading' ? ['tool_search'] : ['select_tools'];
  return summary(perTool, { deferred: hidden.length > 0, reason, why, model, contextWindow, estTokens, thresholdTokens: 0, addedTools });
}

interface Verdict {
  deferred: boolean;
  reason: DisclosureReason;
  why: DisclosurePlan['why'];
  model: string;
  contextWindow: number;
  estTokens: number;
  thresholdTokens: number;
  addedTools: string[];
}

/** The cost view (DISC-4) around a verdict: per tool, per server, inline and hidden. */
function summary(perTool: PerTool[], v: Verdict): DisclosurePlan {
  const { deferred, reason, why, model, contextWindow, estTokens, thresholdTokens } = v;
  const explanation = translateCode('en', 'disc.why', why);
  const totalTokens = perTool.reduce((s, t) => s + t.tokens, 0);
  const servers = new Map<string, ServerCost>();
  for (const t of perTool) {
    const s = servers.get(t.server) ?? { server: t.server, tools: 0, tokens: 0, deferrable: false };
    s.tools++;
    s.tokens += t.tokens;
    s.deferrable ||= reason === 'select-tools' || reason === 'select-tools-none' || reason === 'defer-loading' ? t.deferred : t.source === 'configured';
    servers.set(t.server, s);
  }
  return {
    deferred,
    reason,
    why,
    explanation,
    model,
    contextWindow,
    estTokens,
    totalTokens,
    thresholdTokens,
    contextShare: contextWindow > 0 ? totalTokens / contextWindow : 0,
    inline: perTool.filter((t) => !t.deferred).map((t) => t.name),
    hidden: perTool.filter((t) => t.deferred).map((t) => t.name),
    perTool,
    perServer: [...servers.values()],
    addedTools: v.addedTools,
  };
}
