// PERM-1…PERM-4: permission rule sets as agents' settings files hold them. The key of an
// MCP tool is its qualified name (PERM-1).
import { z } from 'zod';
import { err, ok, type Result } from '../result';

export const DecisionSchema = z.enum(['allow', 'ask', 'deny']);
export type Decision = z.infer<typeof DecisionSchema>;

/** Strongest first: deny > ask > allow. */
export const LISTS_BY_STRENGTH: readonly Decision[] = ['deny', 'ask', 'allow'];
export const strength = (d: Decision): number => LISTS_BY_STRENGTH.indexOf(d);

const RuleListSchema = z.array(z.string()).default([]);
export const RuleListsSchema = z.object({ allow: RuleListSchema, ask: RuleListSchema, deny: RuleListSchema });
export type RuleLists = z.infer<typeof RuleListsSchema>;

/** `{"permissions": {allow, ask, deny}}` (settings file shape) or the bare inner object. */
export const RuleSetSchema = z.preprocess(
  (raw) => (raw && typeof raw === 'object' && !Array.isArray(raw) && 'permissions' in raw ? (raw as { permissions: unknown }).permissions : raw),
  RuleListsSchema,
);

export interface RuleRef {
  list: Decision;
  index: number;
  rule: string;
}

export function parseRuleSet(raw: unknown): Result<RuleLists, string> {
  const r = RuleSetSchema.safeParse(raw);
  if (r.success) return ok(r.data);
  return err(r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '));
}

/** Every rule in evaluation order: deny list, then ask, then allow, each in file order. */
export function flattenRules(lists: RuleLists): RuleRef[] {
  return LISTS_BY_STRENGTH.flatMap((list) => lists[list].map((rule, index) => ({ list, index, rule })));
}
