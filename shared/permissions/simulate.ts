// PERM-4: what a rule set does with a list of tool names. Per tool: the decision and the
// rule that made it. Per rule: how many tools it matches, whether it matches none, and
// which earlier / stronger rule shadows it. Rules are compiled once and indexed (exact
// name, server segment, or a 4-character piece of a glob's literal), so each tool is
// tested only against the few rules that can match it: 10,000 tools × 500 rules in a few
// milliseconds of CPU (bench:names, target ≤ 50 ms).
import { profileFacts } from '../profiles';
import type { Profile } from '../schemas/server';
import type { CompiledRule, KnownTool, ParsedToolName, RuleSyntax } from './syntax';
import { flattenRules, type Decision, type RuleLists, type RuleRef } from './rules';
import type { PermNote } from './notes';

export interface SimulatedTool {
  name: string;
  decision: Decision;
  /** The deciding rule; null when the default decided. */
  rule: RuleRef | null;
  /** Why no rule of this profile can ever match this name (e.g. an extra `__`). */
  note: PermNote | null;
}

export interface SimulatedRule extends RuleRef {
  matches: number;
  neverMatches: boolean;
  shadowedBy: RuleRef | null;
  /** The rule can never match an MCP tool under the profile's semantics. */
  unmatchable: PermNote | null;
  /** What the simulator does not evaluate (argument content). Shadowing and unmatchable are
   * said by their own fields only, so each note appears once. */
  notes: PermNote[];
}

export interface Simulation {
  profile: Profile;
  defaultDecision: Decision;
  tools: SimulatedTool[];
  rules: SimulatedRule[];
}

export interface SimulateInput {
  profile: Profile;
  rules: RuleLists;
  tools: readonly string[];
  defaultDecision?: Decision;
  /** What the catalog knows of each name (its server, raw tool name and annotations). */
  known?: ReadonlyMap<string, KnownTool>;
  /** For rules an agent ranks itself: the rule's layer, 0 = most local (a more local setting wins a tie). */
  precedence?: (ref: RuleRef) => number;
}

const GRAM = 4;
const GRAM_MASK = 0xfffffff;
/** Characters in nearly every tool name (separators). */
const COMMON_CHARS = '_-';
/**
 * 4 characters, 7 low bits each, in 28 bits: always a V8 small integer (no allocation). The
 * tool loop rolls the same key one character at a time. A clash (non-ASCII characters)
 * costs one startsWith, never a wrong answer.
 */
function gramKey(s: string, at: number): number {
  let key = 0;
  for (let k = at; k < at + GRAM; k++) key = ((key << 7) | (s.charCodeAt(k) & 0x7f)) & GRAM_MASK;
  return key;
}
const gramSlot = (key: number, bits: number): number => Math.imul(key, 0x9e3779b1) >>> (32 - bits);

const refOf = (r: RuleRef): RuleRef => ({ list: r.list, index: r.index, rule: r.rule });

/**
 * The rule index. Evaluation order is the array order (deny, ask, allow, each in file
 * order): the lowest slot that matches decides.
 */
class RuleIndex {
  private readonly byExact = new Map<string, number[]>();
  private readonly byServer = new Map<string, number[]>();
  private readonly anyServer: number[] = [];
  // Any-server globs with a required literal, found through one 4-character piece of it: a
  // small open hash table of chains (head per slot, next per rule), probed once per
  // character of a name.
  private readonly gramBits: number;
  private readonly gramHead: Int32Array;
  private readonly gramNext: Int32Array;
  private readonly gramKeyOf: Int32Array;
  private readonly gramAt: Int32Array;
  private gramCount = 0;
  /** Rule → the last probe that tested it (a rule's literal can occur twice in a name). */
  private readonly stamp: Int32Array;
  readonly hits: Int32Array;

