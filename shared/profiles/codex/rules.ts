// PERM-4 for Codex: how it decides an MCP tool call of a configured server. Sources (openai/codex):
// - codex-rs/config/src/mcp_types.rs: per server `enabled_tools` ("only these tools will be
//   registered"), `disabled_tools` ("removed after applying enabled_tools"),
//   `default_tools_approval_mode` ("unless a tool override exists") and `[tools.<t>] approval_mode`;
//   modes `auto` (the default), `prompt`, `writes`, `approve`.
// - codex-rs/core/src/mcp_tool_call.rs: `custom_mcp_tool_approval_mode` (the tool's mode, else the
//   server's default, else auto, read from the merged config layers: a more local file replaces a
//   key); `requires_mcp_tool_approval_for_mode`: auto asks unless the annotations say read-only
//   (a destructiveHint true always asks; without annotations it asks), prompt always asks, writes
//   asks unless readOnlyHint is true, approve never asks; `is_full_access_mode` (approval_policy
//   never with sandbox danger-full-access) skips approval; with approval_policy never otherwise a
//   call that needs approval is refused ("MCP tool call requires approval, but approval policy is
//   never"). Other approval policies do not change MCP tool approvals.
// What is left out: Codex's safety monitor may still ask for an `approve` tool; a session's
// "Allow for this session" answers; app connectors (`[apps]`).
//
// A rule is the config line that makes it, as config.toml spells it (`mcp_servers.docs.
// default_tools_approval_mode = "writes"`); its list is the decision it stands for (the modes that
// decide by annotations are in `ask`).
import type { Decision, RuleLists, RuleRef } from '../../permissions/rules';
import { permNote } from '../../permissions/notes';
import { parseKimiName, type CompiledRule, type KnownTool, type ParsedToolName, type RuleSyntax, type ToolHints } from '../../permissions/syntax';

export const APPROVAL_MODES = ['auto', 'prompt', 'writes', 'approve'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/** requires_mcp_tool_approval_for_mode, as a decision. */
export function modeDecision(mode: ApprovalMode, h: ToolHints | null | undefined): Decision {
  if (mode === 'approve') return 'allow';
  if (mode === 'prompt') return 'ask';
  if (mode === 'writes') return h?.readOnlyHint === true ? 'allow' : 'ask';
  if (h?.destructiveHint === true) return 'ask';
  if (h?.readOnlyHint === true) return 'allow';
  return (h?.destructiveHint ?? true) || (h?.openWorldHint ?? true) ? 'ask' : 'allow';
}
const listOf = (mode: ApprovalMode): Decision => (mode === 'approve' ? 'allow' : 'ask');

const bareKey = (k: string) => (/^[A-Za-z0-9_-]+$/.test(k) ? k : JSON.stringify(k));
const keyPath = (segs: readonly string[]) => segs.map(bareKey).join('.');

/** `a.b."c.d" = value` → segments and the JSON value; null when the line is not of that form. */
export function parseConfigLine(text: string): { path: string[]; value: unknown }[] | null {
  const out: { path: string[]; value: unknown }[] = [];
  let s = text.trim();
  while (s.length > 0) {
    const path: string[] = [];
    for (;;) {
      const m = /^(?:([A-Za-z0-9_-]+)|"((?:[^"\\]|\\.)*)")/.exec(s);
      if (!m) return null;
      path.push(m[1] ?? (JSON.parse(`"${m[2]!}"`) as string));
      s = s.slice(m[0].length).trimStart();
      if (!s.startsWith('.')) break;
      s = s.slice(1).trimStart();
    }
    if (!s.startsWith('=')) return null;
    s = s.slice(1).trimStart();
    const end = s.startsWith('[') ? s.indexOf(']') + 1 : s.startsWith('"') ? /^"(?:[^"\\]|\\.)*"/.exec(s)?.[0].length ?? 0 : (/^\S+/.exec(s)?.[0].length ?? 0);
    if (end <= 0) return null;
    try {
      out.push({ path, value: JSON.parse(s.slice(0, end).replace(/,\s*]$/, ']')) });
    } catch {
      return null;
    }
    s = s.slice(end).trimStart();
    if (s.startsWith(',')) s = s.slice(1).trimStart();
  }
  return out.length ? out : null;
}

