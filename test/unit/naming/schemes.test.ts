import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kimiHash8, KIMI_MAX_NAME, kimiAuthToolName, kimiQualifiedName, sanitizeKimiPart } from '../../../shared/profiles/kimi/naming';
import { MINIMAX_MAX_NAME, MINIMAX_MAX_SERVER, minimaxBaseName, minimaxServerSegment, normalizeMinimaxSegment, shortenMinimaxSegment } from '../../../shared/profiles/minimax/naming';
import { minaraQueryToolName, minaraToolName } from '../../../shared/profiles/minara/naming';
import { VALID_NAME } from '../../../shared/naming/schemes';

describe('Kimi Code 2.1.0 stableHash8 (FNV-1a 32, signed)', () => {
  it('prints the signed int32 as toString(16) does, padded in front of the sign', () => {
    // The offset basis is never stepped for '': printed unsigned, as Kimi does.
    expect(kimiHash8('')).toBe('811c9dc5');
    // Unsigned FNV-1a of 'a' is e40c292c; Kimi keeps Math.imul's sign: -(2^32 - 0xe40c292c).
    expect(kimiHash8('a')).toBe('-1bf3d6d4');
    expect(kimiHash8('foobar')).toBe('-40630698');
  });
});

describe('minimax names (NAME-1, published tool-name.ts)', () => {
  // /work/notes/seed-agents-published.md M2: the published code's cleaning, run.
  it.each([
    ['my..server', 'my_server'],
    ['__a__b__', 'a_b'],
    ['a  --  b', 'a_--_b'],
    ['资料库', 'server'],
  ])('server %j → segment %j', (raw, segment) => {
    expect(normalizeMinimaxSegment(raw, 'server')).toBe(segment);
  });
  it('an empty or all-illegal tool falls back to `tool`; control characters and empty names are refused', () => {
    expect(normalizeMinimaxSegment('-_-', 'tool')).toBe('tool');
    expect(() => normalizeMinimaxSegment('read\0', 'tool')).toThrow('Invalid MCP tool name');
    expect(() => normalizeMinimaxSegment('', 'server')).toThrow('Invalid MCP server name');
    expect(() => normalizeMinimaxSegment('a\u200bb', 'server')).toThrow(); // a format character (Cf)
  });
  it('names as the repository\'s own test says (test/tool-name.test.ts)', () => {
    expect(minimaxBaseName('finance__primary', '_quote_')).toBe('mcp__finance_primary__quote');
    expect(minimaxBaseName('资料库', '搜索')).toBe('mcp__server__tool');
    expect(minimaxBaseName('my..server', 'list..issues')).toBe('mcp__my_server__list_issues');
  });
  it('cuts the server segment at 48 and the tool segment at 73 − server, then drops a trailing _', () => {
    expect(minimaxBaseName('s'.repeat(60), 't')).toBe(`mcp__${'s'.repeat(48)}__t`);
    const tool80 = 't'.repeat(80 - 'mcp__srv__'.length);
    expect(minimaxBaseName('srv', tool80)).toBe(`mcp__srv__${tool80}`);
    expect(minimaxBaseName('srv', tool80 + 'X')).toBe(`mcp__srv__${tool80}`);
    // The cut lands after `_`: MiniMax removes it rather than end the segment with one.
    expect(shortenMinimaxSegment('abc_def', 4, 'tool')).toBe('abc');
    expect(minimaxBaseName(`${'s'.repeat(47)}_x`, 't')).toBe(`mcp__${'s'.repeat(47)}__t`);
    expect(shortenMinimaxSegment('___', 2, 'tool')).toBe('to');
  });
});

