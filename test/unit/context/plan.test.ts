// CTX-2: which tools the plan suggests, why, what each saves, and which it picks by default.
import { describe, expect, it } from 'vitest';
import { suggest, type PlanTool } from '../../../shared/context/plan';
import { idleServers, planVia, UNUSED_AFTER_DAYS } from '../../../electron/services/context/plan';

const tool = (serverName: string, name: string, over: Partial<PlanTool> = {}): PlanTool => ({
  serverId: `id:${serverName}`,
  serverName,
  tool: name,
  name: `mcp__${serverName}__${name}`,
  tokens: 100,
  offered: true,
  deniedBy: null,
  definition: `def:${name}`,
  lostTo: null,
  dropped: false,
  tooLong: false,
  refused: false,
  deferred: false,
  ...over,
});

const kinds = (tools: PlanTool[], opts = {}) => suggest(tools, opts).suggestions.map((s) => [s.serverName, s.tool, s.kind, s.tokens, s.picked]);

describe('context plan suggestions (CTX-2)', () => {
  it('a tool nothing marks is never suggested: the plan is empty and saves nothing', () => {
    const r = suggest([tool('a', 'x'), tool('b', 'y')]);
    expect(r.suggestions).toEqual([]);
    expect(r.tokens).toEqual({ before: 200, after: 200 });
  });

  it('a tool the agent\'s own rule denies is suggested and picked, with the rule as its reason and its definition as the saving', () => {
    const r = suggest([tool('a', 'x', { deniedBy: 'mcp__a__x' }), tool('a', 'y')]);
    expect(r.suggestions).toEqual([expect.objectContaining({ id: 'denied:id:a:x', kind: 'denied', tokens: 100, picked: true, params: { rule: 'mcp__a__x' } })]);
    expect(r.tokens).toEqual({ before: 200, after: 100 });
  });

  it('the same definition from two servers: the first offered copy stays, the later one is the duplicate', () => {
    expect(kinds([tool('a', 'x'), tool('b', 'x'), tool('c', 'x')])).toEqual([
      ['b', 'x', 'duplicate', 100, true],
      ['c', 'x', 'duplicate', 100, true],
    ]);
  });

  it('a denied first copy does not count as the copy kept: the next copy stays', () => {
    expect(kinds([tool('a', 'x', { deniedBy: 'rule' }), tool('b', 'x'), tool('c', 'x')])).toEqual([
      ['a', 'x', 'denied', 100, true],
      ['c', 'x', 'duplicate', 100, true],
    ]);
  });

  it('two tools of one name but different definitions are not duplicates', () => {
    expect(kinds([tool('a', 'x'), tool('b', 'x', { definition: 'other' })])).toEqual([]);
  });

  it('a tool the agent already drops for a collision costs nothing and is picked (the filter makes the drop explicit); a renamed loser costs its tokens and is not picked', () => {
    const lostTo = { serverName: 'a', tool: 'x', name: 'mcp__a__x' };
    const r = suggest([tool('a', 'x'), tool('b', 'x', { definition: 'd2', name: null, offered: false, dropped: true, lostTo }), tool('c', 'x', { definition: 'd3', name: 'mcp__a__x_2', lostTo })]);
    expect(r.suggestions.map((s) => [s.serverName, s.kind, s.tokens, s.picked])).toEqual([
      ['b', 'collision_dropped', 0, true],
      ['c', 'collision_renamed', 100, false],
    ]);
    expect(r.tokens.after).toBe(200);
  });

  it('a token target picks renamed losers, largest first, until it is met, and never more', () => {
    const lostTo = { serverName: 'a', tool: 'x', name: 'n' };
    const tools = [tool('a', 'x', { tokens: 1000 }), tool('b', 'x', { definition: 'b', tokens: 300, lostTo }), tool('c', 'x', { definition: 'c', tokens: 500, lostTo })];
    expect(suggest(tools, { targetTokens: 1400 }).suggestions.map((s) => [s.serverName, s.picked])).toEqual([['c', true], ['b', false]]);
    expect(suggest(tools, { targetTokens: 1000 }).tokens.after).toBe(1000);
    // A target the dead weight cannot reach picks everything it may, and says what is left.
    expect(suggest(tools, { targetTokens: 10 }).tokens.after).toBe(1000);
  });

  it('a name too long for the agent to send, and a name it refuses, are suggested (only the first saves tokens)', () => {
    expect(kinds([tool('a', 'x', { tooLong: true }), tool('a', 'y', { name: null, offered: false, refused: true })])).toEqual([
      ['a', 'x', 'too_long', 100, true],
      ['a', 'y', 'refused', 0, true],
    ]);
  });

  it('the person\'s own picks replace the default', () => {
    const r = suggest([tool('a', 'x', { deniedBy: 'r' }), tool('b', 'y', { deniedBy: 'r' })], { picks: ['denied:id:b:y'] });
    expect(r.suggestions.map((s) => [s.serverName, s.picked])).toEqual([['a', false], ['b', true]]);
    expect(r.tokens.after).toBe(100);
  });

  it('a tool not in the context now (late) is not dead weight: it is not suggested', () => {
    expect(kinds([tool('a', 'x', { offered: false, deniedBy: 'r' })])).toEqual([]);
  });

  it('a tool the agent already defers is still dead weight when denied or a second copy, picked, but saves nothing up front', () => {
    const r = suggest([tool('a', 'x', { deniedBy: 'r', deferred: true }), tool('a', 'y', { deferred: true }), tool('b', 'y', { deferred: true }), tool('c', 'z')]);
    expect(r.suggestions.map((s) => [s.serverName, s.tool, s.kind, s.tokens, s.picked])).toEqual([
      ['a', 'x', 'denied', 0, true],
      ['b', 'y', 'duplicate', 0, true],
    ]);
    expect(r.tokens).toEqual({ before: 100, after: 100 });
  });
});

