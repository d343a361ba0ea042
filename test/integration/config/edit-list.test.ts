// Issue 34 / AGENT-5 needs it, issue 42 asks for it: ConfigWriter.editList puts one string in or
// out of a list at any path of a real JSON file (Claude Code's ~/.claude.json per-project lists,
// Gemini's settings.json `mcp.excluded`), locked and atomic, every other byte left alone; the way
// back is byte-identical (a list the panel created goes again, one the user had stays).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigWriter, type ListFile, type ListPath } from '../../../electron/services/config/writer';

let home: string;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'list-home-'));
});

afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

/** Each edit by a fresh writer, as separate CLI runs would be: what the panel added is on disk. */
async function edit(file: ListFile, path: ListPath, value: string, present: boolean) {
  return new ConfigWriter({ env: { HOME: home } }).editList(file, path, value, present);
}

async function put(name: string, text: string | Buffer): Promise<ListFile> {
  const path = join(home, name);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, text);
  return { path, format: 'json', readOnly: null };
}

const CLAUDE = `{
  "numStartups": 3,
  "projects": {
    "/abs/ws": {
      "allowedTools": [],
      "mcpServers": {}
    }
  },
  "userID": "u"
}
`;
const DISABLED: ListPath = ['projects', '/abs/ws', 'disabledMcpServers'];

