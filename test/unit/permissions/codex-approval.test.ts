// PERM-4 for Codex (shared/permissions/codex-approval.ts): each setting form, read from a config
// value and simulated as Codex decides (tool filters hide, the tool's mode over the server's,
// auto/writes by annotations, approval_policy never refuses what would be asked).
import { describe, expect, it } from 'vitest';
import { codexRules, modeDecision, parseConfigLine } from '../../../shared/profiles/codex/rules';
import { simulate } from '../../../shared/permissions/simulate';
import type { RuleLists } from '../../../shared/permissions/rules';
import type { KnownTool } from '../../../shared/permissions/syntax';

const RO = { readOnlyHint: true };
const known = new Map<string, KnownTool>([
  ['mcp__docs__read', { server: 'docs', tool: 'read', hints: RO }],
  ['mcp__docs__write', { server: 'docs', tool: 'write', hints: { destructiveHint: false, openWorldHint: false } }],
  ['mcp__docs__drop', { server: 'docs', tool: 'drop', hints: { destructiveHint: true, readOnlyHint: true } }],
  ['mcp__docs__plain', { server: 'docs', tool: 'plain', hints: null }],
  ['mcp__gh__issue', { server: 'gh', tool: 'issue', hints: RO }],
]);
const tools = [...known.keys()];
const run = (rules: RuleLists, precedence?: (r: { list: string; index: number }) => number) =>
  simulate({ profile: 'codex', rules, tools, known, ...(precedence ? { precedence } : {}) });
const decisions = (rules: RuleLists) => Object.fromEntries(run(rules).tools.map((t) => [t.name, t.decision]));

describe('Codex approval modes (requires_mcp_tool_approval_for_mode)', () => {
  it('auto asks unless read-only; destructive always asks; no annotations asks', () => {
    expect(modeDecision('auto', RO)).toBe('allow');
    expect(modeDecision('auto', { destructiveHint: true, readOnlyHint: true })).toBe('ask');
    expect(modeDecision('auto', { destructiveHint: false, openWorldHint: false })).toBe('allow');
    expect(modeDecision('auto', { destructiveHint: false })).toBe('ask');
    expect(modeDecision('auto', null)).toBe('ask');
  });
  it('writes looks at readOnlyHint only; prompt always asks; approve never does', () => {
    expect(modeDecision('writes', { destructiveHint: true, readOnlyHint: true })).toBe('allow');
    expect(modeDecision('writes', { destructiveHint: false, openWorldHint: false })).toBe('ask');
    expect(modeDecision('prompt', RO)).toBe('ask');
    expect(modeDecision('approve', { destructiveHint: true })).toBe('allow');
  });
});

