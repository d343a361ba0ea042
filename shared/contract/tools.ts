// UI-3 tools and collisions, UI-5 disclosure, UI-4 permissions: what the discovered tools are
// called under each agent's scheme (NAME-4), what they cost (DISC-1) and what rules decide
// (PERM-4). Computed in the host from the connection engine's lists.
import { z } from 'zod';
import { ProfileSchema, ServerStateKindSchema, ToolSourceSchema } from '../schemas/server';
import { method } from '../rpc';

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
  names: z.object({ minimax: z.string().nullable(), kimi: z.string().nullable(), minara: z.string().nullable() }),
  /** DISC-1 estimate of this definition. */
  tokens: z.number().int(),
  deferred: z.boolean(),
  /** Under the selected profile: lost a name collision to… */
  collidesWith: ToolRefSchema.extend({ name: z.string(), kind: z.enum(['same_server', 'other_server']) }).nullable(),
  dropped: z.boolean(),
});
export const SUMMARY_MAX = 120;

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
  warnings: z.array(z.string()),
  tokens: z.number().int(),
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
});

export const ToolsViewSchema = z.object({
  profile: ProfileSchema,
  servers: z.array(ToolServerSchema),
  tools: z.array(ToolRowSchema),
  collisions: z.array(CollisionRowSchema),
});
export type ToolsView = z.infer<typeof ToolsViewSchema>;

const PartSchema = z.discriminatedUnion('type', [
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

const DecisionSchema = z.enum(['allow', 'ask', 'deny']);
const RuleRefSchema = z.object({ list: DecisionSchema, index: z.number().int(), rule: z.string() });
export const RuleListsInputSchema = z.object({
  allow: z.array(z.string().max(1000)).max(5000),
  ask: z.array(z.string().max(1000)).max(5000),
  deny: z.array(z.string().max(1000)).max(5000),
});
export const SimulationSchema = z.object({
  profile: ProfileSchema,
  defaultDecision: DecisionSchema,
  tools: z.array(z.object({ name: z.string(), decision: DecisionSchema, rule: RuleRefSchema.nullable(), note: z.string().nullable() })),
  rules: z.array(
    RuleRefSchema.extend({
      matches: z.number().int(),
      neverMatches: z.boolean(),
      shadowedBy: RuleRefSchema.nullable(),
      unmatchable: z.string().nullable(),
      warnings: z.array(z.string()),
    }),
  ),
  warnings: z.array(z.string()),
});
export type SimulationView = z.infer<typeof SimulationSchema>;

export const DisclosurePlanSchema = z.object({
  deferred: z.boolean(),
  reason: z.string(),
  explanation: z.string(),
  model: z.string(),
  contextWindow: z.number(),
  estTokens: z.number(),
  totalTokens: z.number(),
  thresholdTokens: z.number(),
  contextShare: z.number(),
  perServer: z.array(z.object({ server: z.string(), tools: z.number().int(), tokens: z.number(), deferrable: z.boolean() })),
  addedTools: z.array(z.string()),
  /** Where each option came from (env > config > default, DISC-1). */
  options: z.object({ enabled: z.boolean(), thresholdPct: z.number(), minDeferCount: z.number(), modelWhitelist: z.array(z.string()), origins: z.record(z.string(), z.string()) }),
  /** DISC-3: how the selected profile defers (kimi `deferred`, minara defer_loading). */
  profileNote: z.string().nullable(),
});
export type DisclosurePlanView = z.infer<typeof DisclosurePlanSchema>;

export const SearchOutputSchema = z.object({
  ok: z.boolean(),
  mode: z.enum(['keyword', 'regex']),
  results: z.array(z.object({ name: z.string(), score: z.number(), description: z.string(), truncated: z.boolean() })),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

export const toolsMethods = {
  /** Every tool of the selection's running servers, named under every scheme (NAME-4). */
  'tools.list': method(z.object({}), ToolsViewSchema),
  /** UI-3: the full definition (schema, description, warnings) of one listed tool. */
  'tools.describe': method(z.object({ serverId: z.string().min(1), tool: z.string().min(1) }), ToolDetailSchema),
  'tools.call': method(z.object({ id: z.string().min(1), tool: z.string().min(1), arguments: z.record(z.string(), z.unknown()).default({}) }), CallResultSchema),
  /** CONN-11: the user accepts the server's current tool list. */
  'tools.acceptSnapshot': method(z.object({ id: z.string().min(1) }), z.object({ sha: z.string().nullable() })),
  /** PERM-4 in the host; `tools` absent = the discovered tools' names under the profile. */
  'permissions.simulate': method(
    z.object({ rules: RuleListsInputSchema, tools: z.array(z.string().max(500)).max(20000).optional(), defaultDecision: DecisionSchema.default('ask') }),
    SimulationSchema,
  ),
  'disclosure.plan': method(z.object({ model: z.string().min(1).max(200), contextWindow: z.number().int().positive().max(100_000_000) }), DisclosurePlanSchema),
  'disclosure.search': method(z.object({ query: z.string().max(1000), mode: z.enum(['keyword', 'regex']).default('keyword'), topK: z.number().int().positive().max(100).optional() }), SearchOutputSchema),
};
