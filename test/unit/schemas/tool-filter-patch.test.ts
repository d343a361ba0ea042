// CONN-8: which field each agent reads per tool, and the smallest change that lets exactly the
// wanted tools through (seed 002 kimi enabledTools/disabledTools, seed 001 minara include,
// seed 000 minimax: none). NAME-4 collision causes.
import { describe, expect, it } from 'vitest';
import { patchedEntry, toolFilterFields, toolFilterPatch } from '../../../shared/schemas/dialects/tool-filter';
import { COLLISION_CAUSES, collisionCause } from '../../../shared/naming/collision-cause';
import { ToolFilterBlockSchema } from '../../../shared/contract';
import { translate, type MessageKey } from '../../../shared/i18n';
import { applyLimits } from '../../../electron/services/connections/limits';

const offered = ['a', 'b', 'c'];
const on = (...n: string[]) => new Set(n);
/** What the engine lets through after the patch: the one filter (connections/limits.ts). */
const through = (entry: Record<string, unknown>) => {
  const r = applyLimits('s', offered.map((name) => ({ name, inputSchema: { type: 'object' } })), entry as never);
  return r.ok ? r.tools.map((t) => t.name) : null;
};

describe('tool filter fields (CONN-8)', () => {
  it('kimi reads enabledTools and disabledTools, minara include, minimax nothing', () => {
    expect(toolFilterFields('kimi')).toEqual(['enabledTools', 'disabledTools']);
    expect(toolFilterFields('minara')).toEqual(['include']);
    expect(toolFilterFields('minimax')).toEqual([]);
    expect(toolFilterPatch('minimax', {}, offered, on('a'))).toEqual({});
  });

  it('kimi without an allow-list: disabledTools holds the disabled ones, removed when none is left', () => {
    expect(toolFilterPatch('kimi', {}, offered, on('a', 'c'))).toEqual({ disabledTools: ['b'] });
    expect(toolFilterPatch('kimi', {}, offered, on('a', 'b', 'c'))).toEqual({});
    expect(toolFilterPatch('kimi', { disabledTools: ['b'] }, offered, on('a', 'b', 'c'))).toEqual({ disabledTools: null });
    // A name for a tool the server does not offer now stays the user's.
    expect(toolFilterPatch('kimi', { disabledTools: ['gone', 'b'] }, offered, on('a', 'b'))).toEqual({ disabledTools: ['gone', 'c'] });
  });

  it('kimi with an allow-list keeps using it, and a re-enabled tool leaves disabledTools', () => {
    const entry = { enabledTools: ['a', 'b'], disabledTools: ['b'] };
    const patch = toolFilterPatch('kimi', entry, offered, on('b', 'c'));
    expect(patch).toEqual({ enabledTools: ['b', 'c'], disabledTools: null });
    expect(through(patchedEntry(entry, patch))).toEqual(['b', 'c']);
  });

  it('minara writes include only when something is off or it is already there', () => {
    expect(toolFilterPatch('minara', {}, offered, on('a', 'b', 'c'))).toEqual({});
    expect(toolFilterPatch('minara', {}, offered, on('c', 'a'))).toEqual({ include: ['a', 'c'] });
    expect(toolFilterPatch('minara', { include: ['x', 'c'] }, offered, on('a', 'c'))).toEqual({ include: ['x', 'c', 'a'] });
    expect(through(patchedEntry({ include: ['x', 'c'] }, { include: ['x', 'c', 'a'] }))).toEqual(['a', 'c']);
  });

  it('every patch lets exactly the wanted tools through the engine filter', () => {
    const wants = [[], ['a'], ['b', 'c'], ['a', 'b', 'c']];
    const entries = [{}, { disabledTools: ['a'] }, { enabledTools: ['c'] }, { enabledTools: ['a'], disabledTools: ['b'] }];
    for (const w of wants)
      for (const e of entries) expect(through(patchedEntry(e, toolFilterPatch('kimi', e, offered, new Set(w))))).toEqual(w);
    for (const w of wants)
      for (const e of [{}, { include: ['b'] }]) expect(through(patchedEntry(e, toolFilterPatch('minara', e, offered, new Set(w))))).toEqual(w);
  });
});

describe('collision causes (NAME-4)', () => {
  const ref = (serverName: string, tool: string) => ({ serverId: serverName, serverName, tool });
  it('tells same server, same name, sanitised and truncated apart', () => {
    expect(collisionCause('kimi', { kind: 'same_server', winner: ref('s', 'a'), loser: ref('s', 'a') })).toBe('same_server');
    expect(collisionCause('minimax', { kind: 'other_server', winner: ref('s', 'a'), loser: ref('s', 'a') })).toBe('same_name');
    expect(collisionCause('kimi', { kind: 'other_server', winner: ref('docs_x', 'a'), loser: ref('docs.x', 'a') })).toBe('sanitised');
    expect(collisionCause('minara', { kind: 'other_server', winner: ref('a_b', 'c'), loser: ref('a', 'b_c') })).toBe('sanitised');
    const long = 'x'.repeat(70);
    expect(collisionCause('minimax', { kind: 'other_server', winner: ref('s', `${long}_one`), loser: ref('s2', `${long}_two`) })).toBe('truncated');
  });
});

describe('the codes the tools view words (UI-9)', () => {
  it('every collision cause and every reason for no switch has an English and a Chinese sentence', () => {
    const han = /\p{Script=Han}/u;
    const keys = [...COLLISION_CAUSES.map((c) => `tools.cause.${c}`), ...ToolFilterBlockSchema.options.map((b) => `tools.filter.blocked.${b}`)] as MessageKey[];
    for (const key of keys) {
      expect(translate('en', key, { profile: 'kimi', layer: 'user' }), key).not.toBe(key);
      expect(translate('zh', key, { profile: 'kimi', layer: 'user' }), key).toMatch(han);
    }
  });
});
