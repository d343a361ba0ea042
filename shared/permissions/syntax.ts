// PERM-2 (minimax) and PERM-3 (kimi) rule matching, compiled once per rule. Each compiled
// rule carries the server segment it can match (or null = any server) so the simulator
// only tests the rules of a tool's own server (PERM-4 must run 10,000 × 500 in ≤ 50 ms).
// One RuleSyntax per way of writing rules; each agent profile (shared/profiles/) names its own.
import picomatch from 'picomatch';
import type { Decision, RuleRef } from './rules';
import { sanitizeKimiPart } from '../profiles/kimi/naming';
import { permNote, type PermNote } from './notes';
import { compileGlob, type NameTest } from './glob';

/** MCP tool annotations an agent decides by (Codex's approval modes, Gemini's `toolAnnotations`). */
export interface ToolHints {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

export interface ParsedToolName {
  name: string;
  /** The server segment used to index rules; null when no rule of the profile can match. */
  server: string | null;
  /** The tool's own name on its server, where known (the catalog, or split off the name). */
  tool?: string;
  /** The tool's annotations; absent: not known (a hand-typed name). */
  hints?: ToolHints | null;
}

/** What the catalog knows of a tool beyond its name: its server as configured, raw name and annotations. */
export interface KnownTool {
  server: string;
  tool: string;
  hints: ToolHints | null;
}

export interface CompiledRule extends RuleRef {
  /** Tools of this server only; null = any server (tested against every tool). */
  server: string | null;
  /** Matches exactly this one name (looked up, not tested). */
  exact: string | null;
  test: (tool: ParsedToolName) => boolean;
  /** Why the rule can never match an MCP tool under this profile, or null. */
  unmatchable: PermNote | null;
  /** Parts of the rule the simulator does not evaluate (argument content). */
  notes: PermNote[];
  /** A substring every matching name contains (lets the simulator skip most tests). */
  literal: string | null;
  /**
   * Agents that order rules themselves (Gemini's priorities, Codex's per-tool over per-server
   * modes): lower is tested first; rules without one keep the flatten order after ranked ones.
   */
  rank?: number;
  /** The decision for a matched tool when it is not simply the rule's list (Codex: a mode decides by annotations). */
  decide?: (tool: ParsedToolName) => Decision;
  /**
   * A setting that changes what the other rules decided (Codex `approval_policy = "never"` refuses
   * what would be asked): the new decision, or null to leave it. Such a rule is never tested by name.
   */
  amend?: (decision: Decision, tool: ParsedToolName) => Decision | null;
  /** A config key the agent overrides layer by layer: a later rule of the same key is replaced by the first. */
  key?: string;
}

const GLOB_CHARS = /[*?[\]{}()!+@]/;
/**
 * picomatch.scan calls a string a glob only at `*`, `?`, `[`, `{` or `(`: without any of
 * them it is a literal, and the (object-building) scan is skipped. Most rules are exact names.
 */
const isGlob = (tool: string): boolean => /[*?[{(]/.test(tool) && picomatch.scan(tool).isGlob;
/** A server segment that cannot be confused with a separator (no leading/trailing/double `_`). */
const PLAIN_SEGMENT = /^[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*$/;

/** Split off argument content: `mcp__s__t(foo)` → tool part `mcp__s__t`. */
function splitContent(rule: string): { tool: string; content: string | null } {
  const m = /^([^(]*)\((.*)\)$/s.exec(rule.trim());
  return m ? { tool: m[1]!, content: m[2]! } : { tool: rule.trim(), content: null };
}

/** PERM-2: minimax names are exactly `mcp`, server, tool; anything else matches no rule. */
export function parseMinimaxName(name: string): ParsedToolName {
  // `name.split('__')` gives exactly ['mcp', server, tool] with both non-empty; found with
  // indexOf (split scans the same way, left to right, without overlap) so the simulator's
  // 10,000 names allocate no arrays.
  const first = name.indexOf('__');
  const second = first === 3 && name.startsWith('mcp') ? name.indexOf('__', 5) : -1;
  const ok = second > 5 && second + 2 < name.length && name.indexOf('__', second + 2) === -1;
  return { name, server: ok ? name.slice(5, second) : null };
}

/** kimi: the server segment lies between `mcp__` and the next `__`. */
export function parseKimiName(name: string): ParsedToolName {
  if (!name.startsWith('mcp__')) return { name, server: null };
  const end = name.indexOf('__', 5);
  return { name, server: end > 5 ? name.slice(5, end) : null };
}

/**
 * Every compiled rule is built here, field by field: `{ ...ref, … }` costs microseconds a
 * rule in V8 (measured: 8× slower), which 500 rules a simulation would pay each time.
 */
function make(ref: RuleRef, server: string | null, exact: string | null, test: CompiledRule['test'], unmatchable: PermNote | null, notes: PermNote[], literal: string | null): CompiledRule {
  return { list: ref.list, index: ref.index, rule: ref.rule, server, exact, test, unmatchable, notes, literal };
}
const matchNothing = (): boolean => false;
const never = (ref: RuleRef, reason: PermNote, notes: PermNote[]): CompiledRule => make(ref, null, null, matchNothing, reason, notes, null);
/** A substring test first (most names fail it, so most regex tests are skipped). */
/** A substring test first (most names fail it, so most glob tests are skipped). */
const globTest = (glob: NameTest, lit: string | null): CompiledRule['test'] => (lit ? (t) => t.name.includes(lit) && glob(t.name) : (t) => glob(t.name));

/** Argument content is not simulated: the rule is treated as matching. */
const contentNotes = (content: string | null): PermNote[] => (content !== null ? [permNote('content-not-simulated', { content })] : []);
const NOT_MCP = permNote('not-mcp');

function compileMinimax(ref: RuleRef, knownServers: ReadonlySet<string>): CompiledRule {
  const { tool, content } = splitContent(ref.rule);
  const notes = contentNotes(content);
  const segs = tool.split('__');
  if (segs[0] !== 'mcp' || segs.length < 2) return never(ref, NOT_MCP, notes);
  if (GLOB_CHARS.test(tool)) return never(ref, permNote('minimax-no-wildcards'), notes);
  if (segs.some((s) => s === '')) return never(ref, permNote('minimax-empty-segment'), notes);
  if (segs.length === 2) {
    const server = segs[1]!;
    let unmatchable: PermNote | null = null;
    // Only a server no tool has can be a hoped-for prefix (checked first: it is cheap).
    const prefixOf = knownServers.has(server) ? [] : [...knownServers].filter((s) => s !== server && s.startsWith(server));
    if (prefixOf.length > 0) {
      unmatchable = permNote('minimax-no-prefix', { rule: tool, servers: prefixOf.slice(0, 3).map((s) => `mcp__${s}`).join(', ') });
    }
    return make(ref, server, null, (t) => t.server === server, unmatchable, notes, null);
  }
  if (segs.length === 3) return make(ref, segs[1]!, tool, (t) => t.name === tool && t.server !== null, null, notes, tool);
  return never(ref, permNote('minimax-segments', { n: segs.length }), notes);
}

function compileKimi(ref: RuleRef): CompiledRule {
  const { tool, content } = splitContent(ref.rule);
  const notes = contentNotes(content);
  if (!isGlob(tool)) {
    if (!tool.startsWith('mcp__')) return never(ref, NOT_MCP, notes);
    const parsed = parseKimiName(tool);
    // The hint names the server as kimi does (`fs.work` → `fs_work`), or it could never match either.
    const unmatchable = parsed.server === null ? permNote('kimi-whole-name', { rule: tool, hint: `mcp__${sanitizeKimiPart(tool.slice(5))}__*` }) : null;
    return make(ref, parsed.server, tool, (t) => t.name === tool, unmatchable, notes, tool);
  }
  const glob = compileGlob(tool);
  const lit = requiredLiteral(tool);
  // Index by a literal server segment when the glob starts with one (`mcp__github__*`).
  let server: string | null = null;
  if (tool.startsWith('mcp__')) {
    const end = tool.indexOf('__', 5);
    const seg = end > 5 ? tool.slice(5, end) : null;
    if (seg !== null && PLAIN_SEGMENT.test(seg)) server = seg;
  }
  const unmatchable = !tool.startsWith('mcp') && !/^[*?[{(!+@]/.test(tool) && !glob('mcp__s__t') ? NOT_MCP : null;
  return make(ref, server, null, globTest(glob, lit), unmatchable, notes, lit);
}

/**
 * The longest literal every match must contain, for globs made only of `*` and `?` (in
 * such a glob every literal piece appears verbatim in a match); null otherwise.
 */
export function requiredLiteral(glob: string): string | null {
  if (/[[\]{}()!+@\\]/.test(glob)) return null;
  let best = '';
  for (const piece of glob.split(/[*?]/)) if (piece.length > best.length) best = piece;
  return best.length >= 4 ? best : null;
}

/** minara has no MCP rule syntax of its own (seed 001): whole-name globs, like kimi's. */
function compileMinara(ref: RuleRef): CompiledRule {
  const { tool, content } = splitContent(ref.rule);
  const notes = contentNotes(content);
  const unmatchable = /^[a-zA-Z0-9_-]+$/.test(tool) && !tool.startsWith('mcp_') ? permNote('minara-not-mcp') : null;
  if (!isGlob(tool)) return make(ref, null, tool, (t) => t.name === tool, unmatchable, notes, tool);
  const lit = requiredLiteral(tool);
  return make(ref, null, null, globTest(compileGlob(tool), lit), unmatchable, notes, lit);
}

/**
 * Claude Code `permissions.allow|ask|deny` (code.claude.com/docs/en/permissions, "MCP"):
 * `mcp__<server>` and `mcp__<server>__*` cover a server, `mcp__<server>__<tool>` one tool. A
 * wildcard in an allow rule counts only after a literal `mcp__<server>__`; deny takes any `*`
 * glob (2.1.166); a rule with parentheses is skipped (AGENTS.md Table 1b, [doc]).
 */
function compileClaude(ref: RuleRef): CompiledRule {
  const rule = ref.rule.trim();
  if (rule.includes('(')) return never(ref, permNote('claude-parens'), []);
  if (!rule.startsWith('mcp__')) return never(ref, NOT_MCP, []);
  if (!isGlob(rule)) {
    const segs = rule.split('__');
    if (segs.length === 2 && segs[1] !== '') return make(ref, segs[1]!, null, (t) => t.server === segs[1], null, [], null);
    const parsed = parseKimiName(rule);
    return make(ref, parsed.server, rule, (t) => t.name === rule, parsed.server === null ? NOT_MCP : null, [], rule);
  }
  const end = rule.indexOf('__', 5);
  const seg = end > 5 ? rule.slice(5, end) : null;
  const literalServer = seg !== null && PLAIN_SEGMENT.test(seg) ? seg : null;
  if (ref.list === 'allow' && literalServer === null) return never(ref, permNote('claude-allow-glob'), []);
  const lit = requiredLiteral(rule);
  return make(ref, literalServer, null, globTest(compileGlob(rule), lit), null, [], lit);
}

/** How one agent writes permission rules for MCP tools and matches them (PERM-1…4). */
export interface RuleSyntax {
  parse(name: string, known?: KnownTool): ParsedToolName;
  compile(ref: RuleRef, knownServers: ReadonlySet<string>): CompiledRule;
  /** Said of a tool whose name no rule of this syntax can match (minimax: not three segments). */
  unmatchableTool: PermNote | null;
  /** The compiler flags hoped-for prefix matches, so it needs the tools' server segments. */
  usesKnownServers: boolean;
  /** An exact rule is shadowed only by a server rule of its own server (PERM-2), else by any earlier match. */
  shadowByServerOnly: boolean;
  /** A rule covering one server's tools, as the rule editor's example. */
  example: string;
  /** The decision when no rule matches, when the agent's is not one fixed default (Codex: `auto` by annotations). */
  fallback?: (tool: ParsedToolName) => Decision;
  /** What the view says once about how the panel reads this agent's rules (what it cannot express). */
  note?: PermNote;
  /** The panel reads the agent's rule files but does not write them (a format it does not edit). */
  readOnly?: boolean;
  /**
   * A tool a deny rule refuses outright is left out of what the model is offered (no definition
   * in its context): Claude Code 2.1.332 (its start-up line, test/agents/plan.contract.test.ts);
   * Qwen Code 0.24.4 keeps it listed.
   */
  denyHides?: boolean;
}

/** PERM-2 (seed 000): `mcp__<server>` or `mcp__<server>__<tool>`, exactly three segments. */
export const MINIMAX_RULES: RuleSyntax = {
  parse: parseMinimaxName,
  compile: compileMinimax,
  unmatchableTool: permNote('minimax-tool-unmatchable'),
  usesKnownServers: true,
  shadowByServerOnly: true,
  example: 'mcp__github',
};

/** PERM-3 (seed 002): picomatch globs over the whole qualified name. */
export const KIMI_RULES: RuleSyntax = {
  parse: parseKimiName,
  compile: (ref) => compileKimi(ref),
  unmatchableTool: null,
  usesKnownServers: false,
  shadowByServerOnly: false,
  example: 'mcp__github__*',
};

/** minara names (`mcp_<id>_<tool>`) have no unambiguous server segment: no index. */
export const MINARA_RULES: RuleSyntax = {
  parse: (name) => ({ name, server: null }),
  compile: (ref) => compileMinara(ref),
  unmatchableTool: null,
  usesKnownServers: false,
  shadowByServerOnly: false,
  example: 'mcp__github',
};

export const CLAUDE_RULES: RuleSyntax = {
  parse: parseKimiName,
  compile: (ref) => compileClaude(ref),
  unmatchableTool: null,
  usesKnownServers: false,
  shadowByServerOnly: false,
  example: 'mcp__github',
  denyHides: true,
};

/** Agents without rule lists of their own (approval prompts, per-tool toggles): whole-name globs, said so. */
export const WHOLE_NAME_RULES: RuleSyntax = {
  ...MINARA_RULES,
  compile: (ref) => {
    const c = compileMinara(ref);
    return { ...c, unmatchable: c.unmatchable?.code === 'minara-not-mcp' ? null : c.unmatchable, notes: [...c.notes, permNote('no-rule-syntax')] };
  },
  example: 'mcp__github__*',
};
