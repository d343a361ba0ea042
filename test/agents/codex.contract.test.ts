// Codex's own CLI against the panel's (SPEC AGENT-7, AGENT-5, AGENT-6; issue 34 item 6). Both
// directions: what the panel writes, `codex mcp list/get --json` reads the same, and Codex
// connects to it (its `mcp list` checks nothing, so its app server answers: a session started in
// the workspace starts every server Codex would, and mcpServerStatus/list names the tools it got); what Codex writes
// (`codex mcp add`, `enabled = false`, project trust), the panel reads the same; a bridge line
// Codex connects through; undo byte for byte. Codex names no scope: the layer is the one each side
// was told (`codex mcp add` writes the user file only).
// A check that fails because of a panel bug is `itPanelBug` (it.fails over the panel's half).
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codexGet as get, codexList as list, codexStatus as status, must } from './helpers/ask';
import { installedAgent } from './helpers/installed';
import { itContract } from './helpers/panel-bug';
import { agentRuns } from '../../shared/profiles/agent-cli';
import { expectSameBytes, panelAdd, panelRuns, panelServer, panelServers, snapshot, stdioFixture, type PanelServer } from './helpers/panel';
import { createSandbox, type Sandbox } from './helpers/sandbox';

const { version } = installedAgent('codex');
const echo = stdioFixture('echo');
const ECHO_TOOLS = ['echo', 'env', 'fail', 'parts', 'pid', 'roots', 'sleep'];

let sb: Sandbox;
const codex = (args: string[]) => must(sb, 'codex', args);
const codexList = () => list(sb);
const codexGet = (name: string) => get(sb, name);
const codexStatus = () => status(sb);
const userToml = () => join(sb.home, '.codex', 'config.toml');
const projectToml = () => join(sb.workspace, '.codex', 'config.toml');

/** Trusts the workspace as Codex's first-run question does (docs/config.md "projects"). */
const trustProject = () => sb.write(userToml(), `${sb.read(userToml()) ?? ''}\n[projects."${sb.workspace}"]\ntrust_level = "trusted"\n`);

const panelSide = (p: PanelServer) => ({ name: p.name, layer: p.layer, transport: p.transport, runs: panelRuns(p) });

beforeEach(async () => {
  sb = await createSandbox({ git: true });
});
afterEach(() => sb.cleanup());

describe(`Codex ${version}: what the panel writes, Codex reads and connects to`, () => {
  it('a stdio and an HTTP server in the user layer: same command, args, URL and transport; Codex connects to both and gets their tools', async () => {
    const web = await sb.http('echo');
    await panelAdd(sb, 'codex', 'user', 'echo', echo);
    await panelAdd(sb, 'codex', 'user', 'web', { url: web.url });
    expect(await codexGet('echo')).toMatchObject({ transport: 'stdio', command: echo.command, args: echo.args, state: 'enabled' });
    expect(await codexGet('web')).toMatchObject({ transport: 'http', url: web.url, state: 'enabled' });
    expect(await codexStatus()).toEqual([
      { name: 'echo', connected: true, tools: ECHO_TOOLS, toolsError: null },
      { name: 'web', connected: true, tools: ECHO_TOOLS, toolsError: null },
    ]);
  });

  it('a project-layer server: Codex uses it only in a trusted project, and so does the panel', async () => {
    await panelAdd(sb, 'codex', 'project', 'shared', echo);
    expect((await codexList()).map((s) => s.name)).not.toContain('shared');
    expect(await panelServer(sb, 'codex', 'shared')).toMatchObject({ layer: 'project', trusted: false });
    trustProject();
    expect(await codexGet('shared')).toMatchObject({ command: echo.command, args: echo.args, state: 'enabled' });
    expect(panelRuns(await panelServer(sb, 'codex', 'shared'))).toBe(true);
    expect(await codexStatus()).toEqual([{ name: 'shared', connected: true, tools: ECHO_TOOLS, toolsError: null }]);
  });

  it('server disable writes Codex\'s own switch (enabled = false): Codex lists it disabled and does not start it; enable brings it back', async () => {
    await panelAdd(sb, 'codex', 'user', 'echo', echo);
    await panelAdd(sb, 'codex', 'user', 'other', echo);
    await sb.panelJson(['server', 'disable', 'echo', '--profile', 'codex', '--layer', 'user', '--workspace', sb.workspace]);
    expect(await codexGet('echo')).toMatchObject({ state: 'disabled' });
    expect((await codexStatus()).map((s) => [s.name, s.connected])).toEqual([['echo', false], ['other', true]]);
    await sb.panelJson(['server', 'enable', 'echo', '--profile', 'codex', '--layer', 'user', '--workspace', sb.workspace]);
    expect(await codexGet('echo')).toMatchObject({ state: 'enabled' });
  });
});

