// CTX-2: the plan per agent. Of the tools an agent is offered, which are dead weight, each with
// its reason and its token saving, and which the plan picks by default. Pure: the host gathers
// the facts per tool (electron/services/context/plan.ts) and writes the kept list into the
// agent's own filter fields. The default plan hides only what the agent cannot use anyway or
// already has: a tool its own rules deny, a second copy of a definition another server gives,
// a name its model API rejects, a tool it drops itself. A renamed collision loser, and a server
// the agent has not called through the bridge, are tools the person may want: suggested, picked
// only when a token target asks for more.
//
// Savings are tokens up front: a tool the agent already defers (Kimi `deferred`, Minara
// `defer_loading`) is not in the context on every turn, so hiding it saves nothing there; it is
// still suggested and picked when it is dead weight (its search would find a tool that is refused,
// or a second copy). An agent that defers a server by a field of its entry (Kimi, seed 002) gets
// one `defer` suggestion per server it does not defer yet: the server's tools leave the context
// and load on demand through the agent's own tool search (`select_tools`), none hidden; the seed
// names no per-server stub, so the whole of what is still up front is the saving. The default
// plan picks them, largest server first, only while the tools left up front after the dead
// weight are more than the bound (`deferral.above`: the host's share of the context window, or
// the person's `targetTokens` when given), and before any renamed loser: deferring hides nothing.

export const PLAN_KINDS = ['denied', 'too_long', 'duplicate', 'collision_dropped', 'collision_renamed', 'refused', 'unused', 'defer'] as const;
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
  /** The agent already defers it (its own mark): loaded on demand, not in the context up front. */
  deferred: boolean;
  /** Days the bridge has run this server for the agent without a tool call (null: not known unused). */
  unusedDays?: number | null;
}

