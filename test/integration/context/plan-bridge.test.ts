// CTX-2 for an agent with no per-tool filter field (Claude Code): the plan puts the bridge line
// in place of each trimmed entry, naming the hidden tools (--hide-tools); the bridge starts the
// local server itself and leaves those tools out of what the agent lists and may call. Real echo
// servers (test/fixtures/servers/echo.mjs) in ~/.claude.json, Claude Code's own deny rule in
// ~/.claude/settings.json, the built CLI as the bridge, the panel connecting through the lines it
// wrote; undo is byte for byte and takes the bridge's install records with it.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlanResult, PlanUndo, PlanView, ToolsView } from '../../../shared/contract';
import { startServices, type Services } from '../../../electron/services/compose';
import { installRecordsPath } from '../../../electron/services/bridge/install-records';
import { readUsage, recordUsage } from '../../../electron/services/bridge/usage';
import { fixture } from '../../helpers/fixtures';
import { ensureBuiltCli, startBridge } from '../bridge/helpers';

const ECHO = fixture('test/fixtures/servers/echo.mjs');
const ECHO_TOOLS = ['echo', 'env', 'fail', 'parts', 'pid', 'roots', 'sleep'];
const DUPS = ECHO_TOOLS.filter((t) => t !== 'fail');
let dir: string;
let home: string;
let ws: string;
let env: Record<string, string>;
let services: Services | null = null;

const claudeFile = () => join(home, '.claude.json');
const CLAUDE = `{
  "mcpServers": {
    "echo": { "command": "node", "args": [${JSON.stringify(ECHO)}, "stdio"] },
    "copy": { "command": "node", "args": [${JSON.stringify(ECHO)}, "stdio"], "timeout": 30000 }
  },
  "numStartups": 3
}
`;

async function call<T>(method: string, input: unknown): Promise<T> {
  const r = await services!.dispatch(method as never, input as never, { host: 'web' });
  if (!r.ok) throw Object.assign(new Error(r.error.message), { code: r.error.code });
  return r.value as T;
}

const names = async () => (await call<ToolsView>('tools.list', {})).tools.map((t) => t.names['claude-code']).filter((n): n is string => !!n).sort();

async function start(): Promise<void> {
  await services?.dispose();
  services = await startServices({ host: 'web', pickFolder: null, env, cwd: ws, version: '0.0.0', profile: 'claude-code', workspace: ws });
}