describe(`Codex ${version}: what Codex writes, the panel reads the same`, () => {
  it('codex mcp add (stdio with env, and --url): the same names, layer, transports, and on', async () => {
    const web = await sb.http('echo');
    await codex(['mcp', 'add', 'mine', '--env', 'KEEP=1', '--', echo.command, ...echo.args]);
    await codex(['mcp', 'add', 'web', '--url', web.url]);
    const agent = await codexList();
    expect(agent.map((s) => [s.name, s.transport, s.state])).toEqual([['mine', 'stdio', 'enabled'], ['web', 'http', 'enabled']]);
    const panel = await panelServers(sb, 'codex');
    expect(agent.map((a) => panel.find((p) => p.name === a.name)).map((p) => p && panelSide(p))).toEqual(agent.map((a) => ({ name: a.name, layer: 'user', transport: a.transport, runs: agentRuns(a) })));
  });

  it('enabled = false in its config.toml: Codex lists it disabled, the panel reads it off', async () => {
    await codex(['mcp', 'add', 'mine', '--', echo.command, ...echo.args]);
    sb.write(userToml(), (sb.read(userToml()) ?? '').replace('[mcp_servers.mine]\n', '[mcp_servers.mine]\nenabled = false\n'));
    expect(await codexGet('mine')).toMatchObject({ state: 'disabled' });
    expect(await panelServer(sb, 'codex', 'mine')).toMatchObject({ enabled: false });
  });

  // Codex merges its config layers key by key (codex-rs/core/src/config_loader: a project
  // config.toml is merged over the user one), so `[mcp_servers.mine] enabled = false` in a trusted
  // project switches the user's server off for that project.
  itContract(
    'a trusted project\'s [mcp_servers.NAME] enabled = false switches the user\'s server off there: the panel reads it off',
    async () => {
      await codex(['mcp', 'add', 'mine', '--', echo.command, ...echo.args]);
      trustProject();
      sb.write(projectToml(), '[mcp_servers.mine]\nenabled = false\n');
      expect(await codexGet('mine')).toMatchObject({ command: echo.command, args: echo.args, state: 'disabled' });
    },
    async () => {
      // Today: a project entry of its own, with no command ("needs command or a URL"), that shadows the user's.
      const panel = (await panelServers(sb, 'codex')).filter((s) => s.name === 'mine');
      expect(panel.map((s) => ({ transport: s.transport, enabled: s.enabled }))).toEqual([{ transport: 'stdio', enabled: false }]);
    },
  );
});

describe(`Codex ${version}: the bridge, and undo byte for byte`, () => {
  itContract(
    'bridge install on the HTTP server Codex added: Codex runs the bridge line and gets the tools through it; bridge uninstall restores the file byte for byte',
    async () => {
      const web = await sb.http('echo');
      await codex(['mcp', 'add', 'web', '--url', web.url]);
      expect(await codexStatus()).toEqual([{ name: 'web', connected: true, tools: ECHO_TOOLS, toolsError: null }]);
    },
    async () => {
      const before = snapshot([userToml()]);
      const r = await sb.panel(['bridge', 'install', 'web', '--agent', 'codex', '--workspace', sb.workspace, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const line = (JSON.parse(r.stdout) as { line: { command: string; args: string[] } }).line;
      expect(await codexGet('web')).toMatchObject({ transport: 'stdio', command: line.command, args: line.args, state: 'enabled' });
      expect(await codexStatus()).toEqual([{ name: 'web', connected: true, tools: ECHO_TOOLS, toolsError: null }]);
      const undo = await sb.panel(['bridge', 'uninstall', 'web', '--agent', 'codex', '--workspace', sb.workspace]);
      expect(undo.code, undo.stderr).toBe(0);
      expectSameBytes(before);
    },
  );

  it('server remove after server add, in both layers, leaves Codex\'s files byte for byte', async () => {
    await codex(['mcp', 'add', 'mine', '--env', 'KEEP=1', '--', echo.command, ...echo.args]);
    trustProject();
    sb.write(projectToml(), `# the project's own\n[mcp_servers.shared]\ncommand = "${echo.command}"\nargs = ${JSON.stringify(echo.args)}\n`);
    const before = snapshot([userToml(), projectToml()]);
    for (const layer of ['user', 'project']) await panelAdd(sb, 'codex', layer, `added-${layer}`, echo);
    expect((await codexList()).map((s) => s.name)).toEqual(expect.arrayContaining(['added-user', 'added-project']));
    for (const layer of ['user', 'project']) await sb.panelJson(['server', 'remove', `added-${layer}`, '--profile', 'codex', '--layer', layer, '--workspace', sb.workspace]);
    expectSameBytes(before);
  });
});

describe(`Codex ${version}: the tools it gets`, () => {
  it('the panel names the tools Codex gets from each server (echo)', async () => {
    await panelAdd(sb, 'codex', 'user', 'echo', echo);
    const agent = (await codexStatus()).filter((s) => s.connected).flatMap((s) => s.tools.map((t) => `${s.name}/${t}`));
    const panel = await sb.panelJson<Array<{ server: string; tool: string; dropped: boolean }>>(['names', '--profile', 'codex', '--workspace', sb.workspace]);
    expect(panel.filter((r) => !r.dropped).map((r) => `${r.server}/${r.tool}`).sort()).toEqual(agent);
  });

  // Codex declares elicitation (form, url) and no roots, no sampling (its initialize, see
  // capabilities.contract.test.ts): server-everything offers it fewer tools than the panel gets.
  itContract(
    'server-everything: the panel names exactly the tools Codex gets',
    async () => {
      await panelAdd(sb, 'codex', 'user', 'everything', stdioFixture('everything'));
      const [everything] = await codexStatus();
      expect(everything?.tools.length).toBeGreaterThan(10);
      return everything!.tools;
    },
    async (agent) => {
      const panel = await sb.panelJson<Array<{ tool: string; dropped: boolean }>>(['names', '--profile', 'codex', '--workspace', sb.workspace]);
      expect(panel.filter((r) => !r.dropped).map((r) => r.tool).sort()).toEqual(agent);
    },
  );
});
