// NAME-4 against each agent's own scheme, and PERM-4 verdicts under Claude Code's rule syntax.
import { describe, expect, it } from 'vitest';
import { assignNames } from '../../../shared/naming/assign';
import { crossProfileView } from '../../../shared/naming/cross-profile';
import { simulate } from '../../../shared/permissions/simulate';
import { codexToolName } from '../../../shared/profiles/codex';
import { geminiToolName } from '../../../shared/profiles/gemini';

const server = (serverName: string, tools: string[]) => ({ serverId: `configured:x:${serverName}`, serverName, tools: tools.map((name) => ({ name })) });
const long = 'search_issues_and_pull_requests_in_repository';

describe('names per agent', () => {
  it('Claude Code: mcp__<server>__<tool>, never shortened: over 64 is flagged "the model API will reject this"', () => {
    const r = assignNames('claude-code', [server('github-enterprise', [long, 'get_me'])]);
    expect(r.tools.map((t) => [t.name, t.tooLong])).toEqual([
      [`mcp__github-enterprise__${long}`, true],
      ['mcp__github-enterprise__get_me', false],
    ]);
    const view = crossProfileView([server('github-enterprise', [long])]);
    const warn = view.rows[0]!.warnings.find((w) => w.code === 'too-long');
    expect(warn?.params).toMatchObject({ profile: 'claude-code', length: String(`mcp__github-enterprise__${long}`.length), max: '64' });
  });

  it('Codex: sanitised, over 64 → a prefix and the SHA-1 of the raw name, 64 long; a second tool of the same sanitised name is skipped', () => {
    const name = codexToolName('github-enterprise', long);
    expect(name).toHaveLength(64);
    expect(name.startsWith('mcp__github-enterpri')).toBe(true);
    expect(name.slice(24)).toMatch(/^[0-9a-f]{40}$/);
    expect(codexToolName('fs.work', 'read')).toBe('mcp__fs_work__read');
    const r = assignNames('codex', [server('a.b', ['t']), server('a_b', ['t'])]);
    expect(r.tools.map((t) => [t.serverName, t.name, t.dropped])).toEqual([
      ['a.b', 'mcp__a_b__t', false],
      ['a_b', null, true],
    ]);
  });

  it('Gemini CLI: mcp_<server>_<tool>, `.` and `:` kept, over 63 cut in the middle; the last registration wins', () => {
    expect(geminiToolName('fs', 'read.file:v2')).toBe('mcp_fs_read.file:v2');
    const cut = geminiToolName('github-enterprise', long);
    expect(cut).toHaveLength(63);
    expect(cut).toContain('...');
    const r = assignNames('gemini', [server('a', ['t']), { ...server('a', ['t']), serverId: 'configured:x:a2' }]);
    expect(r.tools.map((t) => [t.serverId, t.dropped])).toEqual([
      ['configured:x:a', true],
      ['configured:x:a2', false],
    ]);
  });
});

describe('Claude Code permission rules (PERM-4)', () => {
  const tools = ['mcp__github__get_me', 'mcp__github__delete_repo', 'mcp__fs__read'];
  it('server rules, server globs, exact tools; allow globs need the literal prefix; deny takes any glob; parentheses skip the rule', () => {
    const sim = simulate({
      profile: 'claude-code',
      rules: { allow: ['mcp__github', 'mcp__*', 'mcp__fs__read(x)'], ask: ['mcp__fs__*'], deny: ['mcp__*__delete*'] },
      tools,
    });
    expect(sim.tools.map((t) => [t.name, t.decision, t.rule?.rule ?? null])).toEqual([
      ['mcp__github__get_me', 'allow', 'mcp__github'],
      ['mcp__github__delete_repo', 'deny', 'mcp__*__delete*'],
      ['mcp__fs__read', 'ask', 'mcp__fs__*'],
    ]);
    const byRule = Object.fromEntries(sim.rules.map((r) => [r.rule, r.unmatchable?.code ?? null]));
    expect(byRule['mcp__*']).toBe('claude-allow-glob');
    expect(byRule['mcp__fs__read(x)']).toBe('claude-parens');
    expect(byRule['mcp__*__delete*']).toBeNull();
  });
});
