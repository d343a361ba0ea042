// Qwen Code's own CLI against the panel's (SPEC AGENT-7, AGENT-5; issue 37 item 4). Both
// directions: what the panel writes, `qwen mcp list` reads the same and connects to (its list
// health-checks every server it would start, and names the ones waiting for `qwen mcp approve`);
// what Qwen writes (`qwen mcp add` in each scope, its approvals bound to the entry's hash), the
// panel reads the same; the `.mcp.json` it shares with Claude Code; `mcp.excluded` as its session
// sees it (its list ignores it); the tool names of Qwen's own function; undo byte for byte.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readMarker } from '../../scripts/agents/cache.mjs';
import { claudeGet, must, qwenList as list, qwenServer as server, qwenSession } from './helpers/ask';
import { installedAgent } from './helpers/installed';
import { itContract } from './helpers/panel-bug';
import { agentRuns, type AgentServer } from '../../shared/profiles/agent-cli';
import { expectSameBytes, panelAdd, panelRuns, panelServer, panelServers, snapshot, stdioFixture, type PanelServer } from './helpers/panel';
import { createSandbox, type Sandbox } from './helpers/sandbox';
import { qwenToolName } from '../../shared/profiles/qwen/naming';

const agent = installedAgent('qwen');
const { version } = agent;
const echo = stdioFixture('echo');
const echoLine = [echo.command, ...echo.args].join(' ');

let sb: Sandbox;
const qwen = (args: string[]) => must(sb, 'qwen', args);
const qwenList = () => list(sb);
const qwenServer = (name: string) => server(sb, name);
const userSettings = () => join(sb.home, '.qwen', 'settings.json');
const projectSettings = () => join(sb.workspace, '.qwen', 'settings.json');
const mcpJson = () => join(sb.workspace, '.mcp.json');

const agentSide = (s: AgentServer) => ({ name: s.name, transport: s.transport, runs: agentRuns(s) });
const panelSide = (s: PanelServer) => ({ name: s.name, transport: s.transport, runs: panelRuns(s) });
const byName = <T extends { name: string }>(xs: T[]) => [...xs].sort((a, b) => a.name.localeCompare(b.name));

beforeEach(async () => {
  sb = await createSandbox({ git: true });
});
afterEach(() => sb.cleanup());

describe(`Qwen Code ${version}: what the panel writes, Qwen reads and connects to`, () => {
  it('a stdio server in the user file runs; an HTTP server in .qwen/settings.json waits for approval in Qwen and in the panel; approved, both run it', async () => {
    const web = await sb.http('echo');
    await panelAdd(sb, 'qwen', 'user', 'echo', echo);
    await panelAdd(sb, 'qwen', 'project-local', 'web', { url: web.url });
    expect(byName(await qwenList())).toEqual([
      expect.objectContaining({ name: 'echo', transport: 'stdio', commandLine: echoLine, state: 'connected' }),
      expect.objectContaining({ name: 'web', transport: 'http', url: web.url, state: 'pending' }),
    ]);
    expect(await panelServer(sb, 'qwen', 'web')).toMatchObject({ layer: 'project-local', trusted: false });
    await qwen(['mcp', 'approve', 'web']);
    expect(await qwenServer('web')).toMatchObject({ state: 'connected' });
    expect(panelRuns(await panelServer(sb, 'qwen', 'web'))).toBe(true);
  });

  itContract(
    'server disable writes Qwen\'s own switch (mcp.excluded): its session does not start the server (its list still connects to it); enable brings it back',
    async () => {
      const log = join(sb.root, 'init.jsonl');
      await panelAdd(sb, 'qwen', 'user', 'logged', stdioFixture('initialize-log', ['--log', log]));
      return log;
    },
    async (log) => {
      const off = await sb.panel(['server', 'disable', 'logged', '--profile', 'qwen', '--layer', 'user', '--workspace', sb.workspace]);
      expect(off.code, off.stderr).toBe(0);
      expect(await panelServer(sb, 'qwen', 'logged')).toMatchObject({ enabled: false });
      expect(await qwenServer('logged')).toMatchObject({ state: 'connected' }); // 0.24.4's list ignores mcp.excluded
      await qwenSession(sb);
      expect(existsSync(log) && readFileSync(log, 'utf8').includes('"qwen-cli-mcp-client-logged"')).toBe(false);
      const on = await sb.panel(['server', 'enable', 'logged', '--profile', 'qwen', '--layer', 'user', '--workspace', sb.workspace]);
      expect(on.code, on.stderr).toBe(0);
      await qwenSession(sb);
      expect(readFileSync(log, 'utf8')).toContain('"qwen-cli-mcp-client-logged"');
    },
  );
});

