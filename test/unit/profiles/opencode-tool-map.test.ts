// OpenCode's top-level `tools` map (CONN-8, CTX-2; shared/profiles/opencode/tool-map.ts): keys are
// globs over `<server>_<tool>`, the last matching key decides, files merge with a later file's
// value in the key's first place; the patch is the smallest set of keys after which exactly the
// wanted tools pass, and the writer puts it into the file keeping every other byte.
import { describe, expect, it } from 'vitest';
import { OPENCODE_TOOL_MAP as M } from '../../../shared/profiles/opencode/tool-map';
import type { ToolMapEntry } from '../../../shared/profiles/types';
import { mapOff, patchedLayers, toolMapPatch, type ToolMapLayers } from '../../../shared/schemas/dialects/tool-map';
import { applyToolMapPatch } from '../../../electron/services/config/writer';
import { applyLimits } from '../../../electron/services/connections/limits';

const off = (entries: ToolMapEntry[], server: string, tool: string) => M.off(entries, server, tool);
const user = (entries: ToolMapEntry[]): ToolMapLayers[number] => ({ layer: 'user', entries });

describe('matching, as OpenCode 1.18.33 does', () => {
  it('exact names, `*` and `?`; the server part sanitised; other characters literal', () => {
    expect(off([['srv_tool_1', false]], 'srv', 'tool_1')).toBe(true);
    expect(off([['srv_tool_1', false]], 'srv', 'tool_2')).toBe(false);
    expect(off([['srv_*', false]], 'srv', 'anything')).toBe(true);
    expect(off([['srv_*', false]], 'srv2', 'x')).toBe(false);
    expect(off([['srv_tool_?', false]], 'srv', 'tool_9')).toBe(true);
    expect(off([['srv_tool_?', false]], 'srv', 'tool_10')).toBe(false);
    expect(off([['my_srv_x', false]], 'my.srv', 'x')).toBe(true);
    expect(off([['srv_[ab]', false]], 'srv', 'a')).toBe(false);
    expect(off([['srv_x *', false]], 'srv', 'x')).toBe(true);
    expect(off([['*', false]], 'srv', 'x')).toBe(true);
  });

  it('the last matching key decides; `true` keeps a tool', () => {
    expect(off([['srv_*', false], ['srv_keep', true]], 'srv', 'keep')).toBe(false);
    expect(off([['srv_keep', true], ['srv_*', false]], 'srv', 'keep')).toBe(true);
    expect(off([['srv_*', true]], 'srv', 'x')).toBe(false);
  });

  it('files merge as mergeDeep: the later value, in the key\'s first place', () => {
    expect(M.merge([[['a_x', false], ['a_*', true]], [['b_y', false], ['a_x', true]]])).toEqual([['a_x', true], ['a_*', true], ['b_y', false]]);
    // The project's `true` for a_x sits before the global a_* = false: still off.
    expect(mapOff(M, [user([['a_x', false], ['a_*', false]]), { layer: 'project', entries: [['a_x', true]] }], 'a')('x')).toBe(true);
  });

  it('a key reaches a server when its head agrees with `<server>_` up to a star', () => {
    expect(M.reaches('srv_*', 'srv')).toBe(true);
    expect(M.reaches('s*', 'srv')).toBe(true);
    expect(M.reaches('*_x', 'other')).toBe(true);
    expect(M.reaches('srv2_*', 'srv')).toBe(false);
    expect(M.reaches('sr', 'srv')).toBe(false);
    expect(M.reaches('s?v_x', 'srv')).toBe(true);
  });

  it('the engine leaves out what the map turns off', () => {
    const tools = ['a', 'b', 'c'].map((name) => ({ name, inputSchema: { type: 'object' as const } }));
    const r = applyLimits('srv', tools, { toolMap: { profile: 'opencode', layers: [user([['srv_*', false], ['srv_b', true]])] } });
    expect(r.ok && r.tools.map((t) => t.name)).toEqual(['b']);
  });
});

describe('the patch', () => {
  const offered = ['a', 'b', 'c'];
  const on = (...n: string[]) => new Set(n);

  it('drops write `false` keys; nothing to do writes nothing', () => {
    expect(toolMapPatch(M, [], 'user', 'srv', offered, on('a'))).toEqual([['srv_b', false], ['srv_c', false]]);
    expect(toolMapPatch(M, [user([['srv_b', false]])], 'user', 'srv', offered, on('a', 'c'))).toEqual([]);
  });

  it('re-enabling removes the tool\'s own key where that is enough, else writes `true` after the glob', () => {
    expect(toolMapPatch(M, [user([['srv_b', false]])], 'user', 'srv', offered, on('a', 'b', 'c'))).toEqual([['srv_b', null]]);
    expect(toolMapPatch(M, [user([['srv_*', false]])], 'user', 'srv', offered, on('a'))).toEqual([['srv_a', true]]);
    // A key that is there but before a later glob is moved last.
    const moved = toolMapPatch(M, [user([['srv_a', true], ['srv_*', false]])], 'user', 'srv', offered, on('a'));
    expect(moved).toEqual([['srv_a', true]]);
    expect(mapOff(M, patchedLayers([user([['srv_a', true], ['srv_*', false]])], 'user', moved), 'srv')('a')).toBe(false);
  });

  it('a write into a layer the maps did not list yet is added last', () => {
    expect(patchedLayers([user([['x_*', false]])], 'project', [['srv_a', false]])).toEqual([user([['x_*', false]]), { layer: 'project', entries: [['srv_a', false]] }]);
  });
});

describe('the write', () => {
  const JSONC = `{
  // mine
  "$schema": "https://opencode.ai/config.json",
  "mcp": {
    "srv": { "type": "local", "command": ["node", "s.js"] } // the server
  }
}
`;

  it('creates the map at the end of the file, keeping every other byte', () => {
    const r = applyToolMapPatch(JSONC, 'jsonc', 'tools', [['srv_b', false], ['srv_c', false]]);
    expect(r.ok).toBe(true);
    const out = r.ok ? r.value : '';
    expect(out.startsWith(JSONC.slice(0, JSONC.lastIndexOf('}') - 2))).toBe(true);
    expect(out).toContain('// the server');
    expect(out).toMatch(/"tools": \{\n {4}"srv_b": false,\n {4}"srv_c": false\n {2}\}\n\}\n$/);
  });

  it('adds after the keys already there, moves a key it rewrites to the end, removes one to re-enable', () => {
    const withMap = `{\n\t"tools": {\n\t\t"srv_*": false, // all off\n\t\t"srv_a": false\n\t}\n}\n`;
    const r = applyToolMapPatch(withMap, 'jsonc', 'tools', [['srv_a', true]]);
    expect(r.ok && r.value).toBe(`{\n\t"tools": {\n\t\t"srv_*": false, // all off\n\t\t"srv_a": true\n\t}\n}\n`);
    const gone = applyToolMapPatch(withMap, 'jsonc', 'tools', [['srv_a', null]]);
    expect(gone.ok && gone.value).toBe(`{\n\t"tools": {\n\t\t"srv_*": false // all off\n\t}\n}\n`);
  });

  it('refuses a map written twice and a map that is not an object', () => {
    const twice = applyToolMapPatch('{ "tools": {}, "tools": { "a_b": false } }', 'json', 'tools', [['srv_a', false]]);
    expect(!twice.ok && twice.error.code).toBe('duplicate_key');
    const list = applyToolMapPatch('{ "tools": [] }', 'json', 'tools', [['srv_a', false]]);
    expect(!list.ok && list.error.code).toBe('parse_error');
  });
});
