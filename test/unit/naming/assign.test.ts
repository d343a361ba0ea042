import { describe, expect, it } from 'vitest';
import { assignNames, type NamingServerInput } from '../../../shared/naming/assign';
import { crossProfileView } from '../../../shared/naming/cross-profile';
import { emptyRegistry } from '../../../shared/profiles/minimax/registry';

const srv = (serverId: string, tools: string[], extra: Partial<NamingServerInput> = {}): NamingServerInput => ({
  serverId,
  serverName: serverId,
  tools: tools.map((name) => ({ name })),
  ...extra,
});

describe('minimax registry allocation (NAME-1, published name-registry.ts)', () => {
  const names = (r: ReturnType<typeof assignNames>) => r.tools.map((t) => [t.serverName, t.tool, t.name]);

  it('suffixes on the segment: a natural name first, then the others by key, each `_n` the first free', () => {
    const r = assignNames('minimax', [srv('a', ['x.y', 'x_y', 'x-y', 'x/y'])]);
    // Raw `x_y` is natural (its segment is itself); `x.y` and `x/y` both clean to it and sort by key.
    expect(r.tools.map((t) => t.name)).toEqual(['mcp__a__x_y_2', 'mcp__a__x_y', 'mcp__a__x-y', 'mcp__a__x_y_3']);
    expect(r.collisions.map((c) => [c.loser.tool, c.winner.tool, c.kind, c.assigned])).toEqual([
      ['x.y', 'x_y', 'same_server', 'mcp__a__x_y_2'],
      ['x/y', 'x_y', 'same_server', 'mcp__a__x_y_3'],
    ]);
  });

  // /work/notes/seed-agents-published.md M3, worked example 1 (and the repository's own test).
  it('a natural name beats source priority; the order of the input does not matter', () => {
    const servers = [
      srv('c1', ['t'], { serverName: 'docs.server' }),
      srv('p1', ['t'], { serverName: 'docs_server', source: 'plugin-local' }),
      srv('c2', ['t'], { serverName: 'docs-server' }),
    ];
    for (const order of [servers, [...servers].reverse()]) {
      const r = assignNames('minimax', order);
      expect(Object.fromEntries(r.tools.map((t) => [t.serverId, t.name]))).toEqual({ c1: 'mcp__docs_server_2__t', p1: 'mcp__docs_server__t', c2: 'mcp__docs-server__t' });
    }
    const repo = assignNames('minimax', ['docs.server', 'docs_server', 'docs_server_2'].map((n) => srv(n, ['t'])));
    expect(names(repo)).toEqual([
      ['docs.server', 't', 'mcp__docs_server_3__t'],
      ['docs_server', 't', 'mcp__docs_server__t'],
      ['docs_server_2', 't', 'mcp__docs_server_2__t'],
    ]);
    expect(repo.tools[0]!.collidesWith).toMatchObject({ serverName: 'docs_server', kind: 'other_server', name: 'mcp__docs_server__t' });
  });

  // Worked example 2: issue 34's bug (an owner was given `_3`): the owner always gets its name back.
  it('an identity gets its saved names back after removal, and a newcomer never inherits them', () => {
    const turn1 = assignNames('minimax', [srv('github', ['list_issues', 'list.issues'])]);
    expect(names(turn1)).toEqual([
      ['github', 'list_issues', 'mcp__github__list_issues'],
      ['github', 'list.issues', 'mcp__github__list_issues_2'],
    ]);
    const turn2 = assignNames('minimax', [srv('gh-plugin', ['list_issues'], { serverName: 'github', source: 'plugin-official' })], { registry: turn1.registry! });
    expect(turn2.tools[0]!.name).toBe('mcp__github_2__list_issues');
    expect(turn2.tools[0]!.collidesWith).toMatchObject({ serverName: 'github', kind: 'other_server', source: 'configured' });
    const turn3 = assignNames(
      'minimax',
      [srv('github', ['list.issues', 'list_issues']), srv('gh-plugin', ['list_issues'], { serverName: 'github', source: 'plugin-official' })],
      { registry: turn2.registry! },
    );
    expect(names(turn3)).toEqual([
      ['github', 'list.issues', 'mcp__github__list_issues_2'],
      ['github', 'list_issues', 'mcp__github__list_issues'],
      ['github', 'list_issues', 'mcp__github_2__list_issues'],
    ]);
    expect(turn3.registryChanged).toBe(false);
    expect(turn3.registry!.servers.map((e) => [e.key, e.segment])).toEqual([
      ['["configured","github"]', 'github'],
      ['["plugin","OFFICIAL","github","github"]', 'github_2'],
    ]);
  });

  // Worked example 3: segments are cut before the suffix, and each name stays ≤ 80.
  it('long names: the server segment is cut to 48, the tool segment to what is left, suffixes fit', () => {
    const a = 'acme-enterprise-knowledge-base-and-document-search-server';
    const tools = ['search_documents_by_semantic_similarity_with_facets', 'search_documents_by_semantic_similarity_with_filters'];
    const r = assignNames('minimax', [srv(a, tools), srv(`${a}-v2`, ['t'])]);
    expect(r.tools.map((t) => t.name)).toEqual([
      'mcp__acme-enterprise-knowledge-base-and-document-sear__search_documents_by_seman',
      'mcp__acme-enterprise-knowledge-base-and-document-sear__search_documents_by_sem_2',
      'mcp__acme-enterprise-knowledge-base-and-document-se_2__t',
    ]);
    expect(r.tools.slice(0, 2).map((t) => t.name!.length)).toEqual([80, 80]);
  });

  it('every configured server claims its segment, even one that answered nothing (disabled, not connected)', () => {
    const r = assignNames('minimax', [srv('docs.server', ['t']), srv('docs_server', [], { state: 'disabled' })]);
    expect(r.tools[0]!.name).toBe('mcp__docs_server_2__t');
    expect(r.registry!.servers.map((e) => e.segment).sort()).toEqual(['docs_server', 'docs_server_2']);
  });

  it('a name MiniMax refuses leaves its tools out, with the reason', () => {
    const r = assignNames('minimax', [srv('bad\u0007', ['t']), srv('ok', ['t', 'x\u0000'])]);
    expect(r.tools.map((t) => [t.name, t.refused])).toEqual([
      [null, 'Invalid MCP server name'],
      ['mcp__ok__t', null],
      [null, 'Invalid MCP tool name'],
    ]);
  });

  it('drops an exact repeat of the same tool', () => {
    const r = assignNames('minimax', [srv('a', ['t', 't'])]);
    expect(r.tools.map((t) => [t.name, t.dropped])).toEqual([['mcp__a__t', false], [null, true]]);
  });

  it('leaves the registry it was given alone and reports no change for known claims', () => {
    const reg = emptyRegistry();
    const a = assignNames('minimax', [srv('s', ['t'])], { registry: reg });
    expect(reg.servers).toEqual([]);
    expect(a.registryChanged).toBe(true);
    const again = assignNames('minimax', [srv('s', ['t'])], { registry: a.registry! });
    expect(again.registryChanged).toBe(false);
    expect(again.registry).toBe(a.registry);
  });
});