export interface PlanSuggestion {
  /** Stable across previews: `kind:serverId:tool` (a `defer` is a whole server's: tool '' and name null). */
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

const ORDER: Readonly<Record<PlanKind, number>> = { denied: 0, too_long: 1, duplicate: 2, collision_dropped: 3, collision_renamed: 4, refused: 5, unused: 6, defer: 7 };

/**
 * Tools the person may want, suggested but picked only when a token target asks: a renamed
 * collision loser, and a server not called from this agent in the days its bridge has run it
 * (the bridge's usage records: it may be kept for the day it is needed).
 */
const OPTIONAL: ReadonlySet<PlanKind> = new Set(['collision_renamed', 'unused']);

/** In the context on every turn now. */
const upFront = (t: PlanTool) => t.offered && !t.deferred;
const cost = (t: PlanTool) => (upFront(t) ? t.tokens : 0);
const toolKey = (serverId: string, tool: string) => `${serverId}\u0000${tool}`;

/** One suggestion per tool at most: the strongest reason wins. */
function suggestionOf(t: PlanTool, firstCopy: ReadonlyMap<string, PlanTool>): Omit<PlanSuggestion, 'id' | 'picked'> | null {
  const base = { serverId: t.serverId, serverName: t.serverName, tool: t.tool, name: t.name };
  const tokens = cost(t);
  if (t.deniedBy !== null && t.offered) return { ...base, kind: 'denied', tokens, params: { rule: t.deniedBy } };
  if (t.tooLong && t.offered) return { ...base, kind: 'too_long', tokens, params: { length: t.name?.length ?? 0 } };
  const first = firstCopy.get(t.definition);
  if (t.offered && first && first !== t) return { ...base, kind: 'duplicate', tokens, params: { other: `${first.serverName}/${first.tool}`, otherName: first.name ?? '' } };
  if (t.dropped && t.lostTo) return { ...base, kind: 'collision_dropped', tokens: 0, params: { winner: `${t.lostTo.serverName}/${t.lostTo.tool}`, wanted: t.lostTo.name } };
  if (t.lostTo && t.offered) return { ...base, kind: 'collision_renamed', tokens, params: { winner: `${t.lostTo.serverName}/${t.lostTo.tool}`, wanted: t.lostTo.name } };
  if (t.refused) return { ...base, kind: 'refused', tokens: 0, params: {} };
  if (t.offered && t.unusedDays != null) return { ...base, kind: 'unused', tokens, params: { days: t.unusedDays } };
  return null;
}

/** How the agent defers one server (Kimi: `deferred: true`, loaded through `select_tools`). */
export interface PlanDeferral {
  field: string;
  mechanism: string;
  /** The default plan defers servers while more than this many tokens are left up front. */
  above: number;
}

export interface PlanOptions {
  /** Pick more (servers to defer, then renamed collision losers, largest first) until the context is at most this. */
  targetTokens?: number;
  /** The person's own picks by suggestion id: replaces the default. */
  picks?: readonly string[];
  /** The agent defers a server by a field of its entry: suggest it for each server it does not defer yet. */
  deferral?: PlanDeferral;
}

export interface PlanSuggestions {
  suggestions: PlanSuggestion[];
  /** Tokens up front now, and after the picked suggestions (an estimate: the host names the result again). */
  tokens: { before: number; after: number };
}

/** A `defer` per server with tools up front, largest first; its saving is set by `settle`. */
function deferrals(tools: readonly PlanTool[], d: PlanDeferral): { suggestions: PlanSuggestion[]; upFrontOf: Map<string, PlanTool[]> } {
  const upFrontOf = new Map<string, PlanTool[]>();
  const size = new Map<string, number>();
  for (const t of tools) {
    if (!upFront(t)) continue;
    const list = upFrontOf.get(t.serverId);
    if (list) list.push(t);
    else upFrontOf.set(t.serverId, [t]);
    size.set(t.serverId, (size.get(t.serverId) ?? 0) + t.tokens);
  }
  const suggestions = [...upFrontOf].map(([serverId, ts]): PlanSuggestion => ({ id: `defer:${serverId}:`, kind: 'defer', serverId, serverName: ts[0]!.serverName, tool: '', name: null, tokens: 0, params: { field: d.field, mechanism: d.mechanism, tools: 0 }, picked: false }));
  // By the whole server's size, so the order stays put while the person picks tool suggestions.
  suggestions.sort((a, b) => size.get(b.serverId)! - size.get(a.serverId)! || a.serverName.localeCompare(b.serverName));
  return { suggestions, upFrontOf };
}

/** A deferral saves what of its server is still up front once the picked tool suggestions are gone. */
function settle(defers: readonly PlanSuggestion[], toolLevel: readonly PlanSuggestion[], upFrontOf: ReadonlyMap<string, PlanTool[]>): void {
  const hidden = new Set(toolLevel.filter((s) => s.picked).map((s) => toolKey(s.serverId, s.tool)));
  for (const s of defers) {
    const left = upFrontOf.get(s.serverId)!.filter((t) => !hidden.has(toolKey(t.serverId, t.tool)));
    s.tokens = left.reduce((n, t) => n + t.tokens, 0);
    s.params.tools = left.length;
  }
}

export function suggest(tools: readonly PlanTool[], opts: PlanOptions = {}): PlanSuggestions {
  // The first offered copy of each definition stays; a later copy is the duplicate.
  const firstCopy = new Map<string, PlanTool>();
  for (const t of tools) if (t.offered && t.deniedBy === null && !firstCopy.has(t.definition)) firstCopy.set(t.definition, t);
  const toolLevel: PlanSuggestion[] = [];
  for (const t of tools) {
    const s = suggestionOf(t, firstCopy);
    if (s) toolLevel.push({ ...s, id: `${s.kind}:${s.serverId}:${s.tool}`, picked: !OPTIONAL.has(s.kind) });
  }
  toolLevel.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || b.tokens - a.tokens || a.serverName.localeCompare(b.serverName) || a.tool.localeCompare(b.tool));
  const { suggestions: defers, upFrontOf } = opts.deferral ? deferrals(tools, opts.deferral) : { suggestions: [], upFrontOf: new Map<string, PlanTool[]>() };
  const suggestions = [...toolLevel, ...defers];
  const before = tools.reduce((n, t) => n + cost(t), 0);
  const left = () => before - suggestions.reduce((n, s) => n + (s.picked ? s.tokens : 0), 0);
  // A server whose every tool up front the picked suggestions hide has nothing left to defer.
  const done = (): PlanSuggestions => ({ suggestions: suggestions.filter((s) => s.kind !== 'defer' || s.picked || s.params.tools !== 0), tokens: { before, after: left() } });
  if (opts.picks) {
    const want = new Set(opts.picks);
    for (const s of suggestions) s.picked = want.has(s.id);
    settle(defers, toolLevel, upFrontOf);
    return done();
  }
  settle(defers, toolLevel, upFrontOf);
  const bound = opts.targetTokens ?? opts.deferral?.above;
  for (const s of defers) {
    if (bound === undefined || left() <= bound) break;
    if (s.tokens > 0) s.picked = true;
  }
  if (opts.targetTokens !== undefined) {
    // A renamed loser of a deferred server is no longer up front: hiding it would save nothing.
    const deferred = new Set(defers.filter((s) => s.picked).map((s) => s.serverId));
    for (const s of toolLevel) {
      if (left() <= opts.targetTokens) break;
      if (!s.picked && s.tokens > 0 && !deferred.has(s.serverId)) s.picked = true;
    }
    settle(defers, toolLevel, upFrontOf);
  }
  return done();
}
