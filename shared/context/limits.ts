// CTX-1: where one agent stands against its own tool and context limits, from the tools that
// agent is actually offered (after its naming, collisions and filters: the tool catalogue's rows
// for that agent, api/tool-catalog.ts). Pure: codes and numbers only; the words are
// `limits.*` (shared/i18n/limits.ts), said by the tools view, `status` and the tray alike.
import type { ProfileFacts, LimitAction, ToolLimit, ToolLimitKind } from '../profiles/types';
import type { Profile, ToolSource } from '../schemas/server';

/** One tool the agent is offered: its DISC-1 estimate, and whether the agent itself defers it (Kimi `deferred`). */
export interface OfferedTool {
  tokens: number;
  /** SKILL-1: a server's skills the agent loads (names and descriptions): context, but not a tool any limit counts. */
  skill?: true;
  deferred?: boolean;
  source?: ToolSource;
}

/** One limit and where the tools stand against it. */
export interface LimitStanding {
  kind: ToolLimitKind;
  /** What `value` is compared with: tools (a cap, `defer-count`) or tokens (`defer-share`); 0 where no number decides. */
  limit: number;
  unit: 'tools' | 'tokens';
  /** The tools or tokens counted against it. */
  value: number;
  /** How far past the limit `value` is (0 at or under it). */
  over: number;
  /** What the agent does with the tools past it (for a deferral: `deferred`). */
  action: LimitAction;
  /** The tools that action touches now: those past a cap, or those deferred. */
  affected: number;
  per?: 'request' | 'total';
  share?: number;
  window?: number;
  field?: string;
  setting?: string;
  only?: 'configured';
  whitelist?: boolean;
}

export interface AgentStanding {
  profile: Profile;
  tools: number;
  tokens: number;
  /** Empty: the agent states no limit (its README says where we looked). */
  limits: LimitStanding[];
}

export interface StandingOptions {
  /** The model's context window, for a deferral whose window is the model's (MiniMax Code, Claude Code). */
  contextWindow: number;
  env?: Readonly<Record<string, string | undefined>>;
}

const past = (value: number, limit: number) => Math.max(0, value - limit);

function standing(limit: ToolLimit, offered: readonly OfferedTool[], tokens: number, window: number): LimitStanding {
  const tools = offered.length;
  const setting = 'setting' in limit && limit.setting ? { setting: limit.setting } : {};
  switch (limit.kind) {
    case 'cap': {
      const over = past(tools, limit.max);
      return { kind: 'cap', limit: limit.max, unit: 'tools', value: tools, over, action: limit.past, affected: over, per: limit.per };
    }
    case 'defer-share': {
      // Seed 000: only `configured` tools count and can be hidden; a threshold counts all otherwise.
      const counted = limit.only ? offered.filter((t) => (t.source ?? 'configured') === limit.only) : offered;
      const value = limit.only ? counted.reduce((n, t) => n + t.tokens, 0) : tokens;
      const w = limit.window ?? window;
      const threshold = Math.floor(limit.share * w);
      const over = past(value, threshold);
      const only = limit.only ? { only: limit.only } : {};
      const whitelist = limit.whitelist ? { whitelist: true } : {};
      return { kind: limit.kind, limit: threshold, unit: 'tokens', value, over, action: 'deferred', affected: over > 0 ? counted.length : 0, share: limit.share, window: w, ...setting, ...only, ...whitelist };
    }
    case 'defer-count': {
      const over = past(tools, limit.max);
      return { kind: limit.kind, limit: limit.max, unit: 'tools', value: tools, over, action: 'deferred', affected: over > 0 ? tools : 0, ...setting };
    }
    case 'defer-all':
      return { kind: limit.kind, limit: 0, unit: 'tools', value: tools, over: 0, action: 'deferred', affected: tools, ...setting };
    case 'defer-marked': {
      const marked = offered.filter((t) => t.deferred).length;
      return { kind: limit.kind, limit: 0, unit: 'tools', value: tools, over: 0, action: 'deferred', affected: marked, field: limit.field };
    }
  }
}

/** CTX-1: the agent's standing against each of its limits, for the tools it is offered. */
export function limitStanding(facts: Pick<ProfileFacts, 'id' | 'limits'>, offered: readonly OfferedTool[], opts: StandingOptions): AgentStanding {
  const tools = offered.filter((t) => !t.skill);
  const toolTokens = tools.reduce((n, t) => n + t.tokens, 0);
  const limits = facts.limits(opts.env ?? {}).map((l) => standing(l, tools, toolTokens, opts.contextWindow));
  // The context estimate counts the skills the agent loads; its tool limits count its tools.
  return { profile: facts.id, tools: tools.length, tokens: offered.reduce((n, t) => n + t.tokens, 0), limits };
}

/**
 * CTX-2: the tokens the agent's context carries up front, and how many tools it defers instead:
 * a tool its own deferral marks (Kimi's `deferred: true` server, Minara's `defer_loading` on
 * every tool) is loaded on demand through its tool search, so its definition is not context on
 * every turn, and so is every tool of an agent that defers all of them as set now (Claude Code's
 * `ENABLE_TOOL_SEARCH` unset or on: the standing's `defer-all`). Skills count: the agent keeps them
 * in context. A deferral decided at run time by a threshold (Claude Code's `auto`, MiniMax Code)
 * is the agent's own to make and is not subtracted here.
 */
export function upFront(offered: readonly OfferedTool[], all = false): { tokens: number; deferred: number } {
  let tokens = 0;
  let deferred = 0;
  for (const t of offered) {
    if ((all || t.deferred) && !t.skill) deferred++;
    else tokens += t.tokens;
  }
  return { tokens, deferred };
}

/** The agent defers every MCP tool as it is set now (Claude Code's tool search, unset or on). */
export function defersAll(facts: Pick<ProfileFacts, 'limits'>, env: Readonly<Record<string, string | undefined>>): boolean {
  return facts.limits(env).some((l) => l.kind === 'defer-all');
}

/**
 * CTX-2: the entry field with which the agent defers one server's tools (Kimi `deferred`, from
 * its `defer-marked` limit); null where none does: Minara defers every tool itself, MiniMax Code
 * and Claude Code decide by their own threshold, the others do not defer.
 */
export function deferField(facts: Pick<ProfileFacts, 'limits'>): string | null {
  for (const l of facts.limits({})) if (l.kind === 'defer-marked') return l.field;
  return null;
}

/**
 * A limit the tools are past now: a cap exceeded, or a threshold of tokens or tools crossed. An
 * agent that defers every tool, or a marked server's, does so whatever the count: that is its
 * rule, not a limit passed (the tray says nothing of it; the tools view does).
 */
export function isPast(l: LimitStanding): boolean {
  return l.over > 0;
}