describe('deferring a server by the agent\'s own field (CTX-2, Kimi `deferred`)', () => {
  const deferral = { field: 'deferred', mechanism: 'select_tools', above: 1000 };
  const server = (name: string, n: number, tokens: number, over: Partial<PlanTool> = {}) => Array.from({ length: n }, (_, i) => tool(name, `${name}${i}`, { tokens, ...over }));
  const defers = (r: ReturnType<typeof suggest>) => r.suggestions.filter((s) => s.kind === 'defer').map((s) => [s.serverName, s.tokens, s.params.tools, s.picked]);

  it('an agent without a deferral field gets no server suggested', () => {
    expect(suggest(server('a', 30, 100)).suggestions).toEqual([]);
  });

  it('one suggestion per server with tools up front, after the tool suggestions, largest first, a whole server\'s (tool \'\', name null); under the bar none is picked', () => {
    const r = suggest([...server('small', 2, 100), ...server('big', 5, 100)], { deferral });
    expect(r.suggestions.map((s) => [s.id, s.kind, s.tool, s.name])).toEqual([
      ['defer:id:big:', 'defer', '', null],
      ['defer:id:small:', 'defer', '', null],
    ]);
    expect(defers(r)).toEqual([
      ['big', 500, 5, false],
      ['small', 200, 2, false],
    ]);
    expect(r.suggestions[0]!.params).toMatchObject({ field: 'deferred', mechanism: 'select_tools' });
    expect(r.tokens).toEqual({ before: 700, after: 700 });
  });

  it('past the bar the default plan defers the largest servers first until the tools up front are under it, never more', () => {
    const r = suggest([...server('a', 3, 100), ...server('b', 8, 100), ...server('c', 5, 100)], { deferral });
    expect(defers(r)).toEqual([
      ['b', 800, 8, true],
      ['c', 500, 5, false],
      ['a', 300, 3, false],
    ]);
    expect(r.tokens).toEqual({ before: 1600, after: 800 });
  });

  it('a token target replaces the bar: servers are deferred, largest first, so no renamed loser needs hiding (deferring hides nothing)', () => {
    const lostTo = { serverName: 'a', tool: 'x', name: 'n' };
    const tools = [...server('a', 3, 100), ...server('b', 8, 100), tool('c', 'x', { definition: 'c', tokens: 150, lostTo }), tool('b', 'l', { definition: 'l', tokens: 50, lostTo })];
    const r = suggest(tools, { deferral, targetTokens: 100 });
    expect(r.suggestions.map((s) => [s.kind, s.serverName, s.tool, s.tokens, s.picked])).toEqual([
      ['collision_renamed', 'c', 'x', 150, false],
      ['collision_renamed', 'b', 'l', 50, false],
      ['defer', 'b', '', 850, true],
      ['defer', 'a', '', 300, true],
      ['defer', 'c', '', 150, true],
    ]);
    expect(r.tokens).toEqual({ before: 1300, after: 0 });
    // A target that the largest server alone meets defers only that one.
    const met = suggest(tools, { deferral, targetTokens: 450 });
    expect(met.suggestions.filter((s) => s.picked).map((s) => [s.kind, s.serverName])).toEqual([['defer', 'b']]);
    expect(met.tokens.after).toBe(450);
  });

  it('with a target and no deferral a renamed loser is hidden as before; the person\'s renamed pick moves its tokens out of its server\'s deferral', () => {
    const lostTo = { serverName: 'a', tool: 'x', name: 'n' };
    const tools = [...server('a', 3, 100), tool('b', 'l', { definition: 'l', tokens: 50, lostTo })];
    expect(suggest(tools, { targetTokens: 300 }).suggestions.map((s) => [s.kind, s.picked])).toEqual([['collision_renamed', true]]);
    const mine = suggest(tools, { deferral, picks: ['collision_renamed:id:b:l', 'defer:id:b:'] });
    expect(defers(mine)).toEqual([
      ['a', 300, 3, false],
      ['b', 0, 0, true],
    ]);
    expect(mine.tokens).toEqual({ before: 350, after: 300 });
  });

  it('a server the agent already defers is never suggested; its dead weight still is', () => {
    const r = suggest([...server('done', 20, 100, { deferred: true }), tool('done', 'gone', { deniedBy: 'r', deferred: true }), ...server('open', 2, 100)], { deferral: { ...deferral, above: 0 } });
    expect(r.suggestions.map((s) => [s.kind, s.serverName, s.tokens, s.picked])).toEqual([
      ['denied', 'done', 0, true],
      ['defer', 'open', 200, true],
    ]);
    expect(r.tokens).toEqual({ before: 200, after: 0 });
  });

  it('a deferral saves what of its server the picked tool suggestions leave up front, with the person\'s picks too', () => {
    const tools = [tool('a', 'x', { deniedBy: 'r' }), tool('a', 'y'), tool('a', 'z')];
    const byDefault = suggest(tools, { deferral: { ...deferral, above: 0 } });
    expect(defers(byDefault)).toEqual([['a', 200, 2, true]]);
    expect(byDefault.tokens).toEqual({ before: 300, after: 0 });
    const mine = suggest(tools, { deferral, picks: ['defer:id:a:'] });
    expect(mine.suggestions.map((s) => [s.kind, s.tokens, s.picked])).toEqual([
      ['denied', 100, false],
      ['defer', 300, true],
    ]);
    expect(mine.tokens).toEqual({ before: 300, after: 0 });
  });

  it('a server whose tools up front are all hidden by the picked suggestions is not offered for deferral', () => {
    const r = suggest([tool('a', 'x'), tool('copy', 'x')], { deferral });
    expect(r.suggestions.map((s) => [s.kind, s.serverName])).toEqual([
      ['duplicate', 'copy'],
      ['defer', 'a'],
    ]);
  });
});

