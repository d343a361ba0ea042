// PERM-4: what a rule set does with a list of tool names. Per tool: the decision and the
// rule that made it. Per rule: how many tools it matches, whether it matches none, and
// which earlier / stronger rule shadows it. Rules are compiled once and indexed by server
// segment, so each tool is tested only against its own server's rules plus the few that
// can match any server (10,000 tools × 500 rules in well under 50 ms).
import type { Profile } from '../schemas/server';
import { compileRule, parseToolName, type CompiledRule, type ParsedToolName } from './match';
import { flattenRules, strength, type Decision, type RuleLists, type RuleRef } from './rules';

export interface SimulatedTool {
  name: string;
  decision: Decision;
  /** The deciding rule; null when the default decided. */
  rule: RuleRef | null;
  /** Why no rule of this profile can ever match this name (e.g. an extra `__`). */
  note: string | null;
}

export interface SimulatedRule extends RuleRef {
  matches: number;
  neverMatches: boolean;
  shadowedBy: RuleRef | null;
  /** The rule can never match an MCP tool under the profile's semantics. */
  unmatchable: string | null;
  warnings: string[];
}

export interface Simulation {
  profile: Profile;
  defaultDecision: Decision;
  tools: SimulatedTool[];
  rules: SimulatedRule[];
  warnings: string[];
}

const GRAM = 4;
/** 4 characters packed in an int (low bytes only: a clash costs one startsWith, never a wrong answer). */
const gramKey = (s: string, at: number): number =>
  (((s.charCodeAt(at) & 0xff) << 24) | ((s.charCodeAt(at + 1) & 0xff) << 16) | ((s.charCodeAt(at + 2) & 0xff) << 8) | (s.charCodeAt(at + 3) & 0xff)) >>> 0;
const refOf = (r: RuleRef): RuleRef => ({ list: r.list, index: r.index, rule: r.rule });
/** Evaluation order: stronger list first, then file order. */
const before = (a: RuleRef, b: RuleRef): boolean => strength(a.list) < strength(b.list) || (a.list === b.list && a.index < b.index);

/** A rule shadowed whatever the tools are: an identical earlier/stronger rule, or (minimax) its server rule. */
function staticShadow(profile: Profile, rule: CompiledRule, all: readonly CompiledRule[]): RuleRef | null {
  for (const other of all) {
    if (!before(other, rule) || other.unmatchable) continue;
    if (other.rule === rule.rule || other.rule.trim() === rule.rule.trim()) return refOf(other);
    if (rule.exact !== null && other.exact === null && other.notes.length === 0) {
      if (profile === 'minimax' ? other.server === rule.server : other.test({ name: rule.exact, server: rule.server })) return refOf(other);
    }
  }
  return null;
}

export interface SimulateInput {
  profile: Profile;
  rules: RuleLists;
  tools: readonly string[];
  defaultDecision?: Decision;
}

