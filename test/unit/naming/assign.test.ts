import { describe, expect, it } from 'vitest';
import { assignNames, type NamingServerInput } from '../../../shared/naming/assign';
import { crossProfileView } from '../../../shared/naming/cross-profile';
import { allocateMinimaxNames, emptyRegistry, identityKey } from '../../../shared/profiles/minimax/registry';

const srv = (serverId: string, tools: string[], extra: Partial<NamingServerInput> = {}): NamingServerInput => ({
  serverId,
  serverName: serverId,
  tools: tools.map((name) => ({ name })),
  ...extra,
});

describe('minimax registry allocation (NAME-1)', () => {
  it('gives later claimants _2 and _3 for the same base name', () => {
    const r = assignNames('minimax', [srv('a', ['x.y', 'x_y', 'x-y', 'x/y'])]);
    expect(r.tools.map((t) => t.name)).toEqual(['mcp__a__x_y', 'mcp__a__x_y_2', 'mcp__a__x-y', 'mcp__a__x_y_3']);
    expect(r.collisions).toHaveLength(2);
    expect(r.collisions[0]).toMatchObject({ name: 'mcp__a__x_y', kind: 'same_server', resolution: 'suffixed', assigned: 'mcp__a__x_y_2', winner: { tool: 'x.y' }, loser: { tool: 'x_y' } });
  });

  it('orders a fresh registry configured > official plugin > local plugin, whatever the input order', () => {
    const servers = [
      srv('local', ['t'], { serverName: 'dup', source: 'plugin-local' }),
      srv('official', ['t'], { serverName: 'dup', source: 'plugin-official' }),
      srv('mine', ['t'], { serverName: 'dup', source: 'configured' }),
    ];
    const r = assignNames('minimax', servers);
    expect(r.tools.map((t) => [t.serverId, t.name])).toEqual([
      ['local', 'mcp__dup__t_3'],
      ['official', 'mcp__dup__t_2'],
      ['mine', 'mcp__dup__t'],
    ]);
    expect(r.tools[0]!.collidesWith).toMatchObject({ serverId: 'mine', kind: 'other_server' });
  });

  it('keeps existing assignments: a later configured server does not take a name a plugin already holds', () => {
    const first = assignNames('minimax', [srv('plug', ['t'], { serverName: 'dup', source: 'plugin-local' })]);
    expect(first.tools[0]!.name).toBe('mcp__dup__t');
    const second = assignNames('minimax', [srv('mine', ['t'], { serverName: 'dup' }), srv('plug', ['t'], { serverName: 'dup', source: 'plugin-local' })], { registry: first.registry! });
    expect(second.tools.map((t) => t.name)).toEqual(['mcp__dup__t_2', 'mcp__dup__t']);
  });

  it('never hands a removed identity\'s name to a new source', () => {
    const first = assignNames('minimax', [srv('old', ['t'], { serverName: 'svc' })]);
    // "old" is gone; a different identity with the same public name arrives.
    const second = assignNames('minimax', [srv('new', ['t'], { serverName: 'svc' })], { registry: first.registry! });
    expect(second.tools[0]!.name).toBe('mcp__svc__t_2');
    expect(second.registry!.identities[identityKey('configured', 'old')]!.tools['t']!.name).toBe('mcp__svc__t');
    // The old identity coming back gets its old name.
    const third = assignNames('minimax', [srv('old', ['t'], { serverName: 'svc' })], { registry: second.registry! });
    expect(third.tools[0]!.name).toBe('mcp__svc__t');
    expect(third.registryChanged).toBe(false);
  });

  it('derives identity from source + id, never from the public name', () => {
    // Same id under another source is another identity.
    const r = assignNames('minimax', [srv('x', ['t']), srv('x', ['t'], { source: 'plugin-official' })]);
    expect(r.tools.map((t) => t.name)).toEqual(['mcp__x__t', 'mcp__x__t_2']);
    // A renamed server (same identity) gets a name under its new public name; the old stays reserved.
    const renamed = assignNames('minimax', [srv('x', ['t'], { serverName: 'y' })], { registry: r.registry! });
    expect(renamed.tools[0]!.name).toBe('mcp__y__t');
    const other = assignNames('minimax', [srv('z', ['t'], { serverName: 'x' })], { registry: renamed.registry! });
    expect(other.tools[0]!.name).toBe('mcp__x__t_3');
  });

  it('suffixes stay within 80 characters', () => {
    const long = 't'.repeat(120);
    const r = assignNames('minimax', [srv('a', [long, long + 'b', long + 'c'])]);
    for (const t of r.tools) expect(t.name!.length).toBeLessThanOrEqual(80);
    expect(new Set(r.tools.map((t) => t.name)).size).toBe(3);
    expect(r.tools[2]!.name!.endsWith('_3')).toBe(true);
  });

  it('drops an exact repeat of the same tool', () => {
    const r = assignNames('minimax', [srv('a', ['t', 't'])]);
    expect(r.tools.map((t) => [t.name, t.dropped])).toEqual([['mcp__a__t', false], [null, true]]);
  });

  it('the allocator reports no change for known claims and leaves its input alone', () => {
    const reg = emptyRegistry();
    const a = allocateMinimaxNames(reg, [{ serverId: 's', serverName: 's', source: 'configured', tool: 't' }]);
    expect(reg.identities).toEqual({});
    expect(a.changed).toBe(true);
    expect(allocateMinimaxNames(a.registry, [{ serverId: 's', serverName: 's', source: 'configured', tool: 't' }]).changed).toBe(false);
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
  it('shows each scheme\'s name and warns where it differs from the raw name', () => {
    const long = 'x'.repeat(80);
    const v = crossProfileView([srv('gh', ['create_issue', 'a.b', long])]);
    expect(v.rows[0]).toMatchObject({ tool: 'create_issue', names: { minimax: 'mcp__gh__create_issue', kimi: 'mcp__gh__create_issue', minara: 'mcp_gh_create_issue' }, warnings: [] });
    // The seeds' three, and every other agent whose scheme rewrites `.` (AGENT-1; Gemini and Zed keep it; Goose's `<extension>__<tool>` and OpenCode's `<server>_<tool>` make it API-safe, Cline adds a hash).
    expect(v.rows[1]!.warnings.filter((w) => ['minimax', 'kimi', 'minara'].includes(w.params.profile!))).toHaveLength(3);
    expect(v.rows[1]!.warnings.map((w) => w.params.profile)).toEqual(['minimax', 'kimi', 'minara', 'claude-code', 'cursor', 'vscode', 'codex', 'goose', 'opencode', 'cline']);
    expect(v.rows[1]!.warnings[0]).toEqual({ code: 'differs', params: { profile: 'minimax', name: 'mcp__gh__a_b', raw: 'a.b' } });
    expect(v.rows[2]!.names.kimi).toMatch(/_[0-9a-f]{8}$/);
    expect(v.rows[2]!.warnings.some((w) => w.params.profile === 'kimi')).toBe(true);
    expect(v.rows[2]!.warnings.some((w) => w.params.profile === 'minimax')).toBe(true);
  });
});
