// Claude Code's own CLI against the panel's (SPEC AGENT-7, AGENT-5, AGENT-6; issue 34 item 6).
// Both directions: what the panel writes, `claude mcp list/get` reads the same and connects to;
// what Claude writes (`claude mcp add`, its /mcp toggle, its project approvals), the panel reads
// the same; a bridge line Claude connects through; undo byte for byte; and the tool names of
// Claude's start-up line (`claude -p … --output-format stream-json --verbose`, which prints its
// system/init message, every mcp__ tool with ENABLE_TOOL_SEARCH=false, before it stops for want of
// a login) against `names --profile claude-code`.
// A check that fails because of a panel bug is `itPanelBug` (it.fails over the panel's half, the
// bug named): it goes red the moment the panel is fixed.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claudeGet as get, claudeList as list, claudeStartup, must } from './helpers/ask';
import { installedAgent } from './helpers/installed';
import { itContract } from './helpers/panel-bug';
import { agentRuns, type AgentServer } from '../../shared/profiles/agent-cli';
import { expectSameBytes, panelAdd, panelNames, panelRuns, panelServer, panelServers, snapshot, stdioFixture, type PanelServer } from './helpers/panel';
import { createSandbox, type Sandbox } from './helpers/sandbox';

const { version } = installedAgent('claude-code');
const echo = stdioFixture('echo');
const ECHO_TOOLS = ['echo', 'env', 'fail', 'parts', 'pid', 'roots', 'sleep'];

let sb: Sandbox;
const claude = (args: string[]) => must(sb, 'claude-code', args);
const claudeList = () => list(sb);
const claudeGet = (name: string) => get(sb, name);
const claudeJson = () => join(sb.home, '.claude.json');
const mcpJson = () => join(sb.workspace, '.mcp.json');

/** Edits ~/.claude.json's entry for this workspace as Claude's own dialogs do (its /mcp toggle, approvals). */
function editProject(edit: (project: Record<string, unknown>, root: Record<string, unknown>) => void): void {
  const root = JSON.parse(sb.read(claudeJson()) ?? '{}') as Record<string, unknown>;
  const projects = (root.projects ??= {}) as Record<string, Record<string, unknown>>;
  edit((projects[sb.workspace] ??= {}), root);
  sb.write(claudeJson(), `${JSON.stringify(root, null, 2)}\n`);
}

const mcpNames = (tools: string[]) => tools.filter((t) => t.startsWith('mcp__')).sort();

/** The fields both sides name: layer, transport, and whether the server runs. */
const agentSide = (s: AgentServer) => ({ name: s.name, layer: s.scope, transport: s.transport, runs: agentRuns(s) });
const panelSide = (s: PanelServer) => ({ name: s.name, layer: s.layer, transport: s.transport, runs: panelRuns(s) });

beforeEach(async () => {
  sb = await createSandbox({ git: true });
  await claude(['mcp', 'list']); // Claude's first start writes its own ~/.claude.json, as on a machine where it has run
});
afterEach(() => sb.cleanup());

describe(`Claude Code ${version}: what the panel writes, Claude reads and connects to`, () => {
  it('a stdio server in the user layer: same command, args, scope; Claude connects', async () => {
    await panelAdd(sb, 'claude-code', 'user', 'echo', echo);
    expect(await claudeGet('echo')).toMatchObject({ name: 'echo', scope: 'user', transport: 'stdio', command: echo.command, args: echo.args, state: 'connected' });
    expect((await claudeList()).find((s) => s.name === 'echo')).toMatchObject({ commandLine: [echo.command, ...echo.args].join(' '), state: 'connected' });
  });

  it('an HTTP server in the project-local layer (~/.claude.json projects[dir]): same URL, transport and scope; Claude connects', async () => {
    const web = await sb.http('echo');
    await panelAdd(sb, 'claude-code', 'project-local', 'web', { url: web.url });
    expect(await claudeGet('web')).toMatchObject({ scope: 'project-local', transport: 'http', url: web.url, state: 'connected' });
  });

  it('a project (.mcp.json) server waits for approval in Claude and in the panel; approved, both run it', async () => {
    await panelAdd(sb, 'claude-code', 'project', 'shared', echo);
    expect(await claudeGet('shared')).toMatchObject({ scope: 'project', command: echo.command, args: echo.args, state: 'pending' });
    expect(panelRuns(await panelServer(sb, 'claude-code', 'shared'))).toBe(false);
    editProject((p) => Object.assign(p, { hasTrustDialogAccepted: true, enabledMcpjsonServers: ['shared'] }));
    expect(await claudeGet('shared')).toMatchObject({ state: 'connected' });
    expect(panelRuns(await panelServer(sb, 'claude-code', 'shared'))).toBe(true);
  });

  itContract(
    'server disable writes Claude\'s own switch: Claude says disabled; enable brings it back',
    async () => {
      await panelAdd(sb, 'claude-code', 'user', 'echo', echo);
      expect(await claudeGet('echo')).toMatchObject({ state: 'connected' });
    },
    async () => {
      const off = await sb.panel(['server', 'disable', 'echo', '--profile', 'claude-code', '--layer', 'user', '--workspace', sb.workspace]);
      expect(off.code, off.stderr).toBe(0);
      expect(await claudeGet('echo')).toMatchObject({ state: 'disabled' });
      const on = await sb.panel(['server', 'enable', 'echo', '--profile', 'claude-code', '--layer', 'user', '--workspace', sb.workspace]);
      expect(on.code, on.stderr).toBe(0);
      expect(await claudeGet('echo')).toMatchObject({ state: 'connected' });
    },
  );
});

