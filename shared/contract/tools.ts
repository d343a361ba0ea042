// UI-3 tools and collisions: what the discovered tools are called under each agent's scheme
// (NAME-4) and what they cost (DISC-1). Computed in the host from the connection engine's lists.
import { z } from 'zod';
import { NamingWarningSchema } from '../schemas/notes';
import { PROFILES, ProfileSchema, ServerStateKindSchema, ToolSourceSchema } from '../schemas/server';
import { RegistryDataSchema } from '../profiles/minimax/registry';
import { COLLISION_CAUSES } from '../naming/collision-cause';
import { method, ACTION, SERVED, SERVED_WRITE, serverContent } from '../rpc';
import { LIMIT_ACTIONS, TOOL_LIMIT_KINDS } from '../profiles/types';
import { FindingSchema } from '../trust/finding';

const ToolRefSchema = z.object({ serverId: z.string(), serverName: z.string(), tool: z.string() });

/** UI-3 list row: only what the virtualised list shows and filters on, so `tools.list` stays
 *  small for 10,000 tools; the full definition comes from `tools.describe` on selection. */
export const ToolRowSchema = z.object({
  serverId: z.string(),
  serverName: z.string(),
  tool: z.string(),
  /** First line of the description, at most SUMMARY_MAX characters (for the filter). */
  summary: z.string(),
  /** Qualified name under each scheme; null = dropped, hidden or wrapped. */
  names: z.partialRecord(ProfileSchema, z.string().nullable()),
  /** DISC-1 estimate of this definition. */
  tokens: z.number().int(),
  deferred: z.boolean(),
  /** Under the selected profile: lost a name collision to… */
  collidesWith: ToolRefSchema.extend({ name: z.string(), kind: z.enum(['same_server', 'other_server']) }).nullable(),
  dropped: z.boolean(),
  /**
   * A tool the agent makes up (seed 002: kimi's `mcp__<server>__authenticate` for a server that
   * waits for a login; seed 001: minara's `mcp_<id>_query` for a `subagent` server), null for a
   * server's own tool (absent). The page words it from `tools.synthetic.<kind>`.
   */
  synthetic: z.enum(['authenticate', 'query']).optional(),
  /** CONN-3: under the selected profile, not registered this turn (the server missed the agent's discovery budget). */
  late: z.boolean().optional(),
  /** NAME-4 warnings of every scheme; only when asked for (`tools.list {warnings: true}`). UI-9: codes (naming.warn.*). */
  warnings: z.array(NamingWarningSchema).optional(),
  /** CONN-11: the poisoning checks' findings on this definition (absent when none). */
  findings: z.array(FindingSchema).optional(),
});
export const SUMMARY_MAX = 120;

/**
 * One hand-given tool (the CLI's --tools file or stdin): its server as the agent names it and
 * its raw tool name, plus whatever of the definition is known. Several rows of one server are
 * one server (grouped by source + server). This is the one check of such input.
 */
export const ToolInputSchema = z.object({
  server: z.string().min(1).max(200),
  tool: z.string().min(1).max(500),
  source: ToolSourceSchema.exclude(['session']).default('configured'),
  state: ServerStateKindSchema.optional(),
  subagent: z.boolean().optional(),
  deferred: z.boolean().optional(),
  title: z.string().max(1000).optional(),
  description: z.string().max(100_000).optional(),
  inputSchema: z.record(z.string(), z.unknown()).default({ type: 'object' }),
  outputSchema: z.record(z.string(), z.unknown()).optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
});
export type ToolInput = z.output<typeof ToolInputSchema>;

/**
 * What the tools, permissions and disclosure methods name and count. `catalog`, when given,
 * replaces the live catalog (the running servers' tools); `registry` replaces the agent's
 * minimax name registry for the preview (NAME-1). Both absent: what the panel shows.
 */
export const CatalogInputSchema = z.object({
  catalog: z.array(ToolInputSchema).max(20000).optional(),
  registry: RegistryDataSchema.optional(),
});
export type CatalogInput = z.output<typeof CatalogInputSchema>;