describe('kimi collisions (NAME-2)', () => {
  it('first claimant wins; the loser is dropped with MCP_TOOL_NAME_COLLISION naming both sides', () => {
    const r = assignNames('kimi', [srv('a', ['get__x', 'get_x']), srv('a.b', ['t']), srv('a_b', ['t'])]);
    expect(r.tools.map((t) => [t.tool, t.name, t.dropped])).toEqual([
      ['get__x', 'mcp__a__get_x', false],
      ['get_x', null, true],
      ['t', 'mcp__a_b__t', false],
      ['t', null, true],
    ]);
    expect(r.events).toEqual([
      { type: 'MCP_TOOL_NAME_COLLISION', qualified: 'mcp__a__get_x', serverName: 'a', toolName: 'get_x', collidesWith: { kind: 'same_server', toolName: 'get__x' } },
      { type: 'MCP_TOOL_NAME_COLLISION', qualified: 'mcp__a_b__t', serverName: 'a_b', toolName: 't', collidesWith: { kind: 'other_server', serverName: 'a.b', toolName: 't' } },
    ]);
    expect(r.collisions.map((c) => [c.kind, c.resolution])).toEqual([['same_server', 'dropped'], ['other_server', 'dropped']]);
  });

  it('shows the synthetic mcp__<server>__authenticate tool for a needs-auth server', () => {
    const r = assignNames('kimi', [srv('gh', ['issues'], { state: 'needs-auth' }), srv('ok', ['t'])]);
    expect(r.tools.map((t) => [t.tool, t.name, t.synthetic])).toEqual([
      ['issues', null, null],
      ['t', 'mcp__ok__t', null],
      ['authenticate', 'mcp__gh__authenticate', 'authenticate'],
    ]);
  });

  it('2.1.0: the first server to finish connecting wins a contested name, whatever the configuration order', () => {
    // Kimi connects every server at once and registers each on its status change (mcpService.ts registerMcpServer).
    const r = assignNames('kimi', [srv('a.b', ['t'], { readyMs: 900 }), srv('a_b', ['t'], { readyMs: 120 })]);
    expect(r.tools.map((t) => [t.serverName, t.name, t.dropped])).toEqual([
      ['a.b', null, true],
      ['a_b', 'mcp__a_b__t', false],
    ]);
    expect(r.events[0]).toMatchObject({ serverName: 'a.b', collidesWith: { kind: 'other_server', serverName: 'a_b' } });
    // Not measured (a hand-given list): configuration order.
    expect(assignNames('kimi', [srv('a.b', ['t']), srv('a_b', ['t'])]).tools[0]!.name).toBe('mcp__a_b__t');
    // All-CJK names collapse alike (2.1.0 keeps no distinguishing character): they collide.
    const cjk = assignNames('kimi', [srv('客户服务', ['查询'], { readyMs: 1 }), srv('资料库', ['搜索'], { readyMs: 2 })]);
    expect(cjk.tools.map((t) => t.name)).toEqual(['mcp______', null]);
  });

  it('2.1.0 shouldMarkNeedsAuth: the authenticate tool only for a remote entry with no static credentials', () => {
    const waiting = (entry: Record<string, unknown>) => assignNames('kimi', [srv('gh', ['issues'], { state: 'needs-auth', entry })]).tools.map((t) => t.name);
    expect(waiting({ url: 'https://gh.example/mcp' })).toEqual([null, 'mcp__gh__authenticate']);
    expect(waiting({ url: 'https://gh.example/mcp', headers: { A: 'b' }, auth: 'oauth' })).toEqual([null, 'mcp__gh__authenticate']);
    // Static headers or a token variable: Kimi marks the server failed, with no authenticate tool.
    expect(waiting({ url: 'https://gh.example/mcp', headers: { A: 'b' } })).toEqual([null]);
    expect(waiting({ url: 'https://gh.example/mcp', bearerTokenEnvVar: 'GH_TOKEN' })).toEqual([null]);
    // A long server name goes through the same hash rule.
    expect(assignNames('kimi', [srv('x'.repeat(60), [], { state: 'needs-auth' })]).tools[0]!.name).toHaveLength(64);
  });

  it('marks deferred servers (DISC-3)', () => {
    const r = assignNames('kimi', [srv('d', ['t'], { deferred: true }), srv('n', ['t'])]);
    expect(r.tools.map((t) => t.deferred)).toEqual([true, false]);
  });
});

