// NAME-4 against each agent's own scheme, and PERM-4 verdicts under Claude Code's rule syntax.
import { describe, expect, it } from 'vitest';
import { assignNames } from '../../../shared/naming/assign';
import { crossProfileView } from '../../../shared/naming/cross-profile';
import { simulate } from '../../../shared/permissions/simulate';
import { codexToolName } from '../../../shared/profiles/codex/profile';
import { geminiToolName } from '../../../shared/profiles/gemini/profile';
import { clineToolName } from '../../../shared/profiles/cline/profile';

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

describe('names per agent: Zed, OpenCode, Cline', () => {
  it('Zed: the raw name, cut to 64; a name two tools share becomes <server>_<name> for both; meeting again, the later one stays', () => {
    const r = assignNames('zed', [server('github', ['search', 'get_me', 'x'.repeat(70)]), server('gitlab', ['search']), { ...server('github', ['search']), serverId: 'configured:x:github2' }]);
    expect(r.tools.map((t) => [t.serverId, t.tool.slice(0, 8), t.name, t.dropped])).toEqual([
      ['configured:x:github', 'search', null, true],
      ['configured:x:github', 'get_me', 'get_me', false],
      ['configured:x:github', 'xxxxxxxx', 'x'.repeat(64), false],
      ['configured:x:gitlab', 'search', 'gitlab_search', false],
      ['configured:x:github2', 'search', 'github_search', false],
    ]);
    expect(r.collisions.map((c) => [c.name, c.resolution, c.assigned, c.loser.serverId])).toEqual([
      ['search', 'suffixed', 'gitlab_search', 'configured:x:gitlab'],
      ['search', 'suffixed', 'github_search', 'configured:x:github2'],
      ['github_search', 'dropped', null, 'configured:x:github'],
    ]);
    // The server part is cut so the whole stays within 64.
    const long = assignNames('zed', [server('a-very-long-server-name-for-this-test', ['t'.repeat(40)]), server('b', ['t'.repeat(40)])]);
    expect(long.tools[0]!.name).toBe(`a-very-long-server-name${'_'}${'t'.repeat(40)}`);
    expect(long.tools[0]!.name).toHaveLength(64);
  });

  it('OpenCode: <server>_<tool>, API-safe, no limit; a later server of the same name replaces the earlier', () => {
    const r = assignNames('opencode', [server('fs.work', ['read.file']), server('fs_work', ['read_file'])]);
    expect(r.tools.map((t) => [t.serverName, t.name, t.dropped, t.differsFromRaw])).toEqual([
      ['fs.work', null, true, false],
      ['fs_work', 'fs_work_read_file', false, false],
    ]);
    expect(assignNames('opencode', [server('gh', ['a.b'])]).tools[0]).toMatchObject({ name: 'gh_a_b', differsFromRaw: true });
  });

  it('Cline: <server>__<tool>; not API-safe or over 64 → first 55 + _ + 8 hex of SHA-1 over the raw name', () => {
    expect(clineToolName('github', 'get_me')).toBe('github__get_me');
    const odd = clineToolName('fs.work', 'read');
    expect(odd).toMatch(/^fs_work__read_[0-9a-f]{8}$/);
    expect(odd).not.toBe(clineToolName('fs_work', 'read'));
    const long = clineToolName('github-enterprise', 'x'.repeat(60));
    expect(long).toHaveLength(64);
    expect(long.slice(0, 55)).toBe(`github-enterprise__${'x'.repeat(36)}`);
  });
});

describe('Cline autoApprove (PERM-4)', () => {
  it('a tool in its server\'s autoApprove is allowed, every other is asked; only allow rules of <server>__<tool> mean anything', () => {
    const sim = simulate({ profile: 'cline', rules: { allow: ['github__get_me', 'nonsense'], ask: [], deny: ['github__delete_repo'] }, tools: ['github__get_me', 'github__delete_repo', 'fs__read'] });
    expect(sim.tools.map((t) => [t.name, t.decision, t.rule?.rule ?? null])).toEqual([
      ['github__get_me', 'allow', 'github__get_me'],
      ['github__delete_repo', 'ask', null],
      ['fs__read', 'ask', null],
    ]);
    const byRule = Object.fromEntries(sim.rules.map((r) => [r.rule, r.unmatchable?.code ?? null]));
    expect(byRule).toMatchObject({ nonsense: 'cline-form', github__delete_repo: 'cline-form', github__get_me: null });
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
