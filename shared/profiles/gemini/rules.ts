// PERM-4 for Gemini CLI: its policy engine, as google-gemini/gemini-cli at 5411f11 (2026-08-21)
// evaluates MCP tool calls. Sources:
// - packages/core/src/policy/policy-engine.ts `check`: rules sorted by priority, highest first
//   (a stable sort: equal priorities keep load order); the first rule that matches decides; no
//   match → the default (ask_user interactive, deny headless). `ruleMatches`: `mcpName` must equal
//   the tool's server (`*`: any MCP server); `toolName` `*` matches all, `matchesWildcard` knows
//   only `*`, `mcp_*` and `mcp_<server>_*` (any other pattern is compared as an exact name, so the
//   documented `mcp_*_<tool>` never matches); `toolAnnotations` match only a tool whose annotations
//   hold every pair; `modes`, `interactive`, `subagent` and `argsPattern` narrow the rule.
// - packages/core/src/policy/toml-loader.ts: `[[rule]]` with `toolName` (string or array,
//   required), `mcpName` (composed into `mcp_<mcpName>_<toolName>`, `*` → `mcp_*` / `mcp_*_<t>`),
//   `decision` allow|deny|ask_user, integer `priority` 0…999; final priority = tier +
//   priority/1000; a file whose schema fails is skipped whole.
// - packages/core/src/policy/config.ts: tiers default 1, extension 2, workspace 3, user 4
//   (`~/.gemini/policies/*.toml`), admin 5; settings become rules: `mcp.excluded` deny 4.9,
//   `tools.exclude` deny 4.4, `tools.confirmationRequired` ask 4.35, `tools.allowed` allow 4.3,
//   `tools.core` allow 4.25 (and deny `*` 4.24), `mcpServers.<s>.trust` allow `mcp_<s>_*` 4.2,
//   `mcp.allowed` allow 4.1 (trust, core and mcp.allowed not in plan mode).
// - packages/cli/src/config/policy.ts: workspace policies are disabled (`disableWorkspacePolicies`).
// The panel simulates the interactive `default` approval mode of the main agent.
//
// A rule is written on one line as Gemini's engine holds it: the effective tool name, then
// `key=value` pairs (JSON values), e.g. `mcp_github_* mcpName=github priority=4.2`; the list it is
// in is its decision (ask_user → ask). Without a priority it is a user rule of priority 0 (4).
import type { Decision, RuleLists } from '../../permissions/rules';
import { permNote, type PermNote } from '../../permissions/notes';
import type { CompiledRule, KnownTool, ParsedToolName, RuleSyntax, ToolHints } from '../../permissions/syntax';

export interface GeminiRule {
  toolName: string;
  mcpName?: string;
  priority: number;
  argsPattern?: string;
  modes?: string[];
  interactive?: boolean;
  subagent?: string;
  toolAnnotations?: Record<string, unknown>;
}

export const USER_TIER = 4;
const PREFIX = 'mcp_';
const KEYS = ['mcpName', 'priority', 'argsPattern', 'modes', 'interactive', 'subagent', 'toolAnnotations'] as const;

/** formatMcpToolName (packages/core/src/tools/mcp-tool.ts). */
export function composeName(server: string, tool?: string): string {
  if (server === '*') return tool === undefined || tool === '*' ? `${PREFIX}*` : `${PREFIX}*_${tool}`;
  return tool === undefined || tool === '*' ? `${PREFIX}${server}_*` : `${PREFIX}${server}_${tool}`;
}

/** parseMcpToolName: the server is everything up to the first `_` after `mcp_` (why `_` in a server name breaks rules). */
export function splitGeminiName(name: string): { server: string; tool: string } | null {
  if (!name.startsWith(PREFIX)) return null;
  const m = /^([^_]+)_(.+)$/s.exec(name.slice(PREFIX.length));
  return m ? { server: m[1]!, tool: m[2]! } : null;
}