describe('minara (NAME-3)', () => {
  it('names mcp_<id>_<tool>; a subagent server shows one mcp_<id>_query tool', () => {
    const r = assignNames('minara', [srv('eth', ['a', 'b'], { subagent: true }), srv('slack', ['post'])]);
    expect(r.tools.map((t) => [t.tool, t.name, t.wrappedBy])).toEqual([
      ['a', null, 'mcp_eth_query'],
      ['b', null, 'mcp_eth_query'],
      ['post', 'mcp_slack_post', null],
      ['query', 'mcp_eth_query', null],
    ]);
    expect(r.tools.every((t) => t.deferred)).toBe(true); // defer_loading (DISC-3)
  });
});

describe('cross-profile view (NAME-4)', () => {
  it('a tool a server lists twice is one row with the first claim\'s name, and the rows after it keep their own', () => {
    // Rows are matched across agents by position (issue 44): the repeat must not shift the rest.
    const v = crossProfileView([srv('a', ['t', 't', 'u']), srv('b', ['t'])], undefined, ['kimi', 'cursor']);
    expect(v.rows.map((r) => [r.serverId, r.tool, r.names.kimi, r.names.cursor])).toEqual([
      ['a', 't', 'mcp__a__t', 'mcp_a_t'],
      ['a', 'u', 'mcp__a__u', 'mcp_a_u'],
      ['b', 't', 'mcp__b__t', 'mcp_b_t'],
    ]);
    expect(v.rows[0]!.warnings.map((w) => [w.code, w.params.profile])).toEqual([['dropped', 'kimi'], ['dropped', 'cursor']]);
    expect(v.rows[1]!.warnings).toEqual([]);
  });

  it('shows each scheme\'s name and warns where it differs from the raw name', () => {
    const long = 'x'.repeat(80);
    const v = crossProfileView([srv('gh', ['create_issue', 'a.b', long])]);
    expect(v.rows[0]).toMatchObject({ tool: 'create_issue', names: { minimax: 'mcp__gh__create_issue', kimi: 'mcp__gh__create_issue', minara: 'mcp_gh_create_issue' }, warnings: [] });
    // The seeds' three, and every other agent whose scheme rewrites `.` (AGENT-1; Gemini and Zed keep it; Goose's `<extension>__<tool>` and OpenCode's `<server>_<tool>` make it API-safe, Cline adds a hash; Copilot CLI makes it `-`, Qwen Code `_` and a hash).
    expect(v.rows[1]!.warnings.filter((w) => ['minimax', 'kimi', 'minara'].includes(w.params.profile!))).toHaveLength(3);
    expect(v.rows[1]!.warnings.map((w) => w.params.profile)).toEqual(['minimax', 'kimi', 'minara', 'claude-code', 'cursor', 'vscode', 'codex', 'goose', 'opencode', 'cline', 'copilot', 'qwen', 'antigravity']);
    expect(v.rows[1]!.warnings[0]).toEqual({ code: 'differs', params: { profile: 'minimax', name: 'mcp__gh__a_b', raw: 'a.b' } });
    // Kimi 2.1.0 prints its signed hash: `_` + 8 hex digits, or `_-` + 8 (or `0…-…`).
    expect(v.rows[2]!.names.kimi).toMatch(/_(?:[0-9a-f]{8}|-[0-9a-f]{8}|0+-[0-9a-f]+)$/);
    expect(v.rows[2]!.names.kimi).toHaveLength(64);
    expect(v.rows[2]!.warnings.some((w) => w.params.profile === 'kimi')).toBe(true);
    expect(v.rows[2]!.warnings.some((w) => w.params.profile === 'minimax')).toBe(true);
  });

  it('warned only: the rows of the full view that carry a warning, each whole (a quiet first listing of a pair a repeat warns of included)', () => {
    // a/t twice: the repeat is dropped (a warning on the pair, whose first listing is quiet);
    // b/x.y differs for the agents that clean it; Windsurf shows raw names, so b/u and c/t lose
    // theirs to a's (a/u, the winner, and c/v say nothing).
    const servers = [srv('a', ['t', 'u', 't']), srv('b', ['x.y', 'u']), srv('c', ['v', 't'])];
    const agents = ['kimi', 'cursor', 'windsurf'] as const;
    const full = crossProfileView(servers, undefined, [...agents]);
    const warned = crossProfileView(servers, undefined, [...agents], 'warned');
    const strip = (rows: typeof full.rows) => rows.map(({ at: _at, ...r }) => r);
    expect(strip(warned.rows)).toEqual(strip(full.rows.filter((r) => r.warnings.length > 0)));
    expect(warned.rows.map((r) => `${r.serverId}/${r.tool}`)).toEqual(['a/t', 'b/x.y', 'b/u', 'c/t']);
    // A row points at its pair's last listing, whose own naming the Tools view reads.
    expect(warned.rows[0]!.at).toBe(2);
    expect(warned.reports.kimi.rowAt(warned.rows[0]!.at)).toMatchObject({ tool: 't', dropped: true });
  });
});