describe(`Qwen Code ${version}: what Qwen writes, the panel reads the same`, () => {
  it('qwen mcp add in each scope (stdio, HTTP): the same names, layers, transports; the project one waits for approval on both sides', async () => {
    const web = await sb.http('echo');
    await qwen(['mcp', 'add', 'mine', echo.command, ...echo.args]);
    await qwen(['mcp', 'add', '-t', 'http', 'web', web.url]);
    await qwen(['mcp', 'add', '-s', 'project', 'shared', echo.command, ...echo.args]);
    expect(JSON.parse(sb.read(userSettings())!)).toMatchObject({ mcpServers: { mine: { command: echo.command }, web: { httpUrl: web.url } } });
    const agentView = byName(await qwenList());
    expect(agentView.map((s) => [s.name, s.state])).toEqual([['mine', 'connected'], ['shared', 'pending'], ['web', 'connected']]);
    const panel = byName(await panelServers(sb, 'qwen'));
    expect(panel.map(panelSide)).toEqual(agentView.map(agentSide));
    expect(panel.map((s) => [s.name, s.layer])).toEqual([['mine', 'user'], ['shared', 'project-local'], ['web', 'user']]);
  });

  it('qwen mcp approve and reject, bound to the entry: the panel reads Qwen\'s own record, and an edit of the entry asks again', async () => {
    await qwen(['mcp', 'add', '-s', 'project', 'yes', echo.command, ...echo.args]);
    await qwen(['mcp', 'add', '-s', 'project', 'no', echo.command, ...echo.args]);
    await qwen(['mcp', 'approve', 'yes']);
    await qwen(['mcp', 'reject', 'no']);
    expect(byName(await qwenList()).map((s) => [s.name, s.detail])).toEqual([['no', 'Rejected'], ['yes', 'Connected']]);
    expect(byName(await panelServers(sb, 'qwen')).map((s) => [s.name, s.trusted])).toEqual([['no', false], ['yes', true]]);
    const doc = JSON.parse(sb.read(projectSettings())!) as { mcpServers: Record<string, Record<string, unknown>> };
    doc.mcpServers.yes!.timeout = 60_000;
    sb.write(projectSettings(), `${JSON.stringify(doc, null, 2)}\n`);
    expect(await qwenServer('yes')).toMatchObject({ state: 'pending' });
    expect(await panelServer(sb, 'qwen', 'yes')).toMatchObject({ trusted: false });
  });
});

describe(`Qwen Code ${version} and Claude Code: one .mcp.json`, () => {
  it('a server the panel writes to .mcp.json for Claude Code: Qwen lists it pending as the panel does; approved in Qwen, both run it; Claude reads it too', async () => {
    const web = await sb.http('echo');
    await panelAdd(sb, 'claude-code', 'project', 'web', { url: web.url });
    await panelAdd(sb, 'claude-code', 'project', 'local', echo);
    expect(byName(await qwenList()).map((s) => [s.name, s.transport, s.state])).toEqual([['local', 'stdio', 'pending'], ['web', 'http', 'pending']]);
    expect((await panelServers(sb, 'qwen')).map((s) => [s.name, s.layer, s.trusted])).toEqual([['web', 'project', false], ['local', 'project', false]]);
    await qwen(['mcp', 'approve', 'web']);
    await qwen(['mcp', 'approve', 'local']);
    expect(byName(await qwenList()).map((s) => s.state)).toEqual(['connected', 'connected']);
    expect((await panelServers(sb, 'qwen')).map((s) => panelRuns(s))).toEqual([true, true]);
    await must(sb, 'claude-code', ['mcp', 'list']);
    expect(await claudeGet(sb, 'web')).toMatchObject({ scope: 'project', transport: 'http', url: web.url });
  });
});

describe(`Qwen Code ${version}: tool names and undo`, () => {
  it('the panel names tools as Qwen\'s own function does (normalizeToolNameForProvider, from its bundle)', async () => {
    const chunks = join(readMarker(agent.package, version)!.bin, '..', 'chunks');
    const file = readdirSync(chunks).find((f) => readFileSync(join(chunks, f), 'utf8').includes('function stableToolNameHash('));
    expect(file, `no chunk of ${agent.package}@${version} defines stableToolNameHash`).toBeDefined();
    const mod = (await import(pathToFileURL(join(chunks, file!)).href)) as { normalizeToolNameForProvider: (name: string) => string };
    const cases: Array<[string, string]> = [['gh', 'create_issue'], ['gh', 'a.b'], ['日本', '工具'], ['s', 'x'.repeat(80)], ['my-server', 'get.thing/v2'], ['9lives', 'run'], ['a'.repeat(30), 'b'.repeat(30)]];
    expect(cases.map(([s, t]) => qwenToolName(s, t))).toEqual(cases.map(([s, t]) => mod.normalizeToolNameForProvider(`mcp__${s}__${t}`)));
  });

  it('server remove after server add, in each layer, leaves Qwen\'s files byte for byte', async () => {
    await qwen(['mcp', 'add', '-e', 'KEEP=1', 'mine', echo.command, ...echo.args]);
    await qwen(['mcp', 'add', '-s', 'project', 'shared', echo.command, ...echo.args]);
    // A .mcp.json already there (Claude Code's): a file the panel creates stays behind, emptied, after the remove.
    sb.write(mcpJson(), `${JSON.stringify({ mcpServers: { claude: { type: 'stdio', command: echo.command, args: echo.args } } }, null, 2)}\n`);
    // Qwen's own start stamps its settings files (`"$version": 4`): the bytes to keep are those after it.
    await qwenList();
    const before = snapshot([userSettings(), projectSettings(), mcpJson()]);
    for (const layer of ['user', 'project', 'project-local']) await panelAdd(sb, 'qwen', layer, `added-${layer}`, echo);
    expect((await qwenList()).map((s) => s.name)).toEqual(expect.arrayContaining(['added-user', 'added-project', 'added-project-local']));
    for (const layer of ['user', 'project', 'project-local']) await sb.panelJson(['server', 'remove', `added-${layer}`, '--profile', 'qwen', '--layer', layer, '--workspace', sb.workspace]);
    expectSameBytes(before);
  });
});
