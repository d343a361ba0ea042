// CTX-2 through the real composition: real echo servers (test/fixtures/servers/echo.mjs) listed
// by Gemini CLI's settings (JSONC, with its own `tools.exclude` rule), Codex's TOML and OpenCode's
// JSONC (with its own top-level `tools` map), twice each. The plan names the dead weight, writes each agent's own filter field (comments and
// layout kept), the agent's view after it is what the preview said, undo is byte for byte, and a
// file changed since the preview is not written. Kimi Code (echo and a 20-tool server): the plan
// defers whole servers by Kimi's own `deferred: true`, hiding none.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlanResult, PlanUndo, PlanView, ServersView, ToolFilterPreview, ToolsView } from '../../../shared/contract';
import { startServices, type Services } from '../../../electron/services/compose';
import { fixture } from '../../helpers/fixtures';

const ECHO = JSON.stringify(fixture('test/fixtures/servers/echo.mjs'));
const ECHO_TOOLS = ['echo', 'env', 'fail', 'parts', 'pid', 'roots', 'sleep'];
let dir: string;
let home: string;
let ws: string;
let services: Services | null = null;

const geminiFile = () => join(home, '.gemini', 'settings.json');
const codexFile = () => join(home, '.codex', 'config.toml');
const opencodeFile = () => join(home, '.config', 'opencode', 'opencode.jsonc');
const kimiFile = () => join(home, '.kimi-code', 'mcp.json');
const MANY = JSON.stringify(fixture('test/fixtures/servers/many-tools.mjs'));
const KIMI = `{
  // mine
  "mcpServers": {
    "echo": { "command": "node", "args": [${ECHO}, "stdio"] },
    "wide": { "command": "node", "args": [${MANY}, "stdio", "--count", "20"], "startupTimeoutMs": 60000 }
  }
}
`;
const GEMINI = `{
  // hand-written
  "tools": { "exclude": ["mcp_echo_fail"] },
  "mcpServers": {
    "echo": { "command": "node", "args": [${ECHO}, "stdio"] },
    "copy": { "command": "node", "args": [${ECHO}, "stdio"] } // the same server again
  }
}
`;
const CODEX = `# mine
[mcp_servers.echo]
command = "node"
args = [${ECHO}, "stdio"]

[mcp_servers.copy]  # the same again
command = "node"
args = [${ECHO}, "stdio"]
`;

async function call<T>(method: string, input: unknown): Promise<T> {
  const r = await services!.dispatch(method as never, input as never, { host: 'web' });
  if (!r.ok) throw Object.assign(new Error(r.error.message), { code: r.error.code });
  return r.value as T;
}

/** Every server connected with its tools listed. */
async function ready(tools: number): Promise<void> {
  await vi.waitFor(async () => expect((await call<ToolsView>('tools.list', {})).tools.length).toBe(tools), { timeout: 30_000, interval: 100 });
}

const OPENCODE = `{
  "$schema": "https://opencode.ai/config.json",
  // hand-written
  "mcp": {
    "echo": { "type": "local", "command": ["node", ${ECHO}, "stdio"] },
    "copy": { "type": "local", "command": ["node", ${ECHO}, "stdio"] } // the same server again
  },
  "tools": {
    "echo_f*": false // no failing
  }
}
`;

async function start(profile: 'gemini' | 'codex' | 'opencode' | 'kimi'): Promise<void> {
  await services?.dispose();
  const env = { PATH: process.env.PATH, HOME: home, MCP_PANEL_DATA_DIR: join(dir, 'data') };
  services = await startServices({ host: 'web', pickFolder: null, env, cwd: ws, version: '0.0.0', profile, workspace: ws });
}

