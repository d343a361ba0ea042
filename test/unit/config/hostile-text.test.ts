// Pure parts of items 10, 12, 13: duplicate keys, nesting depth, UTF-8 and comments that
// must stay with their value. The CLI-level reproductions are in
// test/integration/config/hostile-files.test.ts.
import { describe, expect, it } from 'vitest';
import { editorMethods } from '../../../shared/contract/editor';
import { MAX_ENTRY_DEPTH } from '../../../shared/schemas/depth';
import { loadLayer, readText } from '../../../electron/services/config/layer-loader';
import { depthOverflowOffset, duplicateKeys, MAX_TEXT_DEPTH, parseJsonText } from '../../../electron/services/config/json-text';
import { invalidUtf8Offset } from '../../../electron/services/config/bounded-read';
import { applyServerOps, removeAt, setAt } from '../../../electron/services/config/writer';

const ctx = { profile: 'kimi', env: {}, home: '', cwd: '', workspace: null, panelDataDir: '', isTrusted: async () => false } as const;

function tree(text: string) {
  const r = parseJsonText(text);
  if (!r.ok) throw new Error(r.message);
  return r.root;
}

describe('duplicate keys (item 10)', () => {
  it('finds every key written twice, with its container and the later offset', () => {
    const text = '{"mcpServers": {"a": {"x": 1, "x": 2}, "a": {}}, "mcpServers": {}}';
    expect(duplicateKeys(tree(text)).map((d) => [d.container, d.key, d.keyOffset])).toEqual([
      [['mcpServers', 'a'], 'x', text.indexOf('"x": 2')],
      [['mcpServers'], 'a', text.indexOf('"a": {}')],
      [[], 'mcpServers', text.lastIndexOf('"mcpServers"')],
    ]);
  });

  it('the writer refuses a duplicate the edit depends on, and only those', () => {
    const twice = '{\n  "mcpServers": {\n    "a": {"command": "x"},\n    "a": {"command": "y"},\n    "b": {"command": "z", "args": [], "args": []}\n  }\n}\n';
    const add = applyServerOps(twice, 'kimi', [{ op: 'add', name: 'c', entry: { command: 'c' } }]);
    expect(add.ok).toBe(true);
    const set = applyServerOps(twice, 'kimi', [{ op: 'set', name: 'a', entry: { command: 'q' } }]);
    expect(set).toMatchObject({ ok: false, error: { code: 'duplicate_key', data: { line: 4, column: 5 } } });
    const inner = applyServerOps(twice, 'kimi', [{ op: 'disable', name: 'b' }]);
    expect(inner).toMatchObject({ ok: false, error: { code: 'duplicate_key', message: expect.stringContaining('in /mcpServers/b') } });
    const renameOnto = applyServerOps(twice, 'kimi', [{ op: 'rename', name: 'b', to: 'a' }]);
    expect(renameOnto.ok).toBe(false);
  });

  it('the loader reports a twice-written "mcpServers" as an error at the later key, and still loads the last', () => {
    const l = loadLayer(readText('{\n  "mcpServers": {"a": {"command": "x"}},\n  "mcpServers": {"b": {"command": "y"}}\n}', 'f'), { path: 'f', layer: 'user', dialect: 'kimi' }, ctx);
    expect(l.servers.map((s) => s.name)).toEqual(['b']);
    expect(l.problems).toEqual([expect.objectContaining({ severity: 'error', line: 3, column: 3, pointer: '/mcpServers', message: expect.stringMatching(/appears twice/) })]);
  });
});

describe('nesting depth (item 12)', () => {
  it('counts brackets outside strings and comments only', () => {
    const deep = '['.repeat(MAX_TEXT_DEPTH + 1);
    expect(depthOverflowOffset(`{"s": "${deep}", /* ${deep} */ "t": 1} // ${deep}`)).toBe(-1);
    expect(depthOverflowOffset(`{"s": "\\"${deep}"}`)).toBe(-1);
    expect(depthOverflowOffset(`{"a": ${deep}`)).toBe(6 + MAX_TEXT_DEPTH - 1);
  });

  it('the contract refuses an entry deeper than MAX_ENTRY_DEPTH (editor.trySession and editor.save)', () => {
    let deep: unknown = 1;
    for (let i = 0; i <= MAX_ENTRY_DEPTH + 1; i++) deep = { a: deep };
    const r = editorMethods['editor.trySession'].input.safeParse({ name: 'x', entry: { command: 'x', deep } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/nested more than 32 levels deep/);
    expect(editorMethods['editor.save'].input.safeParse({ layer: 'user', name: 'x', entry: { deep } }).success).toBe(false);
    expect(editorMethods['editor.trySession'].input.safeParse({ name: 'x', entry: { command: 'x', env: { A: 'b' } } }).success).toBe(true);
  });
});

describe('UTF-8 (item 13)', () => {
  it('names the first byte that is not valid UTF-8', () => {
    expect(invalidUtf8Offset(Buffer.from('{"a": "é ✓ 😀"}'))).toBe(-1);
    expect(invalidUtf8Offset(Buffer.from([0x7b, 0xff, 0x7d]))).toBe(1);
    expect(invalidUtf8Offset(Buffer.from([0x61, 0xc3]))).toBe(1); // truncated sequence
    expect(invalidUtf8Offset(Buffer.from([0x61, 0xed, 0xa0, 0x80]))).toBe(1); // encoded surrogate
    expect(invalidUtf8Offset(Buffer.from([0xe2, 0x9c, 0x93, 0xc0, 0x80]))).toBe(3); // overlong
  });
});

describe('comments stay with their value (item 13)', () => {
  const base = '{\r\n  "mcpServers": {\r\n    "a": {"command": "x"} /* a */ // note\r\n  }\r\n}\r\n';
  it('a new last entry goes after the previous value’s line comments; removing it restores the bytes', () => {
    const added = setAt(base, ['mcpServers', 'b'], { command: 'z' });
    expect(added).toBe('{\r\n  "mcpServers": {\r\n    "a": {"command": "x"}, /* a */ // note\r\n    "b": {\r\n      "command": "z"\r\n    }\r\n  }\r\n}\r\n');
    expect(removeAt(added, ['mcpServers', 'b'])).toBe(base);
  });

  it('removing a last entry takes its own trailing comment, not its neighbour’s', () => {
    const two = '{\n  "mcpServers": {\n    "a": {"command": "x"}, // note a\n    "b": {"command": "y"} // note b\n  }\n}\n';
    expect(removeAt(two, ['mcpServers', 'b'])).toBe('{\n  "mcpServers": {\n    "a": {"command": "x"} // note a\n  }\n}\n');
  });
});