const bare = (v: string) => /^[^\s"=]+$/.test(v);
export function formatGeminiRule(r: GeminiRule): string {
  const parts = [bare(r.toolName) ? r.toolName : JSON.stringify(r.toolName)];
  for (const k of KEYS) {
    const v = r[k];
    if (v === undefined) continue;
    parts.push(`${k}=${typeof v === 'string' && bare(v) && k !== 'argsPattern' ? v : typeof v === 'number' ? String(Math.round(v * 1000) / 1000) : JSON.stringify(v)}`);
  }
  return parts.join(' ');
}

/** The end of a JSON value starting at `i` (strings, arrays and objects may hold spaces). */
function valueEnd(s: string, i: number): number {
  if (!'"[{'.includes(s[i] ?? '')) {
    const sp = s.slice(i).search(/\s/);
    return sp === -1 ? s.length : i + sp;
  }
  let depth = 0;
  for (let k = i; k < s.length; k++) {
    const ch = s[k]!;
    if (ch === '"') {
      for (k++; k < s.length && s[k] !== '"'; k++) if (s[k] === '\\') k++;
      if (depth === 0) return k + 1;
    } else if (ch === '[' || ch === '{') depth++;
    else if (ch === ']' || ch === '}') if (--depth === 0) return k + 1;
  }
  return s.length;
}

/** A rule's text back into its fields; null when it is not of this form. */
export function parseGeminiRule(text: string): GeminiRule | null {
  const s = text.trim();
  if (s === '') return null;
  let i = valueEnd(s, 0);
  let toolName = s.slice(0, i);
  if (toolName.startsWith('"')) {
    try {
      toolName = JSON.parse(toolName) as string;
    } catch {
      return null;
    }
  }
  const out: GeminiRule = { toolName, priority: USER_TIER };
  while (i < s.length) {
    const m = /^\s+(\w+)=/.exec(s.slice(i));
    if (!m || !(KEYS as readonly string[]).includes(m[1]!)) return null;
    const start = i + m[0].length;
    const end = valueEnd(s, start);
    const raw = s.slice(start, end);
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      if (raw.startsWith('"') || raw.startsWith('[') || raw.startsWith('{')) return null;
    }
    (out as unknown as Record<string, unknown>)[m[1]!] = value;
    i = end;
  }
  if (typeof out.priority !== 'number' || typeof out.toolName !== 'string') return null;
  return out;
}

/** matchesWildcard: only `*`, `mcp_*` and `mcp_<server>_*` are patterns; any other is an exact name. */
function nameTest(pattern: string): { test: (t: ParsedToolName) => boolean; server: string | null; exact: string | null; odd: boolean } {
  if (pattern === '*') return { test: () => true, server: null, exact: null, odd: false };
  if (!pattern.includes('*')) return { test: (t) => t.name === pattern, server: null, exact: pattern, odd: false };
  if (pattern === `${PREFIX}*`) return { test: (t) => t.server !== null, server: null, exact: null, odd: false };
  if (pattern.startsWith(PREFIX) && pattern.endsWith('_*')) {
    const server = pattern.slice(PREFIX.length, -2);
    return { test: (t) => t.server === server && t.name.startsWith(`${PREFIX}${server}_`), server, exact: null, odd: false };
  }
  return { test: (t) => t.name === pattern, server: null, exact: pattern, odd: true };
}

const hintsHold = (want: Record<string, unknown>, have: ToolHints | null | undefined): boolean => !!have && Object.entries(want).every(([k, v]) => have[k] === v);

function compileGemini(ref: { list: Decision; index: number; rule: string }): CompiledRule {
  const base = { list: ref.list, index: ref.index, rule: ref.rule, literal: null };
  const r = parseGeminiRule(ref.rule);
  if (!r) return { ...base, server: null, exact: null, test: () => false, unmatchable: permNote('gemini-form'), notes: [] };
  const name = nameTest(r.toolName);
  const notes: PermNote[] = [];
  let unmatchable: PermNote | null = name.odd ? permNote('gemini-wildcard', { rule: r.toolName }) : null;
  if (r.modes && r.modes.length > 0 && !r.modes.includes('default')) unmatchable = permNote('gemini-modes', { modes: r.modes.join(', ') });
  if (r.interactive === false) unmatchable = permNote('gemini-headless');
  if (r.subagent !== undefined) unmatchable = permNote('gemini-subagent', { subagent: r.subagent });
  if (r.argsPattern !== undefined) notes.push(permNote('content-not-simulated', { content: r.argsPattern }));
  if (r.toolAnnotations) notes.push(permNote('gemini-annotations', { annotations: JSON.stringify(r.toolAnnotations) }));
  const mcp = r.mcpName;
  const server = mcp !== undefined && mcp !== '*' ? mcp : name.server;
  const want = r.toolAnnotations;
  const test = (t: ParsedToolName): boolean => {
    if (unmatchable) return false;
    if (mcp !== undefined && (mcp === '*' ? t.server === null : t.server !== mcp)) return false;
    return name.test(t) && (!want || hintsHold(want, t.hints));
  };
  return { ...base, server, exact: want || mcp === '*' ? null : name.exact, test, unmatchable, notes, rank: -r.priority };
}

function parseName(name: string, known?: KnownTool): ParsedToolName {
  if (known) return { name, server: known.server, tool: known.tool, hints: known.hints };
  const split = splitGeminiName(name);
  return { name, server: split?.server ?? null, ...(split ? { tool: split.tool } : {}) };
}

export const GEMINI_RULES: RuleSyntax = {
  parse: parseName,
  compile: (ref) => compileGemini(ref),
  unmatchableTool: null,
  usesKnownServers: false,
  shadowByServerOnly: false,
  example: 'mcp_github_* mcpName=github priority=4.2',
  note: permNote('gemini-syntax'),
  readOnly: true,
};