/** UI-3 detail of one tool, fetched when it is selected. */
export const ToolDetailSchema = z.object({
  serverId: z.string(),
  serverName: z.string(),
  tool: z.string(),
  title: z.string().nullable(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  outputSchema: z.record(z.string(), z.unknown()).nullable(),
  annotations: z.record(z.string(), z.unknown()).nullable(),
  /** NAME-4 warnings for every scheme (dropped, renamed, differs from raw). */
  warnings: z.array(NamingWarningSchema),
  tokens: z.number().int(),
  /** CONN-11: the poisoning checks' findings on this definition. */
  findings: z.array(FindingSchema).optional(),
});
export type ToolDetail = z.infer<typeof ToolDetailSchema>;

export type ToolRow = z.infer<typeof ToolRowSchema>;

export const CollisionRowSchema = z.object({
  profile: ProfileSchema,
  name: z.string(),
  kind: z.enum(['same_server', 'other_server']),
  winner: ToolRefSchema,
  loser: ToolRefSchema,
  resolution: z.enum(['dropped', 'suffixed']),
  assigned: z.string().nullable(),
  /** Plain words: who won and why (first claimant, registry order…). */
  why: z.string(),
  /** NAME-4: how the two names came to coincide (the renderer words it: tools.cause.*). */
  cause: z.enum(COLLISION_CAUSES),
});
export type CollisionRow = z.infer<typeof CollisionRowSchema>;

export const ToolDiffSchema = z.object({
  acceptedSha: z.string().nullable(),
  currentSha: z.string(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.object({ name: z.string(), fields: z.array(z.string()) })),
});

export const ToolServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  source: ToolSourceSchema,
  state: ServerStateKindSchema,
  reason: z.string(),
  toolCount: z.number().int(),
  tokens: z.number().int(),
  /** CONN-11: change since the last accepted snapshot, null when none. */
  diff: ToolDiffSchema.nullable(),
  /** CONN-11: the poisoning checks' findings on the server's current list (first sight and every change), absent when none. */
  findings: z.array(FindingSchema).optional(),
  /** CONN-3: the selected agent gets no tools from it this turn: it answered in `ms`, the budget is `budget`. */
  missedTurn: z.object({ ms: z.number(), budget: z.number(), seconds: z.number(), budgetSeconds: z.number(), turns: z.enum(['first', 'every', 'session']) }).optional(),
});

/** CTX-1: one limit of an agent and where its tools stand (shared/context/limits.ts; the page words it: limits.*). */
export const LimitStandingSchema = z.object({
  kind: z.enum(TOOL_LIMIT_KINDS),
  limit: z.number().int().nonnegative(),
  unit: z.enum(['tools', 'tokens']),
  value: z.number().int().nonnegative(),
  over: z.number().int().nonnegative(),
  action: z.enum(LIMIT_ACTIONS),
  affected: z.number().int().nonnegative(),
  per: z.enum(['request', 'total']).optional(),
  share: z.number().optional(),
  window: z.number().int().optional(),
  field: z.string().optional(),
  setting: z.string().optional(),
  only: z.literal('configured').optional(),
  whitelist: z.boolean().optional(),
});
/** CTX-1: the tools one agent is offered, their estimate, and its standing per limit (none: it states none). */
export const AgentStandingSchema = z.object({ profile: ProfileSchema, tools: z.number().int(), tokens: z.number().int(), limits: z.array(LimitStandingSchema) });
export type AgentStandingRow = z.infer<typeof AgentStandingSchema>;

export const ToolsViewSchema = z.object({
  profile: ProfileSchema,
  servers: z.array(ToolServerSchema),
  tools: z.array(ToolRowSchema),
  collisions: z.array(CollisionRowSchema),
  /** The agents the tools are named for (the others' names are null). */
  agents: z.array(ProfileSchema),
  /** CTX-1: per agent named, its tools, tokens and limits, at the default context window. */
  limits: z.array(AgentStandingSchema),
});
export type ToolsView = z.infer<typeof ToolsViewSchema>;

/**
 * Every tool of the running servers as the server sent it (raw name, full definition, what
 * `tools.describe` answers for one), with no naming: the CLI's `tools` prints exactly this, in
 * one call instead of `tools.list` (names under every scheme) and one `tools.describe` per
 * tool (issue 22 item 5). Per server, in the server's order; a name the server repeats once.
 */
export const ToolDefinitionsSchema = z.object({
  servers: z.array(ToolServerSchema),
  tools: z.array(ToolDetailSchema.omit({ serverName: true, warnings: true, tokens: true, findings: true })),
});

