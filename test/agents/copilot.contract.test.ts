// GitHub Copilot CLI's own CLI against the panel's (SPEC AGENT-7, AGENT-5; issue 37 item 4). Both
// directions: what the panel writes, `copilot mcp list --json` reads the same (name, source, command,
// URL, on/off); what Copilot writes (`copilot mcp add`, `mcp disable`) and what it reads from the
// workspace (.mcp.json or .github/mcp.json, in a folder it trusts), the panel reads the same; the
// shared `.mcp.json` that Claude Code reads too; undo byte for byte.
// Copilot's list connects to nothing and its sessions need a GitHub login, so no check here is
// about a connection or a tool name (shared/profiles/copilot/README.md).
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claudeGet, copilotList as list, copilotListing, copilotServer as server, must } from './helpers/ask';
import { installedAgent } from './helpers/installed';
import { itContract } from './helpers/panel-bug';
import { agentRuns, type AgentServer } from '../../shared/profiles/agent-cli';
import { expectSameBytes, panelAdd, panelRuns, panelServer, panelServers, snapshot, stdioFixture, type PanelServer } from './helpers/panel';
import { createSandbox, type Sandbox } from './helpers/sandbox';

const { version } = installedAgent('copilot');
const echo = stdioFixture('echo');

let sb: Sandbox;
const copilot = (args: string[]) => must(sb, 'copilot', args);
const copilotList = () => list(sb);
const copilotServer = (name: string) => server(sb, name);
const userFile = () => join(sb.home, '.copilot', 'mcp-config.json');
const mcpJson = () => join(sb.workspace, '.mcp.json');
const githubMcpJson = () => join(sb.workspace, '.github', 'mcp.json');