describe(`Claude Code ${version}: what Claude writes, the panel reads the same`, () => {
  it('claude mcp add in each scope: the same names, layers, transports, and on/off', async () => {
    const web = await sb.http('echo');
    await claude(['mcp', 'add', '-s', 'user', 'mine', '--', echo.command, ...echo.args]);
    await claude(['mcp', 'add', '-s', 'local', 'here', '--', echo.command, ...echo.args]);
    await claude(['mcp', 'add', '-s', 'project', 'shared', '--', echo.command, ...echo.args]);
    await claude(['mcp', 'add', '-s', 'user', '-t', 'http', 'web', web.url]);
    const names = ['mine', 'here', 'shared', 'web'];
    const agent = await Promise.all(names.map(claudeGet));
    expect(agent.map((s) => s.state)).toEqual(['connected', 'connected', 'pending', 'connected']);
    const panel = await panelServers(sb, 'claude-code');
    expect(names.map((n) => panel.find((s) => s.name === n)).map((s) => (s ? panelSide(s) : null))).toEqual(agent.map(agentSide));
  });

  itContract(
    'its /mcp toggle (projects[dir].disabledMcpServers) turns a user and a local server off: the panel reads them off',
    async () => {
      await claude(['mcp', 'add', '-s', 'user', 'mine', '--', echo.command, ...echo.args]);
      await claude(['mcp', 'add', '-s', 'local', 'here', '--', echo.command, ...echo.args]);
      editProject((p) => (p.disabledMcpServers = ['mine', 'here']));
      expect((await claudeList()).map((s) => [s.name, s.state])).toEqual([['mine', 'disabled'], ['here', 'disabled']]);
    },
    async () => {
      const panel = await panelServers(sb, 'claude-code');
      expect(panel.map((s) => [s.name, s.enabled])).toEqual([['mine', false], ['here', false]]);
    },
  );

  it('a project server it rejected (disabledMcpjsonServers) is not listed by Claude and does not run for the panel', async () => {
    await claude(['mcp', 'add', '-s', 'project', 'shared', '--', echo.command, ...echo.args]);
    editProject((p) => Object.assign(p, { hasTrustDialogAccepted: true, disabledMcpjsonServers: ['shared'] }));
    expect((await claudeList()).map((s) => s.name)).not.toContain('shared');
    expect(panelRuns(await panelServer(sb, 'claude-code', 'shared'))).toBe(false);
  });

  it('enableAllProjectMcpServers in ~/.claude/settings.json approves every project server, for Claude and the panel', async () => {
    await claude(['mcp', 'add', '-s', 'project', 'shared', '--', echo.command, ...echo.args]);
    sb.write('.claude/settings.json', '{ "enableAllProjectMcpServers": true }\n');
    expect(await claudeGet('shared')).toMatchObject({ state: 'connected' });
    expect(panelRuns(await panelServer(sb, 'claude-code', 'shared'))).toBe(true);
  });

  itContract(
    'an approval listed before the trust dialog was accepted still waits, for Claude and the panel',
    async () => {
      await claude(['mcp', 'add', '-s', 'project', 'shared', '--', echo.command, ...echo.args]);
      editProject((p) => Object.assign(p, { hasTrustDialogAccepted: false, enabledMcpjsonServers: ['shared'] }));
      expect(await claudeGet('shared')).toMatchObject({ state: 'pending' });
    },
    async () => {
      expect(panelRuns(await panelServer(sb, 'claude-code', 'shared'))).toBe(false);
    },
  );

  it('claude mcp reset-project-choices puts an approved project server back to waiting, and the panel reads it', async () => {
    await claude(['mcp', 'add', '-s', 'project', 'shared', '--', echo.command, ...echo.args]);
    editProject((p) => Object.assign(p, { hasTrustDialogAccepted: true, enabledMcpjsonServers: ['shared'] }));
    expect(panelRuns(await panelServer(sb, 'claude-code', 'shared'))).toBe(true);
    await claude(['mcp', 'reset-project-choices']);
    expect(await claudeGet('shared')).toMatchObject({ state: 'pending' });
    expect(panelRuns(await panelServer(sb, 'claude-code', 'shared'))).toBe(false);
  });
});