beforeAll(async () => {
  ensureBuiltCli();
  dir = await mkdtemp(join(tmpdir(), 'plan-bridge-'));
  home = join(dir, 'home');
  ws = join(dir, 'ws');
  await mkdir(join(home, '.claude'), { recursive: true });
  await mkdir(ws, { recursive: true });
  await writeFile(claudeFile(), CLAUDE);
  await writeFile(join(home, '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['mcp__echo__fail'] } }));
  env = { PATH: process.env.PATH ?? '', HOME: home, MCP_PANEL_DATA_DIR: join(dir, 'data') };
  await start();
}, 60_000);

afterAll(async () => {
  await services?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('context plan (CTX-2) through the bridge: Claude Code', () => {
  let view: PlanView;
  let written: PlanResult;

  it('says the plan goes through the bridge, and previews the entries as bridge lines naming the hidden tools', async () => {
    await vi.waitFor(async () => expect(await names()).toHaveLength(ECHO_TOOLS.length * 2), { timeout: 30_000, interval: 100 });
    view = await call<PlanView>('plan.preview', {});
    expect(view.via).toBe('bridge');
    // Claude Code leaves the tool its own rule denies out of the model's context itself: nothing
    // to save there. The first copy of each definition stays; the second server's are duplicates,
    // but for fail, whose only copy the agent's rules let through is copy's.
    expect(view.suggestions.map((s) => [s.kind, `${s.serverName}/${s.tool}`, s.picked, s.blocked]).sort()).toEqual(DUPS.map((t) => ['duplicate', `copy/${t}`, true, null]));
    expect(view.files).toHaveLength(1);
    const added = view.files[0]!.diff.filter((l) => l.op === 'add').map((l) => l.text).join('\n');
    expect(added).toContain('"--hide-tools"');
    expect(added).toContain(`"${DUPS.join(',')}"`);
    expect(view.after.tokens).toBeLessThan(view.before.tokens);
  }, 60_000);

  it('writes the lines with the original kept in the install records; through them the panel lists only the kept tools', async () => {
    written = await call<PlanResult>('plan.apply', { baseHashes: Object.fromEntries(view.files.map((f) => [f.path, f.hash])) });
    expect(written.failed).toEqual([]);
    const doc = JSON.parse(await readFile(claudeFile(), 'utf8')) as { mcpServers: Record<string, { command: string; args: string[]; timeout?: number }>; numStartups: number };
    const copy = doc.mcpServers.copy!;
    expect(copy.args.slice(copy.args.indexOf('bridge'))).toEqual(['bridge', 'copy', '--profile', 'claude-code', '--hide-tools', DUPS.join(',')]);
    expect(copy.timeout).toBe(30000);
    expect(doc.mcpServers.echo!.args).toEqual([ECHO, 'stdio']);
    expect(doc.numStartups).toBe(3);
    const records = JSON.parse(await readFile(installRecordsPath(join(dir, 'data')), 'utf8')) as { installs: Array<{ server: string; originalValue: unknown }> };
    expect(records.installs.map((r) => r.server)).toEqual(['copy']);
    // The panel reloads what it wrote and connects through the bridge line, as Claude Code would.
    const kept = ['mcp__copy__fail', ...ECHO_TOOLS.map((t) => `mcp__echo__${t}`)].sort();
    await vi.waitFor(async () => expect(await names()).toEqual(kept), { timeout: 60_000, interval: 200 });
    // The panel starting the lines to check them is not the agent using the servers.
    expect(readUsage(join(dir, 'data'))).toEqual([]);
  }, 90_000);

  it('the line an agent starts hides the tool from tools/list and refuses a call to it without reaching the server', async () => {
    const doc = JSON.parse(await readFile(claudeFile(), 'utf8')) as { mcpServers: Record<string, { args: string[] }> };
    const args = doc.mcpServers.copy!.args;
    const b = await startBridge(args.slice(args.indexOf('bridge') + 1), env);
    try {
      const listed = (await b.client.listTools()).tools.map((t) => t.name).sort();
      expect(listed).toEqual(['fail']);
      await expect(b.client.callTool({ name: 'echo', arguments: { text: 'hidden' } })).rejects.toThrow(/turned off for this agent/);
      const failed = await b.client.callTool({ name: 'fail', arguments: {} });
      expect(failed.isError).toBe(true);
    } finally {
      await b.close();
    }
    // The call is counted for this agent and server once the bridge has ended (CTX-2 "unused").
    await vi.waitFor(async () => expect(readUsage(join(dir, 'data')).find((r) => r.server === 'copy')).toMatchObject({ profile: 'claude-code', calls: 1 }), { timeout: 20_000, interval: 100 });
  }, 60_000);

  it('a bridged server the agent has not called for weeks is suggested as unused, not picked by default', async () => {
    // A bridge first run for echo a month ago, and no call since.
    recordUsage(join(dir, 'data'), { profile: 'claude-code', server: 'echo' }, 0, Date.now() - 30 * 86_400_000);
    const v = await call<PlanView>('plan.preview', {});
    // echo's tools but fail, which Claude Code's own rule keeps out of its context already.
    const unused = v.suggestions.filter((s) => s.kind === 'unused');
    expect(unused.map((s) => [s.serverName, s.tool, s.picked]).sort()).toEqual(DUPS.map((t) => ['echo', t, false]));
    expect(unused[0]!.params.days).toBeGreaterThanOrEqual(30);
  }, 60_000);

  it('undo puts the file back byte for byte and drops the install records', async () => {
    const undone = await call<PlanUndo>('plan.undo', { id: written.id });
    expect(undone.failed).toEqual([]);
    expect(await readFile(claudeFile(), 'utf8')).toBe(CLAUDE);
    const records = JSON.parse(await readFile(installRecordsPath(join(dir, 'data')), 'utf8').catch(() => '{"installs":[]}')) as { installs: unknown[] };
    expect(records.installs).toEqual([]);
    await vi.waitFor(async () => expect(await names()).toHaveLength(ECHO_TOOLS.length * 2), { timeout: 30_000, interval: 100 });
  }, 60_000);

  it("undo of a file the agent rewrote since (Claude Code's start-up counts) puts each bridged entry back from its record, the agent's edit kept", async () => {
    const v = await call<PlanView>('plan.preview', {});
    const w = await call<PlanResult>('plan.apply', { baseHashes: Object.fromEntries(v.files.map((f) => [f.path, f.hash])) });
    expect(w.written).toHaveLength(1);
    const now = await readFile(claudeFile(), 'utf8');
    await writeFile(claudeFile(), now.replace('"numStartups": 3', '"numStartups": 4'));
    const undone = await call<PlanUndo>('plan.undo', { id: w.id });
    expect(undone).toMatchObject({ restored: [{ path: claudeFile() }], failed: [] });
    expect(await readFile(claudeFile(), 'utf8')).toBe(CLAUDE.replace('"numStartups": 3', '"numStartups": 4'));
    const records = JSON.parse(await readFile(installRecordsPath(join(dir, 'data')), 'utf8')) as { installs: unknown[] };
    expect(records.installs).toEqual([]);
  }, 60_000);
});