/** Trusts the workspace as Copilot's folder-trust prompt does: `trusted_folders` in ~/.copilot/config.json. */
const trustWorkspace = () => sb.write('.copilot/config.json', `${JSON.stringify({ trusted_folders: [sb.workspace] }, null, 2)}\n`);
const writeJson = (path: string, servers: Record<string, unknown>) => sb.write(path, `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);

const agentSide = (s: AgentServer) => ({ name: s.name, layer: s.scope, transport: s.transport, runs: agentRuns(s) });
const panelSide = (s: PanelServer) => ({ name: s.name, layer: s.layer, transport: s.transport, runs: panelRuns(s) });
const byName = <T extends { name: string }>(xs: T[]) => [...xs].sort((a, b) => a.name.localeCompare(b.name));

beforeEach(async () => {
  sb = await createSandbox({ git: true });
});
afterEach(() => sb.cleanup());

describe(`GitHub Copilot CLI ${version}: what the panel writes, Copilot reads the same`, () => {
  it('a stdio server in the user file and an HTTP server in the trusted workspace\'s .mcp.json: same source, command, URL; both on; no warning', async () => {
    const web = await sb.http('echo');
    trustWorkspace();
    await panelAdd(sb, 'copilot', 'user', 'echo', echo);
    await panelAdd(sb, 'copilot', 'project', 'web', { url: web.url });
    const { run, servers } = await copilotListing(sb);
    expect(run.stderr).not.toMatch(/Warning/);
    expect(byName(servers)).toEqual([
      expect.objectContaining({ name: 'echo', source: 'user', transport: 'stdio', command: echo.command, args: echo.args, state: 'enabled' }),
      expect.objectContaining({ name: 'web', source: 'workspace', sourcePath: mcpJson(), transport: 'http', url: web.url, state: 'enabled' }),
    ]);
  });

  itContract(
    'server disable writes Copilot\'s own switch (disabledMcpServers): Copilot says disabled; enable brings it back',
    async () => {
      await panelAdd(sb, 'copilot', 'user', 'echo', echo);
      expect(await copilotServer('echo')).toMatchObject({ state: 'enabled' });
    },
    async () => {
      const off = await sb.panel(['server', 'disable', 'echo', '--profile', 'copilot', '--layer', 'user', '--workspace', sb.workspace]);
      expect(off.code, off.stderr).toBe(0);
      expect(await copilotServer('echo')).toMatchObject({ state: 'disabled' });
      const on = await sb.panel(['server', 'enable', 'echo', '--profile', 'copilot', '--layer', 'user', '--workspace', sb.workspace]);
      expect(on.code, on.stderr).toBe(0);
      expect(await copilotServer('echo')).toMatchObject({ state: 'enabled' });
    },
  );
});

describe(`GitHub Copilot CLI ${version}: what Copilot writes and reads, the panel reads the same`, () => {
  it('copilot mcp add (stdio and HTTP) and a workspace .mcp.json in a trusted folder: the same names, layers, transports, all on', async () => {
    const web = await sb.http('echo');
    trustWorkspace();
    await copilot(['mcp', 'add', 'mine', '--', echo.command, ...echo.args]);
    await copilot(['mcp', 'add', '--transport', 'http', 'web', web.url]);
    writeJson(mcpJson(), { shared: { command: echo.command, args: echo.args } });
    const agent = byName(await copilotList());
    expect(agent.map((s) => [s.name, s.scope, s.state])).toEqual([['mine', 'user', 'enabled'], ['shared', 'project', 'enabled'], ['web', 'user', 'enabled']]);
    expect(byName(await panelServers(sb, 'copilot')).map(panelSide)).toEqual(agent.map(agentSide));
  });

  it('in a folder Copilot does not trust, it reads none of the workspace\'s servers, and the panel says they do not run', async () => {
    writeJson(mcpJson(), { shared: { command: echo.command, args: echo.args } });
    expect((await copilotList()).map((s) => s.name)).toEqual([]);
    expect(await panelServer(sb, 'copilot', 'shared')).toMatchObject({ trusted: false });
  });

  itContract(
    'copilot mcp disable: Copilot says disabled; the panel reads it off',
    async () => {
      await copilot(['mcp', 'add', 'mine', '--', echo.command, ...echo.args]);
      await copilot(['mcp', 'disable', 'mine']);
      expect(await copilotServer('mine')).toMatchObject({ state: 'disabled' });
    },
    async () => {
      expect(await panelServer(sb, 'copilot', 'mine')).toMatchObject({ enabled: false });
    },
  );

  it('.github/mcp.json is the workspace file while there is no .mcp.json; once there is, only .mcp.json counts, for both', async () => {
    trustWorkspace();
    writeJson(githubMcpJson(), { gh: { command: echo.command, args: echo.args } });
    expect(await copilotServer('gh')).toMatchObject({ scope: 'project', sourcePath: githubMcpJson() });
    expect((await panelServers(sb, 'copilot')).map((s) => [s.name, s.layer])).toEqual([['gh', 'project']]);
    writeJson(mcpJson(), { root: { command: echo.command, args: echo.args } });
    expect((await copilotList()).map((s) => s.name)).toEqual(['root']);
    expect((await panelServers(sb, 'copilot')).map((s) => s.name)).toEqual(['root']);
  });

  // A comment skips the file too, but the panel's JSON reader takes comments in every JSON file (json-doc.ts).
  it('a trailing comma in .mcp.json: Copilot skips the file as malformed, and the panel reads no server from it either', async () => {
    trustWorkspace();
    sb.write(mcpJson(), `{\n  "mcpServers": { "shared": { "command": ${JSON.stringify(echo.command)}, } }\n}\n`);
    const { run, servers } = await copilotListing(sb);
    expect(run.stderr).toMatch(/skipping workspace MCP config .*malformed/);
    expect(servers.map((s) => s.name)).toEqual([]);
    expect((await panelServers(sb, 'copilot')).filter((s) => panelRuns(s)).map((s) => s.name)).toEqual([]);
  });

  it('an entry of the wrong shape: Copilot skips it with a warning and loads the rest; the panel says it does not run', async () => {
    trustWorkspace();
    writeJson(mcpJson(), { bad: { command: 5 }, good: { command: echo.command, args: echo.args } });
    const { run, servers } = await copilotListing(sb);
    expect(run.stderr).toMatch(/Skipping invalid MCP server "bad"/);
    expect(servers.map((s) => s.name)).toEqual(['good']);
    const panel = await panelServers(sb, 'copilot');
    expect(panel.find((s) => s.name === 'good')).toMatchObject({ trusted: true, enabled: true, error: null });
    const bad = panel.find((s) => s.name === 'bad');
    expect(bad && bad.error !== null).toBe(true);
  });
});

describe(`GitHub Copilot CLI ${version} and Claude Code: one .mcp.json, two agents`, () => {
  it('a server the panel writes to .mcp.json for Copilot is listed by Copilot and by Claude Code (waiting for its approval), with the same command', async () => {
    trustWorkspace();
    await panelAdd(sb, 'copilot', 'project', 'shared', echo);
    expect(await copilotServer('shared')).toMatchObject({ scope: 'project', command: echo.command, args: echo.args, state: 'enabled' });
    await must(sb, 'claude-code', ['mcp', 'list']); // Claude's first start writes its ~/.claude.json
    expect(await claudeGet(sb, 'shared')).toMatchObject({ scope: 'project', command: echo.command, args: echo.args, state: 'pending' });
    expect(await panelServer(sb, 'claude-code', 'shared')).toMatchObject({ layer: 'project', transport: 'stdio' });
  });

  it('servers the panel writes to .mcp.json for Claude Code (type stdio and http) are read by Copilot too', async () => {
    const web = await sb.http('echo');
    trustWorkspace();
    await panelAdd(sb, 'claude-code', 'project', 'web', { url: web.url });
    await panelAdd(sb, 'claude-code', 'project', 'local', echo);
    expect(await copilotServer('web')).toMatchObject({ scope: 'project', transport: 'http', url: web.url, state: 'enabled' });
    expect(await copilotServer('local')).toMatchObject({ scope: 'project', transport: 'stdio', command: echo.command, args: echo.args, state: 'enabled' });
    expect((await panelServers(sb, 'copilot')).map((s) => [s.name, s.layer, s.transport, panelRuns(s)])).toEqual([['web', 'project', 'http', true], ['local', 'project', 'stdio', true]]);
  });

  it('Copilot\'s own spelling of a stdio server (type "local") in .mcp.json: Copilot reads it, Claude Code skips it, and the panel says so under Claude Code', async () => {
    trustWorkspace();
    writeJson(mcpJson(), { shared: { type: 'local', command: echo.command, args: echo.args, tools: ['*'] } });
    expect(await copilotServer('shared')).toMatchObject({ transport: 'stdio', state: 'enabled' });
    const claude = await sb.agent('claude-code', ['mcp', 'list']);
    expect(claude.output).toMatch(/unknown MCP server type "local"/);
    expect(await panelServer(sb, 'copilot', 'shared')).toMatchObject({ transport: 'stdio', error: null });
    const underClaude = await panelServer(sb, 'claude-code', 'shared');
    expect(underClaude.error).not.toBeNull();
    expect(panelRuns(underClaude) && underClaude.error === null).toBe(false);
  });
});

describe(`GitHub Copilot CLI ${version}: undo byte for byte`, () => {
  it('server remove after server add, in both layers, leaves Copilot\'s files byte for byte', async () => {
    trustWorkspace();
    await copilot(['mcp', 'add', '--env', 'KEEP=1', 'mine', '--', echo.command, ...echo.args]);
    writeJson(mcpJson(), { shared: { command: echo.command, args: echo.args } });
    const before = snapshot([userFile(), mcpJson()]);
    for (const layer of ['user', 'project']) await panelAdd(sb, 'copilot', layer, `added-${layer}`, echo);
    expect((await copilotList()).map((s) => s.name)).toEqual(expect.arrayContaining(['added-user', 'added-project']));
    for (const layer of ['user', 'project']) await sb.panelJson(['server', 'remove', `added-${layer}`, '--profile', 'copilot', '--layer', layer, '--workspace', sb.workspace]);
    expectSameBytes(before);
  });
});
