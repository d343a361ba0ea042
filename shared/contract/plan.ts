// CTX-2 over the api: the selected agent's context plan (shared/context/plan.ts), previewed per
// file, written into the agent's own tool filter fields, undone byte for byte. Codes and numbers
// cross; the page and the CLI word them (shared/i18n/messages/plan.ts).
import { z } from 'zod';
import { method, ACTION, READ } from '../rpc';
import { PLAN_KINDS } from '../context/plan';
import { InstallDiffLineSchema } from '../schemas/install';
import { LayerKindSchema, ProfileSchema } from '../schemas/server';
import { ToolFilterBlockSchema } from './tool-filter';
import { AgentStandingSchema, CollisionRowSchema } from './tools';

/** Why a server's drops are not written: the switch's reasons, and the bridge line's own (`inline_secret`, `shared_file`). */
export const PlanBlockSchema = z.enum([...ToolFilterBlockSchema.options, 'inline_secret', 'shared_file']);

const UpFrontSchema = z.object({ tokens: z.number().int(), deferred: z.number().int() });
const NameRefSchema = z.object({ name: z.string(), serverName: z.string(), tool: z.string() });

export const PlanSuggestionSchema = z.object({
  id: z.string(),
  kind: z.enum(PLAN_KINDS),
  serverId: z.string(),
  serverName: z.string(),
  /** '' for `defer`, a whole server's suggestion (its name is null too). */
  tool: z.string(),
  name: z.string().nullable(),
  /** Tokens up front the agent's context loses with it. */
  tokens: z.number().int(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  picked: z.boolean(),
  /** Why the agent's file cannot say it (no filter field, untrusted workspace, read-only layer, server not connected); null: it can. */
  blocked: PlanBlockSchema.nullable(),
});
export type PlanSuggestion = z.infer<typeof PlanSuggestionSchema>;

/** One file the plan writes: its lines around the change, and the hash to write it against. */
export const PlanFileSchema = z.object({
  path: z.string(),
  layer: LayerKindSchema,
  hash: z.string().nullable(),
  servers: z.array(z.string()),
  diff: z.array(InstallDiffLineSchema),
  /** The writer's refusal (a damaged file, an entry the dialect would not take): nothing is written there. */
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type PlanFile = z.infer<typeof PlanFileSchema>;

export const PlanViewSchema = z.object({
  profile: ProfileSchema,
  /** The filter fields this agent reads (empty: none; the plan can only say what it would drop). */
  fields: z.array(z.string()),
  /** How the plan says a dropped tool: the agent's own fields, the bridge line's `--hide-tools` (no field of its own), or not at all. */
  via: z.enum(['fields', 'bridge', 'none']),
  suggestions: z.array(PlanSuggestionSchema),
  /** The agent's tools and tokens now and after the picked suggestions that can be written (named again). */
  before: AgentStandingSchema,
  after: AgentStandingSchema,
  /** The tokens in the agent's context on every turn, and the tools it loads on demand instead (its own deferral), now and after. */
  upFront: z.object({ before: UpFrontSchema, after: UpFrontSchema }),
  targetTokens: z.number().int().nullable(),
  files: z.array(PlanFileSchema),
  disappear: z.array(NameRefSchema),
  appear: z.array(NameRefSchema),
  resolved: z.array(CollisionRowSchema),
  created: z.array(CollisionRowSchema),
});
export type PlanView = z.infer<typeof PlanViewSchema>;

const PlanInput = z.object({
  /** Suggestion ids to apply; absent: the default plan. */
  picks: z.array(z.string().max(2000)).max(20000).optional(),
  targetTokens: z.number().int().nonnegative().optional(),
  contextWindow: z.number().int().positive().optional(),
});

export const PlanResultSchema = z.object({
  /** The undo id (null when nothing was written). */
  id: z.string().nullable(),
  written: z.array(z.object({ path: z.string(), layer: LayerKindSchema })),
  failed: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })),
});
export type PlanResult = z.infer<typeof PlanResultSchema>;

export const PlanUndoSchema = z.object({
  id: z.string(),
  restored: z.array(z.object({ path: z.string() })),
  failed: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })),
});
export type PlanUndo = z.infer<typeof PlanUndoSchema>;

export const PlanSummarySchema = z.object({ id: z.string(), profile: ProfileSchema, at: z.number(), files: z.array(z.string()), dropped: z.number().int() });

export const planMethods = {
  /** Reads only: the selected agent's suggestions, what the picked ones write per file, and the names and tokens after. */
  'plan.preview': method(PlanInput, PlanViewSchema, READ, ['not-found', 'unavailable']),
  /** Writes the picked suggestions; a file changed since the preview (baseHashes, by path) is not written. */
  'plan.apply': method(PlanInput.extend({ baseHashes: z.record(z.string(), z.string().nullable()).default({}) }), PlanResultSchema, ACTION, ['not-found', 'unavailable']),
  /** Puts each file a plan wrote back byte for byte, while it is as the plan left it. */
  'plan.undo': method(z.object({ id: z.string().min(1).max(64) }), PlanUndoSchema, ACTION, ['not-found', 'unavailable']),
  'plan.list': method(z.object({}), z.object({ plans: z.array(PlanSummarySchema) }), READ, ['unavailable']),
};
