// UI-5 progressive disclosure and tool_search (DISC-1, DISC-2, DISC-4).
import { z } from 'zod';
import { ProfileNoteCodeSchema } from '../schemas/notes';
import { ToolSourceSchema } from '../schemas/server';
import { method, SERVED, serverContent } from '../rpc';
import { CatalogInputSchema } from './tools';

/** The context window the tools view and `tools disable|enable` budget against until a model is chosen. */
export const DEFAULT_CONTEXT_WINDOW = 200_000;

export const DisclosurePlanSchema = z.object({
  deferred: z.boolean(),
  reason: z.string(),
  /** UI-9: the verdict as a code and params (disc.why.*); `explanation` is its English. */
  why: z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }).optional(),
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
  /** UI-9: the same note as a code (disc.profile.*), for front doors that translate it. */
  profileNoteCode: ProfileNoteCodeSchema.nullable().optional(),
  /** Which tools stay inline and which hide behind tool_search, and each one's cost (DISC-4). */
  inline: z.array(z.string()).optional(),
  hidden: z.array(z.string()).optional(),
  perTool: z.array(z.object({ name: z.string(), server: z.string(), source: ToolSourceSchema, tokens: z.number(), deferred: z.boolean() })).optional(),
  /** Every option with its env variable, config key, default, value and origin (DISC-1); `file` where a config file set it. */
  optionTable: z.array(z.object({ key: z.string(), env: z.string(), configKey: z.string(), default: z.unknown(), value: z.unknown(), origin: z.string(), file: z.string().nullable().optional() })).optional(),
  /** The file the agent reads its options from (MiniMax Code's config.yaml), null when it has none. */
  configFile: z.string().nullable().optional(),
  /**
   * The edits that would change the verdict, offered in place: the key and its file, the YAML
   * to put there, or the environment variable instead (the environment wins, DISC-1).
   */
  edits: z.array(z.object({ key: z.string(), file: z.string().nullable(), yaml: z.string(), env: z.string(), envSet: z.boolean() })).optional(),
  /** Option values given but invalid (ignored; the next source applies). */
  problems: z.array(z.string()).optional(),
});
export type DisclosurePlanView = z.infer<typeof DisclosurePlanSchema>;

export const SearchOutputSchema = z.object({
  ok: z.boolean(),
  mode: z.enum(['keyword', 'regex']),
  /**
   * DISC-2: what tool_search hands the model: the full definition. The input schema as sent when
   * its JSON fits maxSchemaTextLen, else that JSON text cut there (`truncated`).
   */
  results: z.array(z.object({ name: z.string(), score: z.number(), description: z.string(), inputSchema: z.unknown().optional(), inputSchemaText: z.string().optional(), truncated: z.boolean() })),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

/** DISC-1 options from a config (`mcpToolSearch`, or a whole config holding it); the environment still wins. */
const OptionsConfigSchema = z.object({ config: z.record(z.string(), z.unknown()).optional() });

export const disclosureMethods = {
  'disclosure.plan': method(
    CatalogInputSchema.extend(OptionsConfigSchema.shape).extend({ model: z.string().min(1).max(200), contextWindow: z.number().int().positive().max(100_000_000) }),
    DisclosurePlanSchema, serverContent(SERVED),
    ['unavailable'],
  ),
  'disclosure.search': method(
    CatalogInputSchema.extend(OptionsConfigSchema.shape).extend({ query: z.string().max(1000), mode: z.enum(['keyword', 'regex']).default('keyword'), topK: z.number().int().positive().max(100).optional() }),
    SearchOutputSchema, serverContent(SERVED),
    ['unavailable'],
  ),
};
