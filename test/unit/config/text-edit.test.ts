// CFG-7: text-preserving edits. Everything outside the edited span stays byte-identical.
import fc from 'fast-check';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { addMember, detectFormat, newFileText, parseConfigText, removeAt, renameKey, setAt, updateAt } from '../../../electron/services/config/writer/text-edit';

/** Length of the common prefix and suffix: what an edit left untouched. */
function untouched(a: string, b: string): { prefix: number; suffix: number } {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  return { prefix, suffix };
}

const FILE = `{
    // servers I use every day
    "mcpServers": {
        "keep": { "command": "a" /* odd spacing kept */ , "x-unknown": 1 },
        "edit": {
            "url": "https://old.example/mcp", // trailing comment
            "timeout": 5
        },
        "last": {"command": "z"}
    },
    "other": true
}
`;

describe('detectFormat', () => {
  it('reads indentation and line endings from the file', () => {
    expect(detectFormat(FILE)).toEqual({ insertSpaces: true, tabSize: 4, eol: '\n' });
    expect(detectFormat('{\r\n  "a": 1\r\n}')).toEqual({ insertSpaces: true, tabSize: 2, eol: '\r\n' });
    expect(detectFormat('{\n\t"a": 1\n}')).toMatchObject({ insertSpaces: false });
    expect(detectFormat('{}')).toEqual({ insertSpaces: true, tabSize: 2, eol: '\n' });
  });
});

describe('setAt / removeAt / renameKey / updateAt', () => {
  it('changing one field touches only that value', () => {
    const out = setAt(FILE, ['mcpServers', 'edit', 'url'], 'https://new.example/mcp');
    const { prefix, suffix } = untouched(FILE, out);
    expect(FILE.slice(prefix, FILE.length - suffix)).toBe('old');
    expect(out).toContain('// trailing comment');
    expect(out).toContain('/* odd spacing kept */ ,');
  });

  it('adding a server leaves the neighbours byte-identical and uses the file indentation', () => {
    const out = setAt(FILE, ['mcpServers', 'n'], { command: 'q', args: ['1'] });
    const { prefix } = untouched(FILE, out);
    // Everything up to the end of "last" is unchanged (the new entry follows it).
    expect(prefix).toBeGreaterThanOrEqual(FILE.indexOf('{"command": "z"}') + '{"command": "z"}'.length);
    expect(out.endsWith('    },\n    "other": true\n}\n')).toBe(true);
    expect(out).toContain('\n        "n": {\n            "command": "q",\n            "args": [\n                "1"\n            ]\n        }');
    expect(parse(out).mcpServers.n).toEqual({ command: 'q', args: ['1'] });
  });

  it('removing a server removes its span only', () => {
    const out = removeAt(FILE, ['mcpServers', 'edit']);
    expect(out).toContain('"keep": { "command": "a" /* odd spacing kept */ , "x-unknown": 1 },');
    expect(out).toContain('"last": {"command": "z"}');
    expect(out).not.toContain('trailing comment');
    // The output is the file with one contiguous span cut out, and that span is the entry.
    const { prefix, suffix } = untouched(FILE, out);
    expect(prefix + suffix).toBe(out.length);
    const cut = FILE.slice(prefix, FILE.length - suffix);
    expect(cut).toContain('trailing comment');
    expect(cut).not.toContain('keep');
    expect(cut).not.toContain('last');
  });

  it('removing a first member takes its whole line: the next line is not glued onto the brace (issue 42)', () => {
    const t = '{\r\n  "a": { // entry\r\n    "enabled": true, // mine\r\n    // about type\r\n    "type": "remote"\r\n  }\r\n}';
    expect(removeAt(t, ['a', 'enabled'])).toBe('{\r\n  "a": { // entry\r\n    // about type\r\n    "type": "remote"\r\n  }\r\n}');
    expect(removeAt('{"a": {"x": 1, "y": 2}}', ['a', 'x'])).toBe('{"a": {"y": 2}}');
  });

  it('addMember adds after the last member in its style, and removeAt takes exactly that back out (issue 42)', () => {
    for (const t of ['{"a": {"x": 1}}', '{"a": {"x":1,"y":2}}', '{\n\t"a": {\n\t\t"x": 1 // n\n\t}\n}', '{\n  "a": {\n    "x": 1,\n  },\n}', '{"a": {}}', '{"a": {"x": 1 /* c */}}']) {
      const added = addMember(t, ['a'], 'enabled', false);
      expect(parse(added).a).toEqual({ ...parse(t).a, enabled: false });
      expect(added.split('\n').length - t.split('\n').length).toBe(t.includes('\n') ? 1 : 0);
      expect(removeAt(added, ['a', 'enabled'])).toBe(t);
    }
    expect(addMember('{"a": {"x":1,"y":2}}', ['a'], 'enabled', false)).toBe('{"a": {"x":1,"y":2,"enabled":false}}');
  });

  it('renaming changes only the key characters', () => {
    const out = renameKey(FILE, ['mcpServers'], 'edit', 'docs');
    expect(out).toBe(FILE.replace('"edit"', '"docs"'));
  });

  it('updateAt edits only the keys that differ and keeps comments of the others', () => {
    const before = { url: 'https://old.example/mcp', timeout: 5 };
    const out = updateAt(FILE, ['mcpServers', 'edit'], before, { url: 'https://old.example/mcp', timeout: 9, headers: { A: '${A}' } });
    expect(out).toContain('"url": "https://old.example/mcp", // trailing comment');
    expect(parse(out).mcpServers.edit).toEqual({ url: 'https://old.example/mcp', timeout: 9, headers: { A: '${A}' } });
    expect(updateAt(FILE, ['mcpServers', 'edit'], before, { ...before })).toBe(FILE);
  });

  it('keeps CRLF line endings in inserted text', () => {
    const crlf = FILE.replace(/\n/g, '\r\n');
    const out = setAt(crlf, ['mcpServers', 'n'], { command: 'q' });
    expect(out.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('a new file is 2-space JSON with a final newline', () => {
    expect(newFileText('mcpServers', { a: { command: 'x' } })).toBe('{\n  "mcpServers": {\n    "a": {\n      "command": "x"\n    }\n  }\n}\n');
  });

  it('random edits keep the file parseable with the expected value (property)', () => {
    const entry = fc.record({ command: fc.string({ minLength: 1, maxLength: 8 }), args: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }) });
    fc.assert(
      fc.property(fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), entry, { maxKeys: 5 }), fc.stringMatching(/^[a-z]{1,6}$/), entry, (servers, name, value) => {
        let text = FILE;
        for (const [k, v] of Object.entries(servers)) text = setAt(text, ['mcpServers', k], v);
        text = setAt(text, ['mcpServers', name], value);
        const parsed = parseConfigText(text);
        expect(parsed.ok).toBe(true);
        const got = parse(text) as { mcpServers: Record<string, unknown>; other: boolean };
        expect(got.mcpServers[name]).toEqual(value);
        expect(got.other).toBe(true);
        expect(text).toContain('// servers I use every day');
      }),
      { numRuns: 60 },
    );
  });
});

describe('parseConfigText', () => {
  it('reports line and column, and refuses trailing commas like the loader does', () => {
    const bad = parseConfigText('{\n  "mcpServers": {\n    "a": { "command": "x", }\n  }\n}');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatchObject({ line: 3 });
    expect(parseConfigText('{"a": 1,}', true).ok).toBe(true);
    expect(parseConfigText('// c\n{"a": 1}').ok).toBe(true);
  });
});