export function simulate({ profile, rules, tools, defaultDecision = 'ask' }: SimulateInput): Simulation {
  const parsed = tools.map((name) => parseToolName(profile, name));
  const servers = new Set<string>();
  for (const p of parsed) if (p.server !== null) servers.add(p.server);

  // Evaluation order is the array order: the lowest slot that matches decides.
  const compiled = flattenRules(rules).map((ref) => compileRule(profile, ref, servers));
  const byExact = new Map<string, number[]>();
  const byServer = new Map<string, number[]>();
  // Any-server globs with a required literal are found through its first 4 characters, so a
  // tool is tested only against globs whose literal starts somewhere in its name.
  const byGram = new Map<number, number[]>();
  const gramAt = new Int32Array(compiled.length);
  const anyServer: number[] = [];
  const add = <K>(map: Map<K, number[]>, key: K, i: number): void => {
    const list = map.get(key);
    if (list) list.push(i);
    else map.set(key, [i]);
  };
  compiled.forEach((c, i) => {
    if (c.unmatchable && c.exact === null && c.server === null) return;
    if (c.exact !== null) add(byExact, c.exact, i);
    else if (c.server !== null) add(byServer, c.server, i);
    else if (c.literal !== null && c.literal.length >= GRAM) {
      // The literal's least-used 4-gram so far keeps the buckets small.
      let at = 0;
      let size = Infinity;
      for (let k = 0; k + GRAM <= c.literal.length; k++) {
        const n = byGram.get(gramKey(c.literal, k))?.length ?? 0;
        if (n < size) [at, size] = [k, n];
      }
      gramAt[i] = at;
      add(byGram, gramKey(c.literal, at), i);
    } else anyServer.push(i);
  });
  const stamp = new Int32Array(compiled.length).fill(-1);

  const matches = new Int32Array(compiled.length);
  const decides = new Int32Array(compiled.length);
  const firstDecider = new Int32Array(compiled.length).fill(-1);
  const out: SimulatedTool[] = new Array(parsed.length);
  const hits = new Int32Array(compiled.length);

  let best = -1;
  let nHits = 0;
  const tryRule = (i: number, p: ParsedToolName): void => {
    if (!compiled[i]!.test(p)) return;
    matches[i]!++;
    hits[nHits++] = i;
    if (best === -1 || i < best) best = i;
  };
  for (let t = 0; t < parsed.length; t++) {
    const p = parsed[t]!;
    best = -1;
    nHits = 0;
    const exact = byExact.get(p.name);
    if (exact) for (const i of exact) tryRule(i, p);
    const own = p.server !== null ? byServer.get(p.server) : undefined;
    if (own) for (const i of own) tryRule(i, p);
    for (const i of anyServer) tryRule(i, p);
    if (byGram.size > 0) {
      const name = p.name;
      for (let pos = 0; pos + GRAM <= name.length; pos++) {
        const slots = byGram.get(gramKey(name, pos));
        if (!slots) continue;
        for (const i of slots) {
          const start = pos - gramAt[i]!;
          if (stamp[i] === t || start < 0 || !name.startsWith(compiled[i]!.literal!, start)) continue;
          stamp[i] = t; // tested once per tool, however often its literal occurs
          tryRule(i, p);
        }
      }
    }
    if (best !== -1) {
      decides[best]!++;
      for (let k = 0; k < nHits; k++) {
        const i = hits[k]!;
        if (i !== best && firstDecider[i] === -1) firstDecider[i] = best;
      }
    }
    const decider = best === -1 ? null : compiled[best]!;
    out[t] = {
      name: p.name,
      decision: decider ? decider.list : defaultDecision,
      rule: decider ? refOf(decider) : null,
      note: profile === 'minimax' && p.server === null ? 'not exactly mcp__<server>__<tool> (an extra __?): no minimax rule can match it' : null,
    };
  }

  const warnings: string[] = [];
  const ruleOut: SimulatedRule[] = compiled.map((c, i) => {
    const w: string[] = [...c.notes];
    if (c.unmatchable) w.push(c.unmatchable);
    let shadowedBy: RuleRef | null = null;
    if (matches[i]! > 0 && decides[i] === 0 && firstDecider[i]! >= 0) shadowedBy = refOf(compiled[firstDecider[i]!]!);
    else if (matches[i] === 0) shadowedBy = staticShadow(profile, c, compiled);
    if (shadowedBy) w.push(`shadowed by ${shadowedBy.list}[${shadowedBy.index}] "${shadowedBy.rule}": it never decides`);
    for (const m of w) warnings.push(`${c.list}[${c.index}] "${c.rule}": ${m}`);
    return { ...refOf(c), matches: matches[i]!, neverMatches: matches[i] === 0, shadowedBy, unmatchable: c.unmatchable, warnings: w };
  });
  return { profile, defaultDecision, tools: out, rules: ruleOut, warnings };
}
