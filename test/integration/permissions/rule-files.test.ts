// Issue 14 item 6 against real files: the rules of every layer the seeds name, saved back
// through the config writer with its refusals: read-only layer (CFG-7), untrusted workspace
// (CFG-10), a file changed on disk since it was read (CFG-7 conflict), a file that does not parse.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Selection } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import { ConfigWriter } from '../../../electron/services/config/writer';
import { RuleFiles } from '../../../electron/services/permissions/rule-files';

let home: string;
let ws: string;
let trusted: boolean;
const env = () => ({ HOME: home, USERPROFILE: home }) as NodeJS.ProcessEnv;
const files = () => new RuleFiles({ writer: new ConfigWriter({ env: env(), lockRetries: 2 }), env: env(), isTrusted: async () => trusted });
const lists = (l: Partial<Record<'allow' | 'ask' | 'deny', string[]>>) => ({ allow: [], ask: [], deny: [], ...l });

async function refusal(p: Promise<unknown>): Promise<{ code: string; reason: string | undefined; data: AppError['data'] }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  return { code: e.code, reason: e.data?.reason, data: e.data };
}

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'perm-home-'));
  ws = await mkdtemp(join(tmpdir(), 'perm-ws-'));
  trusted = true;
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
  await rm(ws, { recursive: true, force: true });
});

describe('reading the rules of every layer', () => {
  it('kimi: user, project root and project-local files, lowest precedence first, with their rules', async () => {
    await mkdir(join(home, '.kimi-code'), { recursive: true });
    await writeFile(join(home, '.kimi-code', 'mcp.json'), '{"permissions": {"allow": ["mcp__*"]}}');
    await writeFile(join(ws, '.mcp.json'), '{"mcpServers": {}, "permissions": {"deny": ["mcp__github__*"]}}');
    const sel: Selection = { profile: 'kimi', workspace: ws };
    const layers = await files().read(sel);
    expect(layers.map((l) => [l.layer, l.exists, l.rules])).toEqual([
      ['user', true, lists({ allow: ['mcp__*'] })],
      ['project', true, lists({ deny: ['mcp__github__*'] })],
      ['project-local', false, lists({})],
    ]);
    expect(layers.every((l) => l.trusted && !l.readOnly)).toBe(true);
    trusted = false;
    const untrusted = await files().effective(sel);
    expect(untrusted.map((l) => l.layer)).toEqual(['user']);
  });

  it('a file that does not parse says where, and holds no rules', async () => {
    await mkdir(join(home, '.minimax'), { recursive: true });
    await writeFile(join(home, '.minimax', 'mcp.json'), '{"permissions": {"allow": ["mcp__a"],}}');
    const [user] = await files().read({ profile: 'minimax', workspace: null });
    expect(user!.problem).toMatchObject({ code: 'parse', params: { line: 1 } });
    expect(user!.rules).toEqual(lists({}));
  });
});

describe('saving a layer', () => {
  it('writes losslessly into the file the rules were read from, and reads back what it wrote', async () => {
    const path = join(home, '.minimax', 'mcp.json');
    await mkdir(join(home, '.minimax'), { recursive: true });
    const text = '{\n  // mine\n  "mcpServers": {"gh": {"command": "gh"}},\n  "permissions": {"allow": ["mcp__gh"]}\n}\n';
    await writeFile(path, text);
    const rf = files();
    const sel: Selection = { profile: 'minimax', workspace: null };
    const [user] = await rf.read(sel);
    const out = await rf.save(sel, 'user', lists({ allow: ['mcp__gh', 'mcp__slack'], deny: ['mcp__gh__delete_repo'] }), user!.hash, false);
    expect(out).toMatchObject({ path, changed: true, created: false });
    const now = await readFile(path, 'utf8');
    expect(now.startsWith('{\n  // mine\n  "mcpServers": {"gh": {"command": "gh"}},\n  "permissions": {"allow": ["mcp__gh", "mcp__slack"]')).toBe(true);
    expect((await rf.read(sel))[0]!.rules).toEqual(lists({ allow: ['mcp__gh', 'mcp__slack'], deny: ['mcp__gh__delete_repo'] }));
  });

  it('a file changed on disk since it was read is a conflict with both texts; nothing is written', async () => {
    const path = join(home, '.minimax', 'mcp.json');
    await mkdir(join(home, '.minimax'), { recursive: true });
    await writeFile(path, '{"permissions": {"allow": ["mcp__a"]}}');
    const rf = files();
    const sel: Selection = { profile: 'minimax', workspace: null };
    const [user] = await rf.read(sel);
    await writeFile(path, '{"permissions": {"allow": ["mcp__b"]}}');
    const r = await refusal(rf.save(sel, 'user', lists({ allow: ['mcp__a', 'mcp__c'] }), user!.hash, false));
    expect(r).toMatchObject({ code: 'conflict', reason: 'conflict' });
    expect(r.data?.conflict?.theirs).toContain('mcp__b');
    expect(await readFile(path, 'utf8')).toBe('{"permissions": {"allow": ["mcp__b"]}}');
    // A host that never read the file (restarted while a draft waited) conflicts too.
    const r2 = await refusal(files().save(sel, 'user', lists({ allow: ['x'] }), user!.hash, false));
    expect(r2.code).toBe('conflict');
    // The user saw the diff and chose to overwrite: applied onto the file as it is now.
    await rf.save(sel, 'user', lists({ allow: ['mcp__a', 'mcp__c'] }), user!.hash, true);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ permissions: { allow: ['mcp__a', 'mcp__c'] } });
  });

  it('a file created since it was read as missing is a conflict too', async () => {
    const sel: Selection = { profile: 'minimax', workspace: null };
    const rf = files();
    const [user] = await rf.read(sel);
    expect(user!.exists).toBe(false);
    await mkdir(join(home, '.minimax'), { recursive: true });
    await writeFile(join(home, '.minimax', 'mcp.json'), '{"mcpServers": {}}');
    expect((await refusal(rf.save(sel, 'user', lists({ allow: ['x'] }), user!.hash, false))).code).toBe('conflict');
  });

  it('refuses the read-only minimax project file and an untrusted workspace, writing nothing', async () => {
    await writeFile(join(ws, '.mcp.json'), '{"mcpServers": {}}');
    const ro = await refusal(files().save({ profile: 'minimax', workspace: ws }, 'project', lists({ allow: ['x'] }), null, false));
    expect(ro).toMatchObject({ code: 'refused', reason: 'read_only' });
    trusted = false;
    const un = await refusal(files().save({ profile: 'kimi', workspace: ws }, 'project-local', lists({ allow: ['x'] }), null, false));
    expect(un).toMatchObject({ code: 'refused', reason: 'untrusted' });
    await expect(readFile(join(ws, '.kimi-code', 'mcp.json'), 'utf8')).rejects.toThrow();
    expect(await readFile(join(ws, '.mcp.json'), 'utf8')).toBe('{"mcpServers": {}}');
  });

  it('minara: the user servers.json under MINARA_DATA_DIR, created on first save', async () => {
    const data = join(home, 'mdata');
    const rf = new RuleFiles({ writer: new ConfigWriter({ env: { ...env(), MINARA_DATA_DIR: data } }), env: { ...env(), MINARA_DATA_DIR: data } });
    const out = await rf.save({ profile: 'minara', workspace: null }, 'user', lists({ deny: ['mcp_slack_*'] }), null, false);
    expect(out).toMatchObject({ path: join(data, 'mcp', 'servers.json'), created: true });
    expect(JSON.parse(await readFile(out.path, 'utf8'))).toEqual({ permissions: { deny: ['mcp_slack_*'] } });
  });
});