describe('how the plan says a dropped tool (CTX-2)', () => {
  const cmd = { command: '/usr/bin/mcp-panel', prefix: [] };
  it("in the agent's own fields where it has them, else on a bridge line, else nowhere", () => {
    expect(planVia('codex', { bridgeCommand: cmd })).toBe('fields');
    expect(planVia('claude-code', { bridgeCommand: cmd })).toBe('bridge');
    expect(planVia('cursor', { bridgeCommand: null })).toBe('none');
    // Minara starts no local process (seed 001): its own `include` field is the only way.
    expect(planVia('minara', { bridgeCommand: null })).toBe('fields');
  });
});

describe('servers not called through the bridge (CTX-2 "unused")', () => {
  const DAY = 86_400_000;
  const now = 100 * DAY;
  it('a server idle for the threshold or longer, by its last call or else since its first bridged run; other agents\' records apart', () => {
    const idle = idleServers(
      [
        { profile: 'cursor', server: 'never', since: now - 30 * DAY, calls: 0, lastCall: null },
        { profile: 'cursor', server: 'once', since: now - 90 * DAY, calls: 3, lastCall: now - 20 * DAY },
        { profile: 'cursor', server: 'recent', since: now - 90 * DAY, calls: 9, lastCall: now - DAY },
        { profile: 'cursor', server: 'new', since: now - (UNUSED_AFTER_DAYS - 1) * DAY, calls: 0, lastCall: null },
        { profile: 'claude-code', server: 'other', since: now - 60 * DAY, calls: 0, lastCall: null },
      ],
      'cursor',
      now,
    );
    expect([...idle]).toEqual([
      ['never', 30],
      ['once', 20],
    ]);
  });

  it('is suggested for each offered tool of the idle server, not picked, and picked when a token target asks; a stronger reason wins', () => {
    const tools = [tool('a', 'x', { unusedDays: 30, tokens: 300 }), tool('a', 'y', { unusedDays: 30, deniedBy: 'mcp__a__y' }), tool('b', 'z')];
    expect(kinds(tools)).toEqual([
      ['a', 'y', 'denied', 100, true],
      ['a', 'x', 'unused', 300, false],
    ]);
    expect(suggest(tools).suggestions.find((s) => s.kind === 'unused')!.params).toEqual({ days: 30 });
    expect(kinds(tools, { targetTokens: 100 })).toEqual([
      ['a', 'y', 'denied', 100, true],
      ['a', 'x', 'unused', 300, true],
    ]);
  });
});