describe(`Claude Code ${version}: the bridge, and undo byte for byte`, () => {
  it('bridge install on an HTTP server: Claude runs the bridge line and connects through it; bridge uninstall restores the file byte for byte', async () => {
    const web = await sb.http('echo');
    await claude(['mcp', 'add', '-s', 'user', '-t', 'http', 'web', web.url]);
    const before = snapshot([claudeJson()]);
    const installed = await sb.panelJson<{ line: { command: string; args: string[] } }>(['bridge', 'install', 'web', '--agent', 'claude-code', '--workspace', sb.workspace]);
    // `claude mcp get` connects (a health check) and writes nothing; its -p start-up would
    // (pluginUsage), and the panel then rightly keeps Claude's edit over the byte-for-byte undo.
    expect(await claudeGet('web')).toMatchObject({ scope: 'user', transport: 'stdio', command: installed.line.command, args: installed.line.args, state: 'connected' });
    await sb.panelJson(['bridge', 'uninstall', 'web', '--agent', 'claude-code', '--workspace', sb.workspace]);
    expectSameBytes(before);
    expect(await claudeGet('web')).toMatchObject({ transport: 'http', url: web.url, state: 'connected' });
  });

  it('server remove after server add, in every layer, leaves Claude\'s files byte for byte', async () => {
    await claude(['mcp', 'add', '-s', 'user', 'mine', '-e', 'KEEP=1', '--', echo.command, ...echo.args]);
    await claude(['mcp', 'add', '-s', 'local', 'here', '--', echo.command, ...echo.args]);
    await claude(['mcp', 'add', '-s', 'project', 'shared', '--', echo.command, ...echo.args]);
    const before = snapshot([claudeJson(), mcpJson()]);
    for (const layer of ['user', 'project-local', 'project']) await panelAdd(sb, 'claude-code', layer, `added-${layer}`, echo);
    expect((await claudeList()).map((s) => s.name)).toEqual(expect.arrayContaining(['added-user', 'added-project-local', 'added-project']));
    for (const layer of ['user', 'project-local', 'project']) await sb.panelJson(['server', 'remove', `added-${layer}`, '--profile', 'claude-code', '--layer', layer, '--workspace', sb.workspace]);
    expectSameBytes(before);
  });
});

describe(`Claude Code ${version}: the tool names of its start-up line`, () => {
  it('the mcp__ names Claude starts with are the names the panel gives (a user stdio and a local HTTP server)', async () => {
    const web = await sb.http('echo');
    await panelAdd(sb, 'claude-code', 'user', 'echo', echo);
    await panelAdd(sb, 'claude-code', 'project-local', 'web', { url: web.url });
    const init = await claudeStartup(sb);
    expect(init.mcp_servers).toEqual(expect.arrayContaining([{ name: 'echo', status: 'connected', source: 'user' }, { name: 'web', status: 'connected', source: 'local' }]));
    expect(mcpNames(init.tools)).toEqual([...ECHO_TOOLS.map((t) => `mcp__echo__${t}`), ...ECHO_TOOLS.map((t) => `mcp__web__${t}`)].sort());
    expect((await panelNames(sb, 'claude-code')).sort()).toEqual(mcpNames(init.tools));
  });

  itContract(
    'server-everything: the panel names exactly the tools Claude gets',
    async () => {
      await panelAdd(sb, 'claude-code', 'user', 'everything', stdioFixture('everything'));
      const agent = mcpNames((await claudeStartup(sb)).tools);
      expect(agent.length).toBeGreaterThan(10);
      return agent;
    },
    async (agent) => {
      expect((await panelNames(sb, 'claude-code')).sort()).toEqual(agent);
    },
  );

  itContract(
    'a server switched off in Claude\'s /mcp toggle has no tools in Claude\'s start-up line, nor in the panel\'s names',
    async () => {
      await panelAdd(sb, 'claude-code', 'user', 'echo', echo);
      await panelAdd(sb, 'claude-code', 'user', 'off', echo);
      editProject((p) => (p.disabledMcpServers = ['off']));
      const agent = mcpNames((await claudeStartup(sb)).tools);
      expect(agent).toEqual(ECHO_TOOLS.map((t) => `mcp__echo__${t}`));
      return agent;
    },
    async (agent) => {
      expect((await panelNames(sb, 'claude-code')).sort()).toEqual(agent);
    },
  );
});
