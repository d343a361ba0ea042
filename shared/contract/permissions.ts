// UI-4 permission simulator: what the rules decide for the discovered tools (PERM-4), and the
// rules themselves, read from and saved to the agent's own files (shared/permissions/layers.ts).
import { z } from 'zod';
import { LayerKindSchema, ProfileSchema } from '../schemas/server';
import { method, ACTION, SERVED } from '../rpc';
import { WRITE_REFUSALS } from '../errors';
import { CatalogInputSchema } from './tools';
import { SaveOutcomeSchema } from './editor';

const DecisionSchema = z.enum(['allow', 'ask', 'deny']);
const RuleRefSchema = z.object({ list: DecisionSchema, index: z.number().int(), rule: z.string() });
const RuleListInput = z.array(z.string().max(1000)).max(5000).default([]);
const BareLists = z.object({ allow: RuleListInput, ask: RuleListInput, deny: RuleListInput });
/** The three lists, or an agent's settings file holding them (`{"permissions": {…}}`, as the CLI's --rules reads it). */
export const RuleListsInputSchema = z.preprocess(
  (raw) => (raw && typeof raw === 'object' && !Array.isArray(raw) && 'permissions' in raw ? (raw as { permissions: unknown }).permissions : raw),
  BareLists,
);
/** UI-9: a simulator note as a code and params (`perm.note.<code>`). */
const NoteSchema = z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() });
const SourceSchema = z.object({ layer: LayerKindSchema, path: z.string(), position: z.number().int() });
const RuleListsSchema = z.object({ allow: z.array(z.string()), ask: z.array(z.string()), deny: z.array(z.string()) });

export const SimulationSchema = z.object({
  profile: ProfileSchema,
  defaultDecision: DecisionSchema,
  tools: z.array(z.object({ name: z.string(), decision: DecisionSchema, rule: RuleRefSchema.nullable(), note: NoteSchema.nullable() })),
  rules: z.array(
    RuleRefSchema.extend({
      matches: z.number().int(),
      neverMatches: z.boolean(),
      shadowedBy: RuleRefSchema.nullable(),
      unmatchable: NoteSchema.nullable(),
      notes: z.array(NoteSchema),
      /** The file and layer the rule was read from; null for rules given by hand. */
      source: SourceSchema.nullable().default(null),
    }),
  ),
});
export type SimulationView = z.infer<typeof SimulationSchema>;

/** One layer file's rules as the agent's file holds them. */
export const RuleLayerSchema = z.object({
  layer: LayerKindSchema,
  path: z.string(),
  exists: z.boolean(),
  /** CFG-10: project layers count (and may be written) only in a trusted workspace. */
  trusted: z.boolean(),
  /** CFG-7: the agent treats the file as read-only (minimax project); the panel too. */
  readOnly: z.boolean(),
  /** The content the rules were read from: pass it back to `permissions.save` (conflicts). */
  hash: z.string().nullable(),
  rules: RuleListsSchema,
  /** Why the rules could not be read (`perm.layer.<code>`); the layer then shows no rules. */
  problem: NoteSchema.nullable(),
});
export type RuleLayerView = z.infer<typeof RuleLayerSchema>;

const LayerRulesInput = z.object({ layer: LayerKindSchema, path: z.string().max(4096), rules: BareLists });

export const permissionsMethods = {
  /** Every rule layer of the selection, lowest precedence first. */
  'permissions.read': method(z.object({}), z.object({ layers: z.array(RuleLayerSchema) }), SERVED),
  /** Write one layer's lists back (CFG-7: lossless, locked, refused on a changed file unless `overwrite`). */
  'permissions.save': method(
    z.object({ layer: LayerKindSchema, rules: BareLists, baseHash: z.string().nullable().default(null), overwrite: z.boolean().default(false) }),
    SaveOutcomeSchema, ACTION,
    WRITE_REFUSALS,
  ),
  /**
   * PERM-4 in the host. Rules: `rules` as given (CLI --rules), else `layers` (the page's
   * drafts, lowest precedence first), else the agent's files. `tools` (hand-typed names)
   * absent = the catalog's names under the profile.
   */
  'permissions.simulate': method(
    CatalogInputSchema.extend({
      rules: RuleListsInputSchema.optional(),
      layers: z.array(LayerRulesInput).max(8).optional(),
      tools: z.array(z.string().max(500)).max(20000).optional(),
      defaultDecision: DecisionSchema.default('ask'),
    }),
    SimulationSchema, SERVED,
    ['unavailable'],
  ),
};
