// CTX-2: the plan per agent. Of the tools an agent is offered, which are dead weight, each with
// its reason and its token saving, and which the plan picks by default. Pure: the host gathers
// the facts per tool (electron/services/context/plan.ts) and writes the kept list into the
// agent's own filter fields. The default plan hides only what the agent cannot use anyway or
// already has: a tool its own rules deny, a second copy of a definition another server gives,
// a name its model API rejects, a tool it drops itself. A renamed collision loser, and a server
// the agent has not called through the bridge, are tools the person may want: suggested, picked
// only when a token target asks for more.

export const PLAN_KINDS = ['denied', 'too_long', 'duplicate', 'collision_dropped', 'collision_renamed', 'refused', 'unused'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** What the host knows of one server tool under one agent. */
export interface PlanTool {
  serverId: string;
  serverName: string;
  tool: string;
  /** The agent's name for it; null when it leaves the tool out. */
  name: string | null;
  tokens: number;
  /** In the agent's context now (named, not dropped, not late). */
  offered: boolean;
  /** The agent's own rule that denies every call (its text), or null. */
  deniedBy: string | null;
  /** Same description and input schema as another tool: a key equal across servers. */
  definition: string;
  /** Lost its name to another tool: dropped (`name` null) or renamed. */
  lostTo: { serverName: string; tool: string; name: string } | null;
  dropped: boolean;
  /** NAME-4: longer than the agent's model API takes (the agent sends it, the request fails). */
  tooLong: boolean;
  /** The agent refuses the name (left out). */
  refused: boolean;
  /** Days the bridge has run this server for the agent without a tool call (null: not known unused). */
  unusedDays?: number | null;
}

export interface PlanSuggestion {
  /** Stable across previews: `kind:serverId:tool`. */
  id: string;
  kind: PlanKind;
  serverId: string;
  serverName: string;
  tool: string;
  name: string | null;
  /** Tokens the agent's context loses with it (0: it is not in the context now). */
  tokens: number;
  /** For the words: the rule, the other copy, the winner. */
  params: Record<string, string | number>;
  picked: boolean;
}

const ORDER: Readonly<Record<PlanKind, number>> = { denied: 0, too_long: 1, duplicate: 2, collision_dropped: 3, collision_renamed: 4, refused: 5, unused: 6 };

/**
 * Tools the person may want, suggested but picked only when a token target asks: a renamed
 * collision loser, and a server not called from this agent in the days its bridge has run it
 * (the bridge's usage records: it may be kept for the day it is needed).
 */
const OPTIONAL: ReadonlySet<PlanKind> = new Set(['collision_renamed', 'unused']);

/** One suggestion per tool at most: the strongest reason wins. */
function suggestionOf(t: PlanTool, firstCopy: ReadonlyMap<string, PlanTool>): Omit<PlanSuggestion, 'id' | 'picked'> | null {
  const base = { serverId: t.serverId, serverName: t.serverName, tool: t.tool, name: t.name };
  const cost = t.offered ? t.tokens : 0;
  if (t.deniedBy !== null && t.offered) return { ...base, kind: 'denied', tokens: cost, params: { rule: t.deniedBy } };
  if (t.tooLong && t.offered) return { ...base, kind: 'too_long', tokens: cost, params: { length: t.name?.length ?? 0 } };
  const first = firstCopy.get(t.definition);
  if (t.offered && first && first !== t) return { ...base, kind: 'duplicate', tokens: cost, params: { other: `${first.serverName}/${first.tool}`, otherName: first.name ?? '' } };
  if (t.dropped && t.lostTo) return { ...base, kind: 'collision_dropped', tokens: 0, params: { winner: `${t.lostTo.serverName}/${t.lostTo.tool}`, wanted: t.lostTo.name } };
  if (t.lostTo && t.offered) return { ...base, kind: 'collision_renamed', tokens: cost, params: { winner: `${t.lostTo.serverName}/${t.lostTo.tool}`, wanted: t.lostTo.name } };
  if (t.refused) return { ...base, kind: 'refused', tokens: 0, params: {} };
  if (t.offered && t.unusedDays != null) return { ...base, kind: 'unused', tokens: cost, params: { days: t.unusedDays } };
  return null;
}

export interface PlanOptions {
  /** Pick more (renamed collision losers, largest first) until the context is at most this. */
  targetTokens?: number;
  /** The person's own picks by suggestion id: replaces the default. */
  picks?: readonly string[];
}

export interface PlanSuggestions {
  suggestions: PlanSuggestion[];
  /** Tokens of the offered tools now, and after the picked ones are gone (an estimate: the host names the result again). */
  tokens: { before: number; after: number };
}

export function suggest(tools: readonly PlanTool[], opts: PlanOptions = {}): PlanSuggestions {
  // The first offered copy of each definition stays; a later copy is the duplicate.
  const firstCopy = new Map<string, PlanTool>();
  for (const t of tools) if (t.offered && t.deniedBy === null && !firstCopy.has(t.definition)) firstCopy.set(t.definition, t);
  const suggestions: PlanSuggestion[] = [];
  for (const t of tools) {
    const s = suggestionOf(t, firstCopy);
    if (s) suggestions.push({ ...s, id: `${s.kind}:${s.serverId}:${s.tool}`, picked: !OPTIONAL.has(s.kind) });
  }
  suggestions.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || b.tokens - a.tokens || a.serverName.localeCompare(b.serverName) || a.tool.localeCompare(b.tool));
  const before = tools.reduce((n, t) => n + (t.offered ? t.tokens : 0), 0);
  const saved = () => suggestions.reduce((n, s) => n + (s.picked ? s.tokens : 0), 0);
  if (opts.picks) {
    const want = new Set(opts.picks);
    for (const s of suggestions) s.picked = want.has(s.id);
  } else if (opts.targetTokens !== undefined) {
    for (const s of suggestions) {
      if (before - saved() <= opts.targetTokens) break;
      if (!s.picked && s.tokens > 0) s.picked = true;
    }
  }
  return { suggestions, tokens: { before, after: before - saved() } };
}