const DECISIONS: Record<string, Decision> = { allow: 'allow', deny: 'deny', ask_user: 'ask' };
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One `.toml` policy file's rules (toml-loader.ts), or why Gemini skips the whole file. */
export function geminiPolicyRules(doc: unknown, tier: number): { rules: RuleLists; problem: string | null } {
  const rules: RuleLists = { allow: [], ask: [], deny: [] };
  if (!isObj(doc)) return { rules, problem: 'not a TOML table' };
  const list = doc.rule ?? [];
  if (!Array.isArray(list)) return { rules, problem: 'rule: not an array of tables' };
  const out: [Decision, string][] = [];
  for (const [i, raw] of list.entries()) {
    const where = `rule #${i + 1}`;
    if (!isObj(raw)) return { rules, problem: `${where}: not a table` };
    const names = typeof raw.toolName === 'string' ? [raw.toolName] : Array.isArray(raw.toolName) && raw.toolName.every((n) => typeof n === 'string') ? (raw.toolName as string[]) : null;
    if (!names) return { rules, problem: `${where}: toolName is required (a string or an array of strings)` };
    const decision = typeof raw.decision === 'string' ? DECISIONS[raw.decision] : undefined;
    if (!decision) return { rules, problem: `${where}: decision must be allow, deny or ask_user` };
    const p = raw.priority;
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 0 || p > 999) return { rules, problem: `${where}: priority must be an integer from 0 to 999` };
    if (names.includes('')) continue; // reported by Gemini, the rule skipped
    const mcpName = typeof raw.mcpName === 'string' ? raw.mcpName : undefined;
    const args = typeof raw.argsPattern === 'string' ? raw.argsPattern : typeof raw.commandRegex === 'string' || raw.commandPrefix !== undefined ? '(shell command)' : undefined;
    for (const n of names) {
      const rule: GeminiRule = { toolName: mcpName ? composeName(mcpName, n) : n, priority: tier + p / 1000 };
      if (mcpName) rule.mcpName = mcpName;
      if (args !== undefined) rule.argsPattern = args;
      if (Array.isArray(raw.modes)) rule.modes = raw.modes.map(String);
      if (typeof raw.interactive === 'boolean') rule.interactive = raw.interactive;
      if (typeof raw.subagent === 'string') rule.subagent = raw.subagent;
      if (isObj(raw.toolAnnotations)) rule.toolAnnotations = raw.toolAnnotations;
      out.push([decision, formatGeminiRule(rule)]);
    }
  }
  for (const [d, text] of out) rules[d].push(text);
  return { rules, problem: null };
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const NOT_PLAN = ['default', 'autoEdit', 'yolo'];

/** The rules a settings.json makes (createPolicyEngineConfig in policy/config.ts). */
export function geminiSettingsRules(settings: unknown): RuleLists {
  const rules: RuleLists = { allow: [], ask: [], deny: [] };
  if (!isObj(settings)) return rules;
  const add = (d: Decision, r: GeminiRule) => rules[d].push(formatGeminiRule(r));
  const server = (s: string) => (s === '*' ? `${PREFIX}*` : `${PREFIX}${s}_*`);
  const mcp = isObj(settings.mcp) ? settings.mcp : {};
  const tools = isObj(settings.tools) ? settings.tools : {};
  for (const s of strings(mcp.excluded)) add('deny', { toolName: server(s), mcpName: s, priority: USER_TIER + 0.9 });
  for (const t of strings(tools.exclude)) add('deny', { toolName: t, priority: USER_TIER + 0.4 });
  for (const t of strings(tools.confirmationRequired)) add('ask', { toolName: t, priority: USER_TIER + 0.35 });
  // The legacy `tool(args)` form allows the tool itself for anything but the shell.
  const bareName = (t: string) => /^([a-zA-Z0-9_-]+)\((.*)\)$/s.exec(t)?.[1] ?? t;
  for (const t of strings(tools.allowed)) add('allow', { toolName: bareName(t), priority: USER_TIER + 0.3 });
  const core = strings(tools.core);
  if (Array.isArray(tools.core)) {
    for (const t of core) add('allow', { toolName: bareName(t), priority: USER_TIER + 0.25, modes: NOT_PLAN });
    add('deny', { toolName: '*', priority: USER_TIER + 0.24, modes: NOT_PLAN });
  }
  if (isObj(settings.mcpServers)) {
    for (const [s, entry] of Object.entries(settings.mcpServers)) {
      if (isObj(entry) && entry.trust === true) add('allow', { toolName: server(s), mcpName: s, priority: USER_TIER + 0.2, modes: NOT_PLAN });
    }
  }
  for (const s of strings(mcp.allowed)) add('allow', { toolName: server(s), mcpName: s, priority: USER_TIER + 0.1, modes: NOT_PLAN });
  return rules;
}