describe('ConfigWriter.editList', () => {
  it('Claude Code ~/.claude.json: creates the project’s list, appends, is idempotent, and goes back byte for byte', async () => {
    const file = await put('.claude.json', CLAUDE);
    expect(await edit(file, DISABLED, 'github', true)).toMatchObject({ ok: true, value: { changed: true } });
    const one = await readFile(file.path, 'utf8');
    expect(one).toBe(CLAUDE.replace('"mcpServers": {}\n', '"mcpServers": {},\n      "disabledMcpServers": [\n        "github"\n      ]\n'));
    expect(await edit(file, DISABLED, 'github', true)).toMatchObject({ ok: true, value: { changed: false } });
    await edit(file, DISABLED, 'slack', true);
    expect(JSON.parse(await readFile(file.path, 'utf8')).projects['/abs/ws'].disabledMcpServers).toEqual(['github', 'slack']);
    await edit(file, DISABLED, 'github', false);
    expect(await edit(file, DISABLED, 'github', false)).toMatchObject({ ok: true, value: { changed: false } });
    await edit(file, DISABLED, 'slack', false);
    expect(await readFile(file.path, 'utf8')).toBe(CLAUDE);
  });

  it('a list the user had is never removed, even emptied; its comments stay with their elements', async () => {
    const text = '{\n  "projects": {\n    "/abs/ws": {\n      "disabledMcpServers": [\n        "a", // mine\n        "b"\n      ]\n    }\n  }\n}\n';
    const file = await put('.claude.json', text);
    await edit(file, DISABLED, 'c', true);
    expect(await readFile(file.path, 'utf8')).toBe(text.replace('"b"\n', '"b",\n        "c"\n'));
    await edit(file, DISABLED, 'c', false);
    expect(await readFile(file.path, 'utf8')).toBe(text);
    await edit(file, DISABLED, 'a', false);
    expect(await readFile(file.path, 'utf8')).toBe(text.replace('        "a", // mine\n', ''));
    await edit(file, DISABLED, 'b', false);
    const after = await readFile(file.path, 'utf8');
    expect(JSON.parse(after).projects['/abs/ws']).toEqual({ disabledMcpServers: [] });
  });

  it('Gemini settings.json (comments, CRLF, tabs, CJK): `mcp.excluded` and its object are created and removed again', async () => {
    const text = '{\r\n\t// 我的设置\r\n\t"theme": "Default", /* 主题 */\r\n\t"mcpServers": { "x": { "command": "x" } }\r\n}\r\n';
    const file = await put('.gemini/settings.json', text);
    await edit(file, ['mcp', 'excluded'], 'x', true);
    expect(await readFile(file.path, 'utf8')).toBe(text.replace('} }\r\n}', '} },\r\n\t"mcp": {\r\n\t\t"excluded": [\r\n\t\t\t"x"\r\n\t\t]\r\n\t}\r\n}'));
    await edit(file, ['mcp', 'allowed'], 'y', true);
    // Undone in reverse order: each takes out exactly what it added, down to the original bytes.
    await edit(file, ['mcp', 'allowed'], 'y', false);
    await edit(file, ['mcp', 'excluded'], 'x', false);
    expect(await readFile(file.path, 'utf8')).toBe(text);
    // Out of order, `mcp` holds the other list when `excluded` empties: it is no longer only
    // what that edit added, so the emptied list stays (nothing the file holds is guessed away).
    await edit(file, ['mcp', 'excluded'], 'x', true);
    await edit(file, ['mcp', 'allowed'], 'y', true);
    await edit(file, ['mcp', 'excluded'], 'x', false);
    await edit(file, ['mcp', 'allowed'], 'y', false);
    expect(JSON.parse((await readFile(file.path, 'utf8')).replace(/\/\/.*|\/\*.*?\*\//g, '')).mcp).toEqual({ excluded: [] });
  });

  it('a missing file: adding creates it, removing leaves it missing', async () => {
    const file: ListFile = { path: join(home, 'nothing', 'settings.json'), format: 'json', readOnly: null };
    expect(await edit(file, ['mcp', 'excluded'], 'x', false)).toMatchObject({ ok: true, value: { changed: false } });
    expect(existsSync(file.path)).toBe(false);
    expect(await edit(file, ['mcp', 'excluded'], 'x', true)).toMatchObject({ ok: true, value: { changed: true, created: true } });
    expect(JSON.parse(await readFile(file.path, 'utf8'))).toEqual({ mcp: { excluded: ['x'] } });
  });

  it('refuses what it cannot vouch for, with the writer’s codes, and leaves the file byte-identical', async () => {
    const cases: Array<[string, string | Buffer, ListPath, string]> = [
      ['parse', '{"projects": {,}}', DISABLED, 'parse_error'],
      ['not an object', '[]', DISABLED, 'parse_error'],
      ['twice at the top', '{"projects": {}, "projects": {"/abs/ws": {}}}', DISABLED, 'duplicate_key'],
      ['twice inside', '{"projects": {"/abs/ws": {}, "/abs/ws": {}}}', DISABLED, 'duplicate_key'],
      ['list key twice', '{"mcp": {"excluded": [], "excluded": ["y"]}}', ['mcp', 'excluded'], 'duplicate_key'],
      ['object on the path is not one', '{"mcp": true}', ['mcp', 'excluded'], 'parse_error'],
      ['not a list', '{"mcp": {"excluded": "x"}}', ['mcp', 'excluded'], 'parse_error'],
      ['not UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]), ['mcp', 'excluded'], 'encoding'],
    ];
    for (const [what, text, path, code] of cases) {
      const file = await put('settings.json', text);
      const r = await edit(file, path, 'x', true);
      expect(r.ok, what).toBe(false);
      if (!r.ok) expect(r.error.code, what).toBe(code);
      expect(await readFile(file.path), what).toEqual(Buffer.from(text));
    }
    const toml = await put('config.toml', '[mcp_servers.a]\ncommand = "a"\n');
    expect(await new ConfigWriter({ env: { HOME: home } }).editList({ ...toml, format: 'toml' }, ['a'], 'x', true)).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  });

  it('the refusals name what to fix', async () => {
    const file = await put('settings.json', '{"mcp": {"excluded": "x"}}');
    const r = await edit(file, ['mcp', 'excluded'], 'x', true);
    expect(r.ok ? '' : r.error.message).toBe(`${file.path}: "mcp.excluded" is not a list; fix it by hand, the panel never overwrites it`);
  });
});