  constructor(private readonly compiled: readonly CompiledRule[]) {
    const n = compiled.length;
    this.stamp = new Int32Array(n).fill(-1);
    this.hits = new Int32Array(n);
    this.gramNext = new Int32Array(n).fill(-1);
    this.gramKeyOf = new Int32Array(n);
    this.gramAt = new Int32Array(n);
    let grams = 0;
    for (const c of compiled) if (c.exact === null && c.server === null && c.literal !== null && c.literal.length >= GRAM) grams++;
    // Sparse (≈ 1/64 full): every character of every name probes a slot, and an occupied
    // slot of some other piece is a wasted visit.
    this.gramBits = Math.min(16, Math.max(8, Math.ceil(Math.log2(grams * 64 + 1))));
    this.gramHead = new Int32Array(1 << this.gramBits).fill(-1);
    const used = new Map<number, number>();
    compiled.forEach((c, i) => {
      if (c.unmatchable && c.exact === null && c.server === null) return;
      if (c.exact !== null) push(this.byExact, c.exact, i);
      else if (c.server !== null) push(this.byServer, c.server, i);
      else if (c.literal !== null && c.literal.length >= GRAM) {
        // Which piece: names are full of `_` and `-`, so pieces with fewer of those
        // characters occur in fewer names; then the least used so far keeps chains short.
        let at = 0;
        let cost = Infinity;
        for (let k = 0; k + GRAM <= c.literal.length; k++) {
          let common = 0;
          for (let j = k; j < k + GRAM; j++) if (COMMON_CHARS.includes(c.literal[j]!)) common++;
          const u = common * n + (used.get(gramKey(c.literal, k)) ?? 0);
          if (u < cost) [at, cost] = [k, u];
        }
        const key = gramKey(c.literal, at);
        used.set(key, (used.get(key) ?? 0) + 1);
        const slot = gramSlot(key, this.gramBits);
        this.gramKeyOf[i] = key;
        this.gramAt[i] = at;
        this.gramNext[i] = this.gramHead[slot]!;
        this.gramHead[slot] = i;
        this.gramCount++;
      } else this.anyServer.push(i);
    });
  }

  /**
   * Every rule matching the name, into `hits`; returns how many. `probe` must differ
   * between calls (it stamps the rules tested).
   */
  find(p: ParsedToolName, probe: number): number {
    const { compiled, hits, stamp } = this;
    let n = 0;
    const exact = this.byExact.get(p.name);
    if (exact) for (const i of exact) if (compiled[i]!.test(p)) hits[n++] = i;
    const own = p.server !== null ? this.byServer.get(p.server) : undefined;
    if (own) for (const i of own) if (compiled[i]!.test(p)) hits[n++] = i;
    for (const i of this.anyServer) if (compiled[i]!.test(p)) hits[n++] = i;
    if (this.gramCount === 0) return n;
    const { gramHead, gramNext, gramKeyOf, gramAt, gramBits } = this;
    const name = p.name;
    let key = 0;
    for (let pos = 0; pos < name.length; pos++) {
      key = ((key << 7) | (name.charCodeAt(pos) & 0x7f)) & GRAM_MASK;
      if (pos < GRAM - 1) continue;
      for (let i = gramHead[gramSlot(key, gramBits)]!; i !== -1; i = gramNext[i]!) {
        if (gramKeyOf[i] !== key || stamp[i] === probe) continue;
        const start = pos - (GRAM - 1) - gramAt[i]!;
        const c = compiled[i]!;
        if (start < 0 || !name.startsWith(c.literal!, start)) continue;
        stamp[i] = probe; // tested once per name, however often its literal occurs
        if (c.test(p)) hits[n++] = i;
      }
    }
    return n;
  }
}

function push<K>(map: Map<K, number[]>, key: K, i: number): void {
  const list = map.get(key);
  if (list) list.push(i);
  else map.set(key, [i]);
}

/**
 * The order rules are tested in: the flatten order (deny, ask, allow), except that rules an agent
 * ranks itself come first, by rank, then by layer (most local first), then flatten order.
 */
function testOrder(compiled: readonly CompiledRule[], precedence: ((ref: RuleRef) => number) | undefined): number[] {
  const order = compiled.map((_, i) => i);
  if (!compiled.some((c) => c.rank !== undefined)) return order;
  const key = (i: number): [number, number] => {
    const c = compiled[i]!;
    return c.rank === undefined ? [Infinity, 0] : [c.rank, precedence?.(c) ?? 0];
  };
  return order.sort((a, b) => {
    const [ra, pa] = key(a);
    const [rb, pb] = key(b);
    return ra - rb || pa - pb || a - b;
  });
}

/** A rule of a config key a more local (earlier) rule also sets is replaced by it (Codex's layered config). */
const NO_MATCH: CompiledRule['test'] = () => false;
function replaced(sorted: readonly CompiledRule[]): Int32Array {
  const by = new Int32Array(sorted.length).fill(-1);
  const first = new Map<string, number>();
  sorted.forEach((c, i) => {
    if (c.key === undefined) return;
    const f = first.get(c.key);
    if (f === undefined) first.set(c.key, i);
    else by[i] = f;
  });
  return by;
}