const names = async (profile: string) => (await call<ToolsView>('tools.list', {})).tools.map((t) => t.names[profile as 'gemini']).filter((n): n is string => !!n).sort();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plan-'));
  home = join(dir, 'home');
  ws = join(dir, 'ws');
  await mkdir(join(home, '.gemini'), { recursive: true });
  await mkdir(join(home, '.codex'), { recursive: true });
  await mkdir(ws, { recursive: true });
  await writeFile(geminiFile(), GEMINI);
  // Gemini starts no server in a folder it does not trust (its trustedFolders.json).
  await writeFile(join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [ws]: 'TRUST_FOLDER' }));
  await writeFile(codexFile(), CODEX);
  await mkdir(join(home, '.config', 'opencode'), { recursive: true });
  await writeFile(opencodeFile(), OPENCODE);
  await mkdir(join(home, '.kimi-code'), { recursive: true });
  await writeFile(kimiFile(), KIMI);
}, 60_000);

afterAll(async () => {
  await services?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('context plan (CTX-2), Gemini CLI', () => {
  it('suggests the tool its own rule denies and the second copy of every tool, with reasons and savings; the preview writes excludeTools and says the names after', async () => {
    await start('gemini');
    await ready(14);
    const v = await call<PlanView>('plan.preview', {});
    expect(v.fields).toEqual(['includeTools', 'excludeTools']);
    expect(v.suggestions.filter((s) => s.kind === 'denied').map((s) => [s.serverName, s.tool, s.params.rule])).toEqual([['echo', 'fail', 'mcp_echo_fail priority=4.4']]);
    // The denied echo/fail is no kept copy: copy/fail is the one that stays.
    expect(v.suggestions.filter((s) => s.kind === 'duplicate').map((s) => s.tool).sort()).toEqual(ECHO_TOOLS.filter((t) => t !== 'fail'));
    expect(v.suggestions.every((s) => s.picked && s.blocked === null && s.tokens > 0)).toBe(true);
    expect(v.before).toMatchObject({ tools: 14 });
    expect(v.after).toMatchObject({ tools: 7 });
    expect(v.after.tokens).toBeLessThan(v.before.tokens);
    expect(v.disappear).toHaveLength(7);
    expect(v.files).toHaveLength(1);
    expect(v.files[0]).toMatchObject({ path: geminiFile(), layer: 'user', refusal: null, servers: ['echo', 'copy'] });
    expect(v.files[0]!.diff.filter((d) => d.op === 'add').map((d) => d.text).join('\n')).toContain('excludeTools');
    expect(await readFile(geminiFile(), 'utf8')).toBe(GEMINI);
  });

  it('apply writes the filters (comments kept); the agent is offered what the preview said; undo puts the file back byte for byte', async () => {
    const preview = await call<PlanView>('plan.preview', {});
    const r = await call<PlanResult>('plan.apply', { baseHashes: Object.fromEntries(preview.files.map((f) => [f.path, f.hash])) });
    expect(r).toMatchObject({ written: [{ path: geminiFile(), layer: 'user' }], failed: [] });
    const text = await readFile(geminiFile(), 'utf8');
    expect(text).toContain('// hand-written');
    expect(text).toContain('// the same server again');
    const parsed = JSON.parse(text.replace(/\/\/.*$/gm, '')) as { mcpServers: Record<string, { excludeTools?: string[] }> };
    expect(parsed.mcpServers.echo!.excludeTools).toEqual(['fail']);
    expect(parsed.mcpServers.copy!.excludeTools!.sort()).toEqual(ECHO_TOOLS.filter((t) => t !== 'fail'));
    // The panel reloads the file: Gemini's names now are the 7 the preview kept.
    await vi.waitFor(async () => expect(await names('gemini')).toEqual(['mcp_copy_fail', ...ECHO_TOOLS.filter((t) => t !== 'fail').map((t) => `mcp_echo_${t}`)].sort()), { timeout: 30_000, interval: 100 });
    expect((await call<PlanView>('plan.preview', {})).suggestions).toEqual([]);
    const u = await call<PlanUndo>('plan.undo', { id: r.id });
    expect(u).toEqual({ id: r.id, restored: [{ path: geminiFile() }], failed: [] });
    expect(await readFile(geminiFile(), 'utf8')).toBe(GEMINI);
  });

  it('a file changed since the preview is not written; an undo after the agent rewrote the file puts back what the plan wrote, field by field, and refuses where that changed too', async () => {
    await ready(14);
    const preview = await call<PlanView>('plan.preview', {});
    await writeFile(geminiFile(), GEMINI.replace('// hand-written', '// edited since'));
    const r = await call<PlanResult>('plan.apply', { baseHashes: Object.fromEntries(preview.files.map((f) => [f.path, f.hash])) });
    expect(r.id).toBeNull();
    expect(r.failed).toEqual([expect.objectContaining({ path: geminiFile(), code: 'conflict' })]);
    expect(await readFile(geminiFile(), 'utf8')).toContain('// edited since');
    await writeFile(geminiFile(), GEMINI);
    await ready(14);
    // The agent adds a key of its own on its next run (as Qwen Code adds "$version").
    const ownKey = async (id: string | null) => {
      const text = await readFile(geminiFile(), 'utf8');
      await writeFile(geminiFile(), text.replace('"tools":', '"$version": 4,\n  "tools":'));
      return id;
    };
    const once = await ownKey((await call<PlanResult>('plan.apply', {})).id);
    const u = await call<PlanUndo>('plan.undo', { id: once });
    expect(u).toMatchObject({ restored: [{ path: geminiFile() }], failed: [] });
    expect(await readFile(geminiFile(), 'utf8')).toBe(GEMINI.replace('"tools":', '"$version": 4,\n  "tools":'));
    await writeFile(geminiFile(), GEMINI);
    await ready(14);
    // What the plan wrote is itself changed since: nothing is put back, the record stays.
    const again = await call<PlanResult>('plan.apply', {});
    const edited = (await readFile(geminiFile(), 'utf8')).replace('"excludeTools": [', '"excludeTools": ["mine", ');
    await writeFile(geminiFile(), edited);
    const v = await call<PlanUndo>('plan.undo', { id: again.id });
    expect(v.restored).toEqual([]);
    expect(v.failed).toEqual([expect.objectContaining({ path: geminiFile(), code: 'edited' })]);
    expect(await readFile(geminiFile(), 'utf8')).toBe(edited);
    expect((await call<{ plans: { id: string }[] }>('plan.list', {})).plans.map((p) => p.id)).toContain(again.id);
    await writeFile(geminiFile(), GEMINI);
  });
});

describe('context plan (CTX-2), Codex', () => {
  it('writes disabled_tools into the TOML (comments kept) and the one-server switch previews Codex\'s own fields too', async () => {
    await start('codex');
    await ready(14);
    const copy = (await call<ServersView>('servers.list', {})).servers.find((s) => s.name === 'copy')!;
    // CONN-8 with Codex's field names: the preview reads disabled_tools the way Codex does.
    const sw = await call<ToolFilterPreview>('tools.previewToolFilter', { serverId: copy.id, enabled: ECHO_TOOLS.filter((t) => t !== 'pid') });
    expect(sw).toMatchObject({ fields: ['enabled_tools', 'disabled_tools'], patch: { disabled_tools: ['pid'] }, blocked: null });
    expect(sw.disappear.map((n) => n.name)).toEqual(['mcp__copy__pid']);
    const v = await call<PlanView>('plan.preview', {});
    expect(v.suggestions.map((s) => [s.kind, s.serverName]).every(([k, n]) => k === 'duplicate' && n === 'copy')).toBe(true);
    const r = await call<PlanResult>('plan.apply', {});
    const text = await readFile(codexFile(), 'utf8');
    expect(text).toContain('[mcp_servers.copy]  # the same again');
    expect(text).toMatch(/disabled_tools = \[.*"pid".*\]/);
    await vi.waitFor(async () => expect((await names('codex')).filter((n) => n.startsWith('mcp__copy__'))).toEqual([]), { timeout: 30_000, interval: 100 });
    await call<PlanUndo>('plan.undo', { id: r.id });
    expect(await readFile(codexFile(), 'utf8')).toBe(CODEX);
  });

  it('a hand-written file with CRLF, tabs, a schema line and an explicit enabled: the write adds one line in the file\'s own line ending, nothing else moves, and undo is byte-identical', async () => {
    // The shape of a real ~/.codex/config.toml (Codex's #:schema line, a model, a trusted project,
    // comments), edited on Windows: CRLF throughout, tab-indented arrays, an explicit `enabled`.
    const crlf = [
      '#:schema https://developers.openai.com/codex/config-schema.json',
      'model = "gpt-5"  # mine',
      '',
      '[mcp_servers.echo]',
      'command = "node"',
      `args = [\t${ECHO},\t"stdio" ]`,
      'enabled = true',
      '',
      '[mcp_servers.copy]   # the same again',
      'command = "node"',
      `args = [\t${ECHO},\t"stdio" ]`,
      'enabled = true',
      '',
      `[projects."${ws}"]`,
      'trust_level = "trusted"',
      '',
    ].join('\r\n');
    await writeFile(codexFile(), crlf);
    await vi.waitFor(async () => expect((await call<PlanView>('plan.preview', {})).files).toHaveLength(1), { timeout: 30_000, interval: 100 });
    const r = await call<PlanResult>('plan.apply', {});
    const after = await readFile(codexFile(), 'utf8');
    const added = after.split('\r\n').filter((l) => !crlf.split('\r\n').includes(l));
    expect(added).toEqual([expect.stringMatching(/^disabled_tools = \[/)]);
    expect(after.replace(`${added[0]}\r\n`, '')).toBe(crlf);
    expect(after.split('\n').every((l, i, all) => i === all.length - 1 || l.endsWith('\r'))).toBe(true);
    await call<PlanUndo>('plan.undo', { id: r.id });
    expect(Buffer.compare(await readFile(codexFile()), Buffer.from(crlf))).toBe(0);
  });

  it('an agent with no filter field (MiniMax Code) gets the suggestions written on bridge lines, in its own file', async () => {
    await mkdir(join(home, '.minimax'), { recursive: true });
    await writeFile(join(home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { a: { command: 'node', args: [JSON.parse(ECHO), 'stdio'] }, b: { command: 'node', args: [JSON.parse(ECHO), 'stdio'] } } }));
    await call('profiles.select', { profile: 'minimax', workspace: ws });
    await ready(14);
    const v = await call<PlanView>('plan.preview', {});
    expect(v.fields).toEqual([]);
    expect(v.via).toBe('bridge');
    expect(v.suggestions.length).toBe(7);
    expect(v.suggestions.every((s) => s.blocked === null)).toBe(true);
    expect(v.files.map((f) => f.path)).toEqual([join(home, '.minimax', 'mcp.json')]);
    expect(v.files[0]!.diff.filter((l) => l.op === 'add').map((l) => l.text).join('')).toContain('--hide-tools');
    expect(v.after.tokens).toBeLessThan(v.before.tokens);
  });
});

describe('context plan (CTX-2), OpenCode', () => {
  it('its own tools map is read (echo_f* leaves echo_fail out); the plan writes the dropped names as false keys after it, comments kept; undo is byte for byte', async () => {
    await start('opencode');
    await ready(13);
    expect(await names('opencode')).not.toContain('echo_fail');
    const v = await call<PlanView>('plan.preview', {});
    expect(v.fields).toEqual(['tools']);
    // echo's fail is off by OpenCode's own map, so copy's fail is no second copy.
    expect(v.suggestions.map((s) => [s.kind, s.serverName, s.tool, s.blocked]).sort()).toEqual(ECHO_TOOLS.filter((t) => t !== 'fail').map((t) => ['duplicate', 'copy', t, null]));
    expect(v.before).toMatchObject({ tools: 13 });
    expect(v.after).toMatchObject({ tools: 7 });
    expect(v.files).toEqual([expect.objectContaining({ path: opencodeFile(), layer: 'user', refusal: null, servers: ['copy'] })]);
    expect(v.files[0]!.diff.filter((d) => d.op === 'add').map((d) => d.text.trim())).toEqual(expect.arrayContaining(['"copy_echo": false,', '"copy_sleep": false']));
    const r = await call<PlanResult>('plan.apply', { baseHashes: Object.fromEntries(v.files.map((f) => [f.path, f.hash])) });
    expect(r).toMatchObject({ written: [{ path: opencodeFile(), layer: 'user' }], failed: [] });
    const text = await readFile(opencodeFile(), 'utf8');
    expect(text.startsWith(OPENCODE.slice(0, OPENCODE.indexOf('"echo_f*"')))).toBe(true);
    expect(text).toContain('"echo_f*": false, // no failing');
    const map = (parseJsonc(text) as { tools: Record<string, boolean> }).tools;
    const [first, ...added] = Object.entries(map);
    expect(first).toEqual(['echo_f*', false]);
    expect(added.sort()).toEqual(ECHO_TOOLS.filter((t) => t !== 'fail').map((t) => [`copy_${t}`, false]));
    await vi.waitFor(async () => expect(await names('opencode')).toEqual(['copy_fail', ...ECHO_TOOLS.filter((t) => t !== 'fail').map((t) => `echo_${t}`)].sort()), { timeout: 30_000, interval: 100 });
    expect((await call<PlanView>('plan.preview', {})).suggestions).toEqual([]);
    expect(await call<PlanUndo>('plan.undo', { id: r.id })).toEqual({ id: r.id, restored: [{ path: opencodeFile() }], failed: [] });
    expect(await readFile(opencodeFile(), 'utf8')).toBe(OPENCODE);
    await ready(13);
  });

  it('the one-server switch writes the same map: a tool off as a false key, one its glob holds off back on as a true key after the glob; each switched back leaves the file as it was', async () => {
    const id = async (name: string) => (await call<ServersView>('servers.list', {})).servers.find((s) => s.name === name)!.id;
    // `tools`: how many the agent is offered after the switch (the switched server reconnects).
    const flip = async (server: string, enabled: string[], map: [string, boolean | null][], gone: string[], came: string[], tools: number) => {
      const serverId = await id(server);
      const sw = await call<ToolFilterPreview>('tools.previewToolFilter', { serverId, enabled });
      expect(sw).toMatchObject({ fields: ['tools'], patch: {}, map, blocked: null });
      expect([sw.disappear.map((n) => n.name), sw.appear.map((n) => n.name)]).toEqual([gone, came]);
      await call('tools.setToolFilter', { serverId, enabled, baseHash: sw.hash });
      await ready(tools);
      const now = await names('opencode');
      expect([now.filter((n) => gone.includes(n)), came.filter((n) => now.includes(n))]).toEqual([[], came]);
    };
    await flip('copy', ECHO_TOOLS.filter((t) => t !== 'pid'), [['copy_pid', false]], ['copy_pid'], [], 12);
    expect(await readFile(opencodeFile(), 'utf8')).toContain('"echo_f*": false, // no failing\n    "copy_pid": false\n  }');
    await flip('copy', ECHO_TOOLS, [['copy_pid', null]], [], ['copy_pid'], 13);
    expect(await readFile(opencodeFile(), 'utf8')).toBe(OPENCODE);
    await flip('echo', ECHO_TOOLS, [['echo_fail', true]], [], ['echo_fail'], 14);
    expect(await readFile(opencodeFile(), 'utf8')).toContain('"echo_fail": true');
    await flip('echo', ECHO_TOOLS.filter((t) => t !== 'fail'), [['echo_fail', null]], ['echo_fail'], [], 13);
    expect(await readFile(opencodeFile(), 'utf8')).toBe(OPENCODE);
  });
});

describe('context plan (CTX-2), Kimi Code: servers deferred by its own field', () => {
  const defers = (v: PlanView) => v.suggestions.filter((s) => s.kind === 'defer');
  const marked = (v: PlanView['after']) => v.limits.find((l) => l.kind === 'defer-marked')!;

  it('each server is offered for deferral with its tools and tokens up front; under the bar none is picked and nothing is written', async () => {
    await start('kimi');
    await ready(27);
    const v = await call<PlanView>('plan.preview', {});
    expect(defers(v).map((s) => [s.serverName, s.params.tools, s.params.field, s.params.mechanism, s.picked, s.blocked])).toEqual([
      ['wide', 20, 'deferred', 'select_tools', false, null],
      ['echo', 7, 'deferred', 'select_tools', false, null],
    ]);
    expect(defers(v).reduce((n, s) => n + s.tokens, 0)).toBe(v.upFront.before.tokens);
    expect(v.upFront).toEqual({ before: { tokens: v.before.tokens, deferred: 0 }, after: { tokens: v.before.tokens, deferred: 0 } });
    expect(v.files).toEqual([]);
  });

  it('past 10 % of the window the default plan defers the largest server until under it; the after-standing counts its tools as deferred, none hidden', async () => {
    const total = (await call<PlanView>('plan.preview', {})).upFront.before.tokens;
    const wide = defers(await call<PlanView>('plan.preview', {}))[0]!.tokens;
    // A window whose 10 % the echo server alone fits in, the two together do not.
    const contextWindow = (total - 1) * 10;
    const v = await call<PlanView>('plan.preview', { contextWindow });
    expect(defers(v).map((s) => [s.serverName, s.picked])).toEqual([['wide', true], ['echo', false]]);
    expect(v.upFront.after).toEqual({ tokens: total - wide, deferred: 20 });
    expect(v.after.tools).toBe(27);
    expect(marked(v.before)).toMatchObject({ field: 'deferred', affected: 0 });
    expect(marked(v.after)).toMatchObject({ field: 'deferred', affected: 20 });
    expect(v.disappear).toEqual([]);
    expect(v.files).toHaveLength(1);
    expect(v.files[0]).toMatchObject({ path: kimiFile(), servers: ['wide'], refusal: null });
    expect(v.files[0]!.diff.filter((d) => d.op === 'add').map((d) => d.text).join('\n')).toContain('"deferred": true');
    expect(v.files[0]!.diff.filter((d) => d.op === 'del').map((d) => d.text).join('\n')).not.toContain('echo');
  });

  it('a token target defers every server; apply writes "deferred": true in Kimi\'s file (comments kept), the panel reads them back deferred, and undo is byte-identical', async () => {
    const v = await call<PlanView>('plan.preview', { targetTokens: 0 });
    expect(defers(v).every((s) => s.picked)).toBe(true);
    expect(v.upFront.after).toEqual({ tokens: 0, deferred: 27 });
    const r = await call<PlanResult>('plan.apply', { targetTokens: 0, baseHashes: Object.fromEntries(v.files.map((f) => [f.path, f.hash])) });
    expect(r).toMatchObject({ written: [{ path: kimiFile(), layer: 'user' }], failed: [] });
    const text = await readFile(kimiFile(), 'utf8');
    expect(text).toContain('// mine');
    const parsed = JSON.parse(text.replace(/\/\/.*$/gm, '')) as { mcpServers: Record<string, { deferred?: boolean }> };
    expect(Object.values(parsed.mcpServers).map((e) => e.deferred)).toEqual([true, true]);
    // The panel reloads the file: every tool is now Kimi's deferred, and nothing is left to defer.
    await vi.waitFor(async () => expect((await call<ToolsView>('tools.list', {})).tools.filter((t) => t.deferred)).toHaveLength(27), { timeout: 30_000, interval: 100 });
    const again = await call<PlanView>('plan.preview', { targetTokens: 0 });
    expect(defers(again)).toEqual([]);
    expect(again.upFront.before).toEqual({ tokens: 0, deferred: 27 });
    expect(marked(again.before)).toMatchObject({ affected: 27 });
    const u = await call<PlanUndo>('plan.undo', { id: r.id });
    expect(u).toEqual({ id: r.id, restored: [{ path: kimiFile() }], failed: [] });
    expect(Buffer.compare(await readFile(kimiFile()), Buffer.from(KIMI))).toBe(0);
  });
});
