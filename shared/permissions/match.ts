// PERM-1…4: a rule and a tool name under one profile's rule syntax. The syntaxes themselves
// are in syntax.ts; which one an agent uses is its profile's answer (shared/profiles/).
import { profileFacts } from '../profiles';
import type { Profile } from '../schemas/server';
import type { RuleRef } from './rules';
import type { CompiledRule, ParsedToolName } from './syntax';

export type { CompiledRule, ParsedToolName } from './syntax';

export function parseToolName(profile: Profile, name: string): ParsedToolName {
  return profileFacts(profile).rules.parse(name);
}

/**
 * Compile one rule. `knownServers` (the server segments of the tools being simulated)
 * lets minimax flag `mcp__git` written in the hope of covering `mcp__github`.
 */
export function compileRule(profile: Profile, ref: RuleRef, knownServers: ReadonlySet<string> = new Set()): CompiledRule {
  return profileFacts(profile).rules.compile(ref, knownServers);
}

/** Does this rule match this name under the profile's semantics? (one-off; the simulator batches) */
export function ruleMatches(profile: Profile, rule: string, name: string): boolean {
  const c = compileRule(profile, { list: 'allow', index: 0, rule });
  const parsed = parseToolName(profile, name);
  if (c.exact !== null) return c.exact === name && c.test(parsed);
  if (c.server !== null && c.server !== parsed.server) return false;
  return c.test(parsed);
}