export function simulate({ profile, rules, tools, defaultDecision = 'ask', known, precedence }: SimulateInput): Simulation {
  const syntax = profileFacts(profile).rules;
  const parsed = tools.map((name) => syntax.parse(name, known?.get(name)));
  // Only a compiler that flags hoped-for prefix matches (minimax) uses the known servers.
  const servers = new Set<string>();
  if (syntax.usesKnownServers) for (const p of parsed) if (p.server !== null) servers.add(p.server);

  const flat = flattenRules(rules).map((ref) => syntax.compile(ref, servers));
  const order = testOrder(flat, precedence);
  const sortedRaw = order.map((i) => flat[i]!);
  const replacedBy = replaced(sortedRaw);
  // Replaced rules and settings that amend decisions are never tested by name.
  const compiled = sortedRaw.map((c, i) => (replacedBy[i]! >= 0 || c.amend ? { ...c, test: NO_MATCH, exact: null, server: null, literal: null } : c));
  const amends = compiled.flatMap((c, i) => (c.amend && replacedBy[i]! < 0 ? [i] : []));
  // One RuleRef per rule, shared by every tool it decides (10,000 copies were 10,000 allocations).
  const refs = compiled.map(refOf);
  const index = new RuleIndex(compiled);
  const { hits } = index;

  const matches = new Int32Array(compiled.length);
  const decides = new Int32Array(compiled.length);
  const firstDecider = new Int32Array(compiled.length).fill(-1);
  const out: SimulatedTool[] = new Array(parsed.length);
  for (let t = 0; t < parsed.length; t++) {
    const p = parsed[t]!;
    const nHits = index.find(p, t);
    let best = -1;
    for (let k = 0; k < nHits; k++) {
      const i = hits[k]!;
      matches[i]!++;
      if (best === -1 || i < best) best = i;
    }
    if (best !== -1) {
      decides[best]!++;
      for (let k = 0; k < nHits; k++) {
        const i = hits[k]!;
        if (i !== best && firstDecider[i] === -1) firstDecider[i] = best;
      }
    }
    const c = best === -1 ? null : compiled[best]!;
    let decision = c ? (c.decide ? c.decide(p) : c.list) : (syntax.fallback?.(p) ?? defaultDecision);
    let decider = best;
    for (const a of amends) {
      const next = compiled[a]!.amend!(decision, p);
      if (next === null || next === decision) continue;
      decision = next;
      decider = a;
      matches[a]!++;
      decides[a]!++;
    }
    out[t] = { name: p.name, decision, rule: decider === -1 ? null : refs[decider]!, note: p.server === null ? syntax.unmatchableTool : null };
  }

  const staticShadow = staticShadows(syntax, compiled, index, parsed.length);
  const ruleOut: SimulatedRule[] = compiled.map((c, i) => {
    let shadow = replacedBy[i]!;
    if (shadow !== -1) {
      // replaced by the more local setting of the same key
    } else if (matches[i]! > 0 && decides[i] === 0 && firstDecider[i]! >= 0) shadow = firstDecider[i]!;
    else if (matches[i] === 0 && !c.amend) shadow = staticShadow(i);
    const shadowedBy = shadow === -1 ? null : refs[shadow]!;
    return { list: c.list, index: c.index, rule: c.rule, matches: matches[i]!, neverMatches: matches[i] === 0, shadowedBy, unmatchable: c.unmatchable, notes: c.notes };
  });
  // Rules come back in the flatten order whatever order they were tested in.
  const back = new Array<SimulatedRule>(ruleOut.length);
  order.forEach((flatIndex, i) => (back[flatIndex] = ruleOut[i]!));
  return { profile, defaultDecision, tools: out, rules: back };
}

/**
 * A rule shadowed whatever the tools are: the first earlier (or stronger) usable rule that
 * is the same rule, or, for an exact rule, a server rule / glob without argument content
 * that matches its name. Returns the shadowing slot or -1.
 */
function staticShadows(syntax: RuleSyntax, compiled: readonly CompiledRule[], index: RuleIndex, firstProbe: number): (i: number) => number {
  // The first usable slot of every rule text (an unmatchable rule shadows nothing).
  const firstSame = new Int32Array(compiled.length).fill(-1);
  const seen = new Map<string, number>();
  compiled.forEach((c, i) => {
    const text = c.rule.trim();
    const first = seen.get(text);
    if (first !== undefined) firstSame[i] = first;
    else if (!c.unmatchable) seen.set(text, i);
  });
  return (i) => {
    const rule = compiled[i]!;
    let best = firstSame[i]!;
    if (rule.exact === null) return best;
    // minimax: a server rule of the same server (its test is exactly that); kimi / minara:
    // whatever the index finds matching the exact name.
    const parsed: ParsedToolName = { name: rule.exact, server: rule.server };
    const n = syntax.shadowByServerOnly ? -1 : index.find(parsed, firstProbe + i);
    const candidates = n >= 0 ? Array.from(index.hits.subarray(0, n)) : compiled.keys();
    for (const k of candidates) {
      if (k >= i || (best !== -1 && k >= best)) continue;
      const other = compiled[k]!;
      if (other.unmatchable || other.exact !== null || other.notes.length > 0) continue;
      if (syntax.shadowByServerOnly ? other.server === rule.server : true) best = k;
    }
    return best;
  };
}