describe('kimi names (NAME-2, @moonshot-ai/kimi-code 2.1.0 tool-naming.ts)', () => {
  it('sanitises and collapses runs of _ per part: leading and trailing _ survive', () => {
    expect(kimiQualifiedName('my..server', 'get__user')).toBe('mcp__my_server__get_user');
    expect(kimiAuthToolName('git hub')).toBe('mcp__git_hub__authenticate');
    expect(kimiQualifiedName('a_', '_b')).toBe('mcp__a____b');
    expect(kimiQualifiedName('@scope/pkg.tool', 'Do Thing!')).toBe('mcp___scope_pkg_tool__Do_Thing_');
    // Every all-CJK server and tool collapses to one name.
    expect(kimiQualifiedName('客户服务', '查询')).toBe('mcp______');
    expect(kimiQualifiedName('资料库', '搜索')).toBe('mcp______');
  });
  // The worked examples of /work/notes/seed-agents-published.md K1, run against dist/main.mjs.
  it.each([
    ['google-workspace-enterprise', 'spreadsheets_values_batch_update_by_data_filter', 'mcp__google-workspace-enterprise__spreadsheets_values_b_18ac5c55'],
    ['a'.repeat(40), 'b'.repeat(40), 'mcp__aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa__bbbbbbb_-785fd989'],
    ['analytics-warehouse', 'run_saved_query_against_partitioned_table_v14', 'mcp__analytics-warehouse__run_saved_query_against_parti_0-1be310'],
    ['x'.repeat(29), 'y'.repeat(28), `mcp__${'x'.repeat(29)}__${'y'.repeat(28)}`],
    ['x'.repeat(29), 'y'.repeat(29), `mcp__${'x'.repeat(29)}__${'y'.repeat(18)}_-5eb88f2c`],
  ])('%s / %s → %s', (server, tool, name) => {
    expect(kimiQualifiedName(server, tool)).toBe(name);
    expect(name).toHaveLength(64);
  });
  it('hashes the full name, so two names sharing a head differ', () => {
    const a = kimiQualifiedName('srv', 'x'.repeat(70) + 'a');
    const b = kimiQualifiedName('srv', 'x'.repeat(70) + 'b');
    expect(a.slice(0, 54)).toBe(b.slice(0, 54));
    expect(a).not.toBe(b);
  });
});

describe('minara names (NAME-3)', () => {
  it('is mcp_<id>_<tool>, and a subagent server is mcp_<id>_query', () => {
    expect(minaraToolName('etherscan', 'get_balance')).toBe('mcp_etherscan_get_balance');
    expect(minaraQueryToolName('etherscan')).toBe('mcp_etherscan_query');
  });
});

describe('property: every scheme gives valid, bounded, deterministic names', () => {
  const part = fc.string({ minLength: 1, maxLength: 120, unit: fc.constantFrom('a', 'Z', '9', '_', '-', '.', ' ', '/', '中', '文', '😀', '__') });
  it('minimax: valid segments, ≤ 80, server ≤ 48, deterministic (or refused)', () => {
    fc.assert(
      fc.property(part, part, (s, t) => {
        const server = minimaxServerSegment(s);
        if (server === null) return; // a surrogate half from the unit list: refused, as MiniMax does
        expect(server.length).toBeLessThanOrEqual(MINIMAX_MAX_SERVER);
        expect(server).toMatch(/^[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*$/);
        const name = minimaxBaseName(s, t);
        expect(name).toMatch(VALID_NAME);
        expect(name.length).toBeLessThanOrEqual(MINIMAX_MAX_NAME);
        expect(name.startsWith(`mcp__${server}__`)).toBe(true);
        expect(minimaxBaseName(s, t)).toBe(name);
      }),
    );
  });
  it('kimi: valid chars, exactly 64 when cut, deterministic', () => {
    fc.assert(
      fc.property(part, part, (s, t) => {
        const name = kimiQualifiedName(s, t);
        expect(name).toMatch(VALID_NAME);
        expect(name.length).toBeLessThanOrEqual(KIMI_MAX_NAME);
        const full = `mcp__${sanitizeKimiPart(s)}__${sanitizeKimiPart(t)}`;
        expect(name).toBe(full.length > KIMI_MAX_NAME ? name.slice(0, 64) : full);
        if (full.length > KIMI_MAX_NAME) expect(name).toHaveLength(KIMI_MAX_NAME);
        expect(kimiQualifiedName(s, t)).toBe(name);
      }),
    );
  });
  it('minara: valid chars, deterministic', () => {
    fc.assert(
      fc.property(part, part, (s, t) => {
        expect(minaraToolName(s, t)).toMatch(VALID_NAME);
        expect(minaraToolName(s, t)).toBe(minaraToolName(s, t));
      }),
    );
  });
});
