import { describe, expect, it } from 'vitest';
import { deepestNode, nodeValue, offsetToLineCol, parseJsonText, pointerOf, resolvePointer } from '../../../electron/services/config/json-text';
import { expandVars, referencedVars } from '../../../electron/services/config/expand';

describe('parseJsonText (CFG-5)', () => {
  it('reports line and column of the first error', () => {
    const r = parseJsonText('{\n  "a": 1,\n  "b" 2\n}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.line, r.column]).toEqual([3, 7]);
  });
  it('accepts comments, rejects trailing commas and empty text', () => {
    expect(parseJsonText('// c\n{"a": /* x */ 1}').ok).toBe(true);
    const r = parseJsonText('{"a": 1,}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/trailing comma/);
    expect(parseJsonText('').ok).toBe(false);
  });
  it('keeps a __proto__ key as an own property without touching the prototype', () => {
    const r = parseJsonText('{"__proto__": {"polluted": true}}');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const v = nodeValue(r.root) as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
  });
  it('the last duplicate key wins, like JSON.parse', () => {
    const r = parseJsonText('{"a": 1, "a": 2}');
    if (!r.ok) throw new Error('parse');
    expect(nodeValue(r.root)).toEqual(JSON.parse('{"a": 1, "a": 2}'));
  });
});

describe('pointers', () => {
  it('escapes ~ and / (RFC 6901) and resolves back', () => {
    const r = parseJsonText('{"mcpServers": {"a/b~c": {"url": "x"}}}');
    if (!r.ok) throw new Error('parse');
    const p = pointerOf(['mcpServers', 'a/b~c', 'url']);
    expect(p).toBe('/mcpServers/a~1b~0c/url');
    expect(resolvePointer(r.root, p)?.value).toBe('x');
    expect(resolvePointer(r.root, '/nope')).toBeUndefined();
  });
  it('deepestNode stops at the last segment that exists', () => {
    const r = parseJsonText('{"mcpServers": {"a": {}}}');
    if (!r.ok) throw new Error('parse');
    expect(deepestNode(r.root, ['mcpServers', 'a', 'url']).pointer).toBe('/mcpServers/a');
  });
  it('offsetToLineCol is 1-based', () => {
    expect(offsetToLineCol('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(offsetToLineCol('ab', 0)).toEqual({ line: 1, column: 1 });
  });
});

describe('CFG-3 expansion', () => {
  it('expands ${VAR} and ${VAR:-default} in string values only, reporting missing names', () => {
    const { value, missing } = expandVars(
      { url: 'https://${HOST}/mcp', env: { K: '${K:-dev}', E: '${EMPTY:-d}' }, args: ['${A}', 1], '${KEY}': 'x' },
      { HOST: 'h.example', EMPTY: '' },
    );
    expect(value).toEqual({ url: 'https://h.example/mcp', env: { K: 'dev', E: 'd' }, args: ['${A}', 1], '${KEY}': 'x' });
    expect(missing).toEqual(['A']);
  });
  it('a set-but-empty variable is set (only `:-` treats it as unset)', () => {
    expect(expandVars('x${E}y', { E: '' })).toEqual({ value: 'xy', missing: [] });
    expect(expandVars('x${E:-d}y', { E: '' })).toEqual({ value: 'xdy', missing: [] });
    expect(expandVars('x${U}y', {})).toEqual({ value: 'x${U}y', missing: ['U'] });
  });
  it('referencedVars lists names', () => {
    expect(referencedVars('Bearer ${T} ${U:-x}')).toEqual(['T', 'U']);
  });
});
