// PERM-4 for Gemini CLI (shared/permissions/gemini-policy.ts): policy files and settings read as
// Gemini's loader does, and matched as its engine does (highest priority first, mcpName, the three
// wildcard forms, annotations, modes), each form on its own.
import { describe, expect, it } from 'vitest';
import { formatGeminiRule, geminiPolicyRules, geminiSettingsRules, parseGeminiRule, USER_TIER } from '../../../shared/profiles/gemini/rules';
import { simulate } from '../../../shared/permissions/simulate';
import type { RuleLists } from '../../../shared/permissions/rules';
import type { KnownTool } from '../../../shared/permissions/syntax';

const known = new Map<string, KnownTool>([
  ['mcp_github_create_issue', { server: 'github', tool: 'create_issue', hints: null }],
  ['mcp_github_get_issue', { server: 'github', tool: 'get_issue', hints: { readOnlyHint: true } }],
  ['mcp_my_srv_run', { server: 'my_srv', tool: 'run', hints: null }],
]);
// read_file is a built-in: not an MCP tool.
const tools = [...known.keys(), 'read_file'];
const run = (rules: Partial<RuleLists>) => simulate({ profile: 'gemini', rules: { allow: [], ask: [], deny: [], ...rules }, tools, known });
const decisions = (rules: Partial<RuleLists>) => run(rules).tools.map((t) => t.decision);

describe('policy files (toml-loader.ts)', () => {
  it('composes mcpName into the tool name, expands arrays, and puts the tier in the priority', () => {
    const r = geminiPolicyRules({ rule: [
      { mcpName: 'github', toolName: ['create_issue', 'get_issue'], decision: 'allow', priority: 200 },
      { mcpName: 'github', toolName: '*', decision: 'ask_user', priority: 10 },
      { toolName: 'mcp_*', decision: 'deny', priority: 999, modes: ['yolo'] },
    ] }, USER_TIER);
    expect(r.problem).toBeNull();
    expect(r.rules).toEqual({
      allow: ['mcp_github_create_issue mcpName=github priority=4.2', 'mcp_github_get_issue mcpName=github priority=4.2'],
      ask: ['mcp_github_* mcpName=github priority=4.01'],
      deny: ['mcp_* priority=4.999 modes=["yolo"]'],
    });
  });

  it('skips the whole file when one rule fails the schema (toolName required, priority 0…999)', () => {
    expect(geminiPolicyRules({ rule: [{ toolName: 'a', decision: 'allow', priority: 1 }, { mcpName: 'x', decision: 'deny', priority: 5 }] }, 4)).toMatchObject({ rules: { allow: [], ask: [], deny: [] }, problem: expect.stringContaining('toolName is required') });
    expect(geminiPolicyRules({ rule: [{ toolName: 'a', decision: 'allow', priority: 1000 }] }, 4).problem).toContain('priority');
    expect(geminiPolicyRules({ rule: [{ toolName: 'a', decision: 'maybe', priority: 1 }] }, 4).problem).toContain('decision');
  });

  it('round-trips a rule through its one-line spelling', () => {
    const r = { toolName: 'mcp_x_*', mcpName: 'x', priority: 4.5, argsPattern: '"path":"/etc', toolAnnotations: { readOnlyHint: true } };
    expect(parseGeminiRule(formatGeminiRule(r))).toEqual(r);
    expect(parseGeminiRule('mcp_github_*')).toEqual({ toolName: 'mcp_github_*', priority: USER_TIER });
    expect(parseGeminiRule('x bogus=1')).toBeNull();
  });
});

describe('settings (policy/config.ts)', () => {
  it('makes rules of mcp.excluded, tools.*, trust and mcp.allowed at their fixed priorities', () => {
    const r = geminiSettingsRules({ mcp: { excluded: ['bad'], allowed: ['github'] }, tools: { exclude: ['mcp_github_delete'], allowed: ['run_shell_command(git)'] }, mcpServers: { docs: { command: 'x', trust: true }, other: { command: 'y' } } });
    expect(r).toEqual({
      deny: ['mcp_bad_* mcpName=bad priority=4.9', 'mcp_github_delete priority=4.4'],
      ask: [],
      allow: ['run_shell_command priority=4.3', 'mcp_docs_* mcpName=docs priority=4.2 modes=["default","autoEdit","yolo"]', 'mcp_github_* mcpName=github priority=4.1 modes=["default","autoEdit","yolo"]'],
    });
  });
});

describe('matching (policy-engine.ts ruleMatches)', () => {
  it('highest priority first, whatever the list', () => {
    expect(decisions({ allow: ['mcp_github_* priority=4.5'], deny: ['mcp_github_create_issue priority=4.1'] })).toEqual(['allow', 'allow', 'ask', 'ask']);
    const sim = run({ allow: ['mcp_github_* priority=4.1'], deny: ['mcp_github_create_issue priority=4.5'] });
    expect(sim.tools.map((t) => t.decision)).toEqual(['deny', 'allow', 'ask', 'ask']);
  });

  it('mcpName must be the server the tool came from (the catalog knows it, underscores and all)', () => {
    expect(decisions({ deny: ['mcp_my_srv_* mcpName=my_srv priority=4.2'] })).toEqual(['ask', 'ask', 'deny', 'ask']);
    expect(decisions({ deny: ['* mcpName=* priority=4'] })).toEqual(['deny', 'deny', 'deny', 'ask']);
  });

  it('a hand-typed name is split at the first _ after mcp_, as Gemini splits a bare name', () => {
    const sim = simulate({ profile: 'gemini', rules: { allow: [], ask: [], deny: ['mcp_my_srv_* mcpName=my_srv'] }, tools: ['mcp_my_srv_run'] });
    expect(sim.tools[0]!.decision).toBe('ask');
  });

  it('knows *, mcp_* and mcp_<server>_* only: any other pattern is an exact name, and says so', () => {
    const sim = run({ deny: ['mcp_*_create_issue priority=4.9'], allow: ['* priority=4.0', 'mcp_* priority=4.05'] });
    expect(sim.tools.map((t) => t.decision)).toEqual(['allow', 'allow', 'allow', 'allow']);
    expect(sim.rules.find((r) => r.list === 'deny')!.unmatchable).toEqual({ code: 'gemini-wildcard', params: { rule: 'mcp_*_create_issue' } });
    expect(sim.tools[3]!.rule).toMatchObject({ list: 'allow', index: 0 });
  });

  it('toolAnnotations match only tools that carry them; modes other than default never match', () => {
    expect(decisions({ allow: ['* mcpName=* toolAnnotations={"readOnlyHint":true}'] })).toEqual(['ask', 'allow', 'ask', 'ask']);
    const sim = run({ allow: ['mcp_* priority=4.9 modes=["yolo"]'] });
    expect(sim.tools.every((t) => t.decision === 'ask')).toBe(true);
    expect(sim.rules[0]!.unmatchable).toEqual({ code: 'gemini-modes', params: { modes: 'yolo' } });
  });

  it('argsPattern is not simulated: treated as matching, with a note', () => {
    const sim = run({ deny: ['mcp_github_* argsPattern="\\"repo\\":\\"prod" priority=4.3'] });
    expect(sim.tools.map((t) => t.decision)).toEqual(['deny', 'deny', 'ask', 'ask']);
    expect(sim.rules[0]!.notes[0]!.code).toBe('content-not-simulated');
  });
});
