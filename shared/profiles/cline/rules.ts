// PERM-4 for Cline: a tool runs without asking only when it is in its server's `autoApprove` list;
// every other MCP tool call is asked (cline/cline apps/vscode/src/sdk/sdk-tool-policies.ts
// `isToolAutoApproved`: `tool.autoApprove`, set by McpHub from `autoApprove.includes(tool.name)`,
// and only while "Use MCP servers" auto-approval is on in Cline's own settings, which live in VS
// Code's state and are not read here). A rule is one listed tool, written as Cline's policy names
// it: `<server>__<tool>` with the raw server and tool names.
import type { RuleLists, RuleRef } from '../../permissions/rules';
import { permNote } from '../../permissions/notes';
import type { CompiledRule, KnownTool, ParsedToolName, RuleSyntax } from '../../permissions/syntax';

/** sdk-tool-policies.ts parseMcpToolName: the server is what comes before the first `__`. */
function parseName(name: string, known?: KnownTool): ParsedToolName {
  if (known) return { name, server: known.server, tool: known.tool, hints: known.hints };
  const at = name.indexOf('__');
  return at > 0 && at + 2 < name.length ? { name, server: name.slice(0, at), tool: name.slice(at + 2) } : { name, server: null };
}

function compile(ref: RuleRef): CompiledRule {
  const base = { list: ref.list, index: ref.index, rule: ref.rule, literal: null, exact: null, notes: [] };
  const p = parseName(ref.rule.trim());
  // autoApprove only allows: a rule in another list, or not `<server>__<tool>`, says nothing to Cline.
  if (p.server === null || ref.list !== 'allow') return { ...base, server: null, test: () => false, unmatchable: permNote('cline-form') };
  const { server, tool } = p;
  return { ...base, server, test: (t) => t.server === server && t.tool === tool, unmatchable: null };
}

export const CLINE_RULES: RuleSyntax = {
  parse: parseName,
  compile: (ref) => compile(ref),
  unmatchableTool: null,
  usesKnownServers: false,
  shadowByServerOnly: false,
  example: 'github__get_me',
  // Not in autoApprove: Cline asks.
  fallback: () => 'ask',
  note: permNote('cline-syntax'),
  readOnly: true,
};

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The rules one cline_mcp_settings.json makes: each server's `autoApprove` tools, as allow rules. */
export function clineRules(settings: unknown): RuleLists {
  const rules: RuleLists = { allow: [], ask: [], deny: [] };
  const servers = isObj(settings) && isObj(settings.mcpServers) ? settings.mcpServers : {};
  for (const [name, e] of Object.entries(servers)) {
    if (!isObj(e) || e.disabled === true || !Array.isArray(e.autoApprove)) continue;
    for (const tool of e.autoApprove) if (typeof tool === 'string') rules.allow.push(`${name}__${tool}`);
  }
  return rules;
}
