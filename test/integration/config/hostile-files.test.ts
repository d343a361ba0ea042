// Issue items 10, 12, 13 through the real CLI: a twice-written "mcpServers", absurd nesting,
// bytes that are not UTF-8 and a trailing `// note`. Each would, before the fix, report a
// success that is not in the file, print a RangeError stack, or change bytes outside the edit.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';

let home: string;
let file: string;
const cli = (args: string[]) => runCli(args, { env: { PATH: process.env.PATH, HOME: home }, cwd: home, timeoutMs: 30_000 });
const add = (name: string, entry = '{"command":"z"}') => cli(['server', 'add', name, '--profile', 'kimi', '--layer', 'user', '--entry', entry]);

/** One plain line on stderr, no stack trace. */
function expectOneLine(stderr: string): void {
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).not.toMatch(/RangeError|\n\s+at /);
}

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'cw-hostile-'));
  file = join(home, '.kimi-code', 'mcp.json');
  await mkdir(join(home, '.kimi-code'));
});

afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

beforeEach(async () => {
  await rm(file, { force: true });
});

describe('hostile config files (items 10, 12, 13)', () => {
  it('item 10: "mcpServers" written twice: server add refuses with line/column, check reports an error there', async () => {
    const text = '{\n  "mcpServers": {"a": {"command": "x"}},\n  "mcpServers": {"b": {"command": "y"}}\n}\n';
    await writeFile(file, text);
    const r = await add('c');
    expect(r.code).toBe(1);
    expectOneLine(r.stderr);
    expect(r.stderr).toMatch(/^error: duplicate_key: .*"mcpServers" is written twice at the top level \(line 3, column 3\)/);
    expect(await readFile(file, 'utf8')).toBe(text);
    const check = await cli(['check', file, '--dialect', 'kimi', '--json']);
    const doc = JSON.parse(check.stdout);
    expect(doc.ok).toBe(false);
    expect(doc.problems).toEqual(expect.arrayContaining([expect.objectContaining({ severity: 'error', line: 3, column: 3, pointer: '/mcpServers' })]));
  });

  it('item 12: a 100k-deep file gives one line from server add and check, never a stack', async () => {
    const n = 100_000;
    // Comments make the file JSONC, so the recursive parser is the one that must not see it.
    await writeFile(file, `// deep\n{"mcpServers":{"a":${'['.repeat(n)}${']'.repeat(n)}}}`);
    const r = await add('c');
    expect(r.code).toBe(1);
    expectOneLine(r.stderr);
    expect(r.stderr).toMatch(/^error: parse_error: .*nested more than 256 levels deep at line 2, column/);
    const check = await cli(['check', file, '--dialect', 'kimi']);
    expect(check.code).toBe(1);
    expect(check.stdout + check.stderr).toMatch(/nested more than 256 levels deep/);
    expect(check.stdout + check.stderr).not.toMatch(/RangeError|\n\s+at /);
  });

  it('item 12: an entry nested deeper than MAX_ENTRY_DEPTH is refused before it reaches the file', async () => {
    const deep = '{"a":'.repeat(40) + '1' + '}'.repeat(40);
    const r = await add('deep', `{"command":"z","x":${deep}}`);
    expect(r.code).toBe(1);
    expectOneLine(r.stderr);
    expect(r.stderr).toMatch(/invalid_entry: .*nested more than 32 levels deep/);
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('item 13: a file with invalid UTF-8 is refused with the byte offset and left byte-identical', async () => {
    const bytes = Buffer.concat([Buffer.from('{\n  "mcpServers": {\n    "a": {"command": "x'), Buffer.from([0xff]), Buffer.from('"}\n  }\n}\n')]);
    await writeFile(file, bytes);
    const r = await add('b');
    expect(r.code).toBe(1);
    expectOneLine(r.stderr);
    expect(r.stderr).toMatch(/^error: encoding: .*not valid UTF-8 \(byte offset 43\)/);
    expect(Buffer.compare(await readFile(file), bytes)).toBe(0);
  });

  it('item 13: a trailing // note stays on its line through add, and remove restores the original bytes', async () => {
    const text = '{\n  "mcpServers": {\n    "a": {"command": "x"} // note\n  }\n}\n';
    await writeFile(file, text);
    const r = await add('b');
    expect(r.code, r.stderr).toBe(0);
    expect(await readFile(file, 'utf8')).toBe('{\n  "mcpServers": {\n    "a": {"command": "x"}, // note\n    "b": {\n      "command": "z"\n    }\n  }\n}\n');
    const rm1 = await cli(['server', 'remove', 'b', '--profile', 'kimi', '--layer', 'user']);
    expect(rm1.code, rm1.stderr).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(text);
  });
});
