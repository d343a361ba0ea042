// UI-4 permission simulator: what the rules decide for the discovered tools (PERM-4).
import { z } from 'zod';
import { ProfileSchema } from '../schemas/server';
import { method } from '../rpc';

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

export const permissionsMethods = {
  /** PERM-4 in the host; `tools` absent = the discovered tools' names under the profile. */
  'permissions.simulate': method(
    z.object({ rules: RuleListsInputSchema, tools: z.array(z.string().max(500)).max(20000).optional(), defaultDecision: DecisionSchema.default('ask') }),
    SimulationSchema,
  ),
};
