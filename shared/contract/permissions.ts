// UI-4 permission simulator: what the rules decide for the discovered tools (PERM-4).
import { z } from 'zod';
import { ProfileSchema } from '../schemas/server';
import { method } from '../rpc';
import { CatalogInputSchema } from './tools';

const DecisionSchema = z.enum(['allow', 'ask', 'deny']);
const RuleRefSchema = z.object({ list: DecisionSchema, index: z.number().int(), rule: z.string() });
const RuleListInput = z.array(z.string().max(1000)).max(5000).default([]);
/** The three lists, or an agent's settings file holding them (`{"permissions": {…}}`, as the CLI's --rules reads it). */
export const RuleListsInputSchema = z.preprocess(
  (raw) => (raw && typeof raw === 'object' && !Array.isArray(raw) && 'permissions' in raw ? (raw as { permissions: unknown }).permissions : raw),
  z.object({ allow: RuleListInput, ask: RuleListInput, deny: RuleListInput }),
);
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

export const permissionsMethods = {
  /** PERM-4 in the host; `tools` (hand-typed names) absent = the catalog's names under the profile. */
  'permissions.simulate': method(
    CatalogInputSchema.extend({ rules: RuleListsInputSchema, tools: z.array(z.string().max(500)).max(20000).optional(), defaultDecision: DecisionSchema.default('ask') }),
    SimulationSchema,
  ),
};