const isMode = (v: unknown): v is ApprovalMode => typeof v === 'string' && (APPROVAL_MODES as readonly string[]).includes(v);
const isNames = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function compileCodex(ref: RuleRef): CompiledRule {
  const base = { list: ref.list, index: ref.index, rule: ref.rule, literal: null, exact: null };
  const lines = parseConfigLine(ref.rule);
  const bad: CompiledRule = { ...base, server: null, test: () => false, unmatchable: permNote('codex-form'), notes: [] };
  if (!lines) return bad;
  const [first, second] = lines;
  const [root, server, field, tool, leaf] = first!.path;
  if (root === 'approval_policy' && first!.path.length === 1 && typeof first!.value === 'string') {
    const full = second?.path.join('.') === 'sandbox_mode' && second.value === 'danger-full-access';
    // Full access skips approval for every MCP tool (tried right after hidden tools).
    if (first!.value === 'never' && full) return { ...base, server: null, test: (t) => t.server !== null, unmatchable: null, notes: [], rank: 1, key: 'approval_policy' };
    if (first!.value === 'never') return { ...base, server: null, test: () => false, unmatchable: null, notes: [], rank: 1, key: 'approval_policy', amend: (d) => (d === 'ask' ? 'deny' : null) };
    return { ...base, server: null, test: () => false, unmatchable: permNote('codex-policy', { policy: first!.value }), notes: [], rank: 1, key: 'approval_policy' };
  }
  if (root !== 'mcp_servers' || server === undefined || lines.length !== 1) return bad;
  const key = first!.path.join('\u0000');
  const v = first!.value;
  if (field === 'enabled_tools' && first!.path.length === 3 && isNames(v)) {
    const keep = new Set(v);
    return { ...base, server, test: (t) => t.server === server && t.tool !== undefined && !keep.has(t.tool), unmatchable: null, notes: [permNote('codex-hidden')], rank: 0, key };
  }
  if (field === 'disabled_tools' && first!.path.length === 3 && isNames(v)) {
    const drop = new Set(v);
    return { ...base, server, test: (t) => t.server === server && t.tool !== undefined && drop.has(t.tool), unmatchable: null, notes: [permNote('codex-hidden')], rank: 0, key };
  }
  if (field === 'default_tools_approval_mode' && first!.path.length === 3 && isMode(v)) {
    return { ...base, server, test: (t) => t.server === server, unmatchable: null, notes: [], rank: 3, key, decide: (t) => modeDecision(v, t.hints) };
  }
  if (field === 'tools' && leaf === 'approval_mode' && first!.path.length === 5 && isMode(v)) {
    return { ...base, server, test: (t) => t.server === server && t.tool === tool, unmatchable: null, notes: [], rank: 2, key, decide: (t) => modeDecision(v, t.hints) };
  }
  return bad;
}

function parseName(name: string, known?: KnownTool): ParsedToolName {
  if (known) return { name, server: known.server, tool: known.tool, hints: known.hints };
  const p = parseKimiName(name);
  return p.server === null ? p : { ...p, tool: name.slice(5 + p.server.length + 2) };
}

export const CODEX_RULES: RuleSyntax = {
  parse: parseName,
  compile: (ref) => compileCodex(ref),
  unmatchableTool: null,
  usesKnownServers: false,
  shadowByServerOnly: false,
  example: 'mcp_servers.github.default_tools_approval_mode = "prompt"',
  // No setting for a tool: Codex's `auto`, decided by the tool's annotations.
  fallback: (t) => (t.server === null ? 'ask' : modeDecision('auto', t.hints)),
  note: permNote('codex-syntax'),
  readOnly: true,
};

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const line = (path: readonly string[], value: unknown) => `${keyPath(path)} = ${JSON.stringify(value)}`;

/** The rules one config.toml makes (its parsed value), in the order Codex applies them. */
export function codexRules(config: unknown): RuleLists {
  const rules: RuleLists = { allow: [], ask: [], deny: [] };
  if (!isObj(config)) return rules;
  const policy = config.approval_policy;
  if (typeof policy === 'string') {
    const full = policy === 'never' && config.sandbox_mode === 'danger-full-access';
    const text = full ? `${line(['approval_policy'], policy)}, ${line(['sandbox_mode'], 'danger-full-access')}` : line(['approval_policy'], policy);
    rules[full ? 'allow' : policy === 'never' ? 'deny' : 'ask'].push(text);
  }
  const servers = isObj(config.mcp_servers) ? config.mcp_servers : {};
  for (const [name, e] of Object.entries(servers)) {
    if (!isObj(e)) continue;
    if (isNames(e.enabled_tools)) rules.deny.push(line(['mcp_servers', name, 'enabled_tools'], e.enabled_tools));
    if (isNames(e.disabled_tools)) rules.deny.push(line(['mcp_servers', name, 'disabled_tools'], e.disabled_tools));
    if (isObj(e.tools)) {
      for (const [tool, t] of Object.entries(e.tools)) {
        if (isObj(t) && isMode(t.approval_mode)) rules[listOf(t.approval_mode)].push(line(['mcp_servers', name, 'tools', tool, 'approval_mode'], t.approval_mode));
      }
    }
    if (isMode(e.default_tools_approval_mode)) rules[listOf(e.default_tools_approval_mode)].push(line(['mcp_servers', name, 'default_tools_approval_mode'], e.default_tools_approval_mode));
  }
  return rules;
}