describe('config.toml settings as rules', () => {
  it('reads every form, spelled as config.toml does', () => {
    const rules = codexRules({
      approval_policy: 'never',
      mcp_servers: {
        docs: { command: 'x', enabled_tools: ['read', 'write'], disabled_tools: ['write'], default_tools_approval_mode: 'writes', tools: { read: { approval_mode: 'approve' } } },
        'my.srv': { url: 'https://x', default_tools_approval_mode: 'prompt' },
      },
    });
    expect(rules).toEqual({
      deny: ['approval_policy = "never"', 'mcp_servers.docs.enabled_tools = ["read","write"]', 'mcp_servers.docs.disabled_tools = ["write"]'],
      allow: ['mcp_servers.docs.tools.read.approval_mode = "approve"'],
      ask: ['mcp_servers.docs.default_tools_approval_mode = "writes"', 'mcp_servers."my.srv".default_tools_approval_mode = "prompt"'],
    });
    expect(parseConfigLine('mcp_servers."my.srv".default_tools_approval_mode = "prompt"')).toEqual([{ path: ['mcp_servers', 'my.srv', 'default_tools_approval_mode'], value: 'prompt' }]);
  });

  it('no setting: auto by annotations', () => {
    expect(decisions({ allow: [], ask: [], deny: [] })).toEqual({ 'mcp__docs__read': 'allow', 'mcp__docs__write': 'allow', 'mcp__docs__drop': 'ask', 'mcp__docs__plain': 'ask', 'mcp__gh__issue': 'allow' });
  });

  it('enabled_tools hides the others, disabled_tools the named ones', () => {
    const sim = run({ allow: [], ask: [], deny: ['mcp_servers.docs.enabled_tools = ["read","write"]', 'mcp_servers.docs.disabled_tools = ["write"]'] });
    const d = Object.fromEntries(sim.tools.map((t) => [t.name, [t.decision, t.rule?.index ?? null]]));
    expect(d).toMatchObject({ 'mcp__docs__read': ['allow', null], 'mcp__docs__write': ['deny', 1], 'mcp__docs__drop': ['deny', 0], 'mcp__docs__plain': ['deny', 0], 'mcp__gh__issue': ['allow', null] });
    expect(sim.rules[0]!.notes.map((n) => n.code)).toEqual(['codex-hidden']);
  });

  it("the tool's approval_mode wins over the server's default, whatever the lists", () => {
    const sim = run({ allow: ['mcp_servers.docs.default_tools_approval_mode = "approve"'], ask: ['mcp_servers.docs.tools.read.approval_mode = "prompt"'], deny: [] });
    const d = Object.fromEntries(sim.tools.map((t) => [t.name, t.decision]));
    expect(d).toMatchObject({ 'mcp__docs__read': 'ask', 'mcp__docs__drop': 'allow', 'mcp__docs__plain': 'allow', 'mcp__gh__issue': 'allow' });
    expect(sim.tools.find((t) => t.name === 'mcp__docs__read')!.rule).toMatchObject({ list: 'ask', index: 0 });
  });

  it('writes: read-only tools run, the rest are asked', () => {
    expect(decisions({ allow: [], ask: ['mcp_servers.docs.default_tools_approval_mode = "writes"'], deny: [] })).toMatchObject({ 'mcp__docs__read': 'allow', 'mcp__docs__drop': 'allow', 'mcp__docs__write': 'ask', 'mcp__docs__plain': 'ask' });
  });

  it('approval_policy never refuses what would be asked, and says so; with full access nothing is asked', () => {
    const sim = run({ allow: [], ask: [], deny: ['approval_policy = "never"'] });
    const plain = sim.tools.find((t) => t.name === 'mcp__docs__plain')!;
    expect(plain).toMatchObject({ decision: 'deny', rule: { list: 'deny', index: 0 } });
    expect(sim.tools.find((t) => t.name === 'mcp__docs__read')!.decision).toBe('allow');
    expect(sim.rules[0]!.matches).toBe(2);
    const full = decisions({ allow: ['approval_policy = "never", sandbox_mode = "danger-full-access"'], ask: [], deny: ['mcp_servers.docs.disabled_tools = ["drop"]'] });
    expect(full).toMatchObject({ 'mcp__docs__plain': 'allow', 'mcp__docs__drop': 'deny' });
    expect(run({ allow: [], ask: ['approval_policy = "on-request"'], deny: [] }).rules[0]!.unmatchable).toEqual({ code: 'codex-policy', params: { policy: 'on-request' } });
  });

  it('a more local file replaces the same key (project over user)', () => {
    // user: approve (allow list #0); project: prompt (ask list #0), more local.
    const rules = { allow: ['mcp_servers.docs.default_tools_approval_mode = "approve"'], ask: ['mcp_servers.docs.default_tools_approval_mode = "prompt"'], deny: [] };
    const sim = run(rules, (r) => (r.list === 'ask' ? 0 : 1));
    expect(sim.tools.find((t) => t.name === 'mcp__docs__read')!.decision).toBe('ask');
    expect(sim.rules.find((r) => r.list === 'allow')!.shadowedBy).toMatchObject({ list: 'ask', index: 0 });
  });

  it('hand-typed names: split at __, no annotations, so auto asks', () => {
    const sim = simulate({ profile: 'codex', rules: { allow: ['mcp_servers.gh.tools.issue.approval_mode = "approve"'], ask: [], deny: ['nonsense'] }, tools: ['mcp__gh__issue', 'mcp__gh__pr'] });
    expect(sim.tools.map((t) => t.decision)).toEqual(['allow', 'ask']);
    expect(sim.rules.find((r) => r.rule === 'nonsense')!.unmatchable?.code).toBe('codex-form');
  });
});