export const PartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('image'), data: z.string(), mimeType: z.string() }),
  z.object({ type: z.literal('audio'), data: z.string(), mimeType: z.string() }),
  z.object({ type: z.literal('resource'), resource: z.object({ uri: z.string(), mimeType: z.string().optional(), text: z.string().optional(), blob: z.string().optional() }) }),
  z.object({ type: z.literal('resource_link'), uri: z.string(), name: z.string(), title: z.string().optional(), description: z.string().optional(), mimeType: z.string().optional() }),
]);
export type ResultPart = z.infer<typeof PartSchema>;

/** CONN-9: converted result; a failed call is a result with isError, never a throw. */
export const CallResultSchema = z.object({
  isError: z.boolean(),
  content: z.array(PartSchema),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  retried: z.enum(['after-ping', 'after-reconnect']).optional(),
  ms: z.number(),
});
export type CallResult = z.infer<typeof CallResultSchema>;

export const toolsMethods = {
  /** Every tool of the selection's running servers, named under every scheme (NAME-4). */
  /**
   * `agents`: name the tools for these agents only (and the selection's), instead of every
   * detected agent (the CLI's `names --profile`); `only: 'warned'`: the rows with a naming warning
   * (the CLI's `collisions`): at 10,000 tools the answer is what was asked, not every row (issue 44).
   * `findings: false`: no CONN-11 findings on rows and servers, for a caller that shows none (the
   * CLI's `names` and `collisions`): checking 10,000 definitions was a sixth of such a call.
   * `limits: false`: no CTX-1 standing (`limits` answers empty), for the same callers.
   */
  'tools.list': method(
    CatalogInputSchema.extend({ warnings: z.boolean().optional(), agents: z.array(ProfileSchema).max(PROFILES.length).optional(), only: z.literal('warned').optional(), findings: z.literal(false).optional(), limits: z.literal(false).optional() }),
    ToolsViewSchema, serverContent(SERVED),
    ['unavailable'],
  ),
  /** CTX-1: per agent (these, else every detected one), where its offered tools stand against its limits. */
  'tools.limits': method(
    CatalogInputSchema.extend({ agents: z.array(ProfileSchema).max(PROFILES.length).optional(), contextWindow: z.number().int().positive().optional() }),
    z.object({ limits: z.array(AgentStandingSchema) }), serverContent({ ...SERVED, callers: [...SERVED.callers, 'tray'] }),
    ['unavailable'],
  ),
  /** Every running server's definitions, unnamed (the CLI's `tools`). */
  'tools.definitions': method(z.object({}), ToolDefinitionsSchema, serverContent(SERVED), ['unavailable']),
  /** UI-3: the full definition (schema, description, warnings) of one listed tool. */
  'tools.describe': method(z.object({ serverId: z.string().min(1), tool: z.string().min(1) }), ToolDetailSchema, serverContent(SERVED), ['not-found', 'unavailable']),
  /** `callId` (chosen by the page) names the call for `tools.progress` events and `tools.cancel`. */
  'tools.call': method(
    z.object({ id: z.string().min(1), tool: z.string().min(1), arguments: z.record(z.string(), z.unknown()).default({}), callId: z.string().min(1).max(100).optional() }),
    CallResultSchema, serverContent(ACTION),
    ['not-found', 'refused', 'conflict', 'unavailable'],
  ),
  /** Aborts a call in flight (the SDK sends notifications/cancelled); false when it already ended. */
  'tools.cancel': method(z.object({ callId: z.string().min(1).max(100) }), z.object({ cancelled: z.boolean() }), ACTION),
  /**
   * CONN-11: the user accepts the server's current tool list (null: none was ever recorded; a
   * server that can run is connected once for one). Served on the panel's socket: the CLI's `tools
   * accept` writes the same record without a panel, and a running panel's rows follow at once.
   * `previous`: the list accepted before; `appliesTo`: every entry, in every agent, the approval
   * covers (issue 38 item 1). Both absent from a panel that predates them.
   */
  'tools.acceptSnapshot': method(
    z.object({ id: z.string().min(1) }),
    z.object({ sha: z.string().nullable(), previous: z.string().nullable().optional(), appliesTo: z.array(z.object({ profile: ProfileSchema, name: z.string() })).optional() }),
    SERVED_WRITE,
    ['not-found', 'refused', 'unavailable'],
  ),
};

export const toolsEvents = {
  /** notifications/progress of a call made with a `callId` (issue 14: a long call shows progress). */
  'tools.progress': z.object({ callId: z.string(), progress: z.number(), total: z.number().optional(), message: z.string().optional() }),
};
