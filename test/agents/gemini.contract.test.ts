// Gemini CLI's own CLI against the panel's (SPEC AGENT-7, AGENT-5; issue 34 item 6). Both
// directions: what the panel writes, `gemini mcp list` reads the same and connects to (its list
// health-checks every server it would start); what Gemini writes (`gemini mcp add`, its
// `mcp.excluded` / `mcp.allowed`, its folder trust, its per-server enablement file), the panel
// reads the same; a bridge line Gemini connects through; undo byte for byte.
// Gemini's list names no scope and it has no `mcp get`: the layer is the one each side was told.
// A check that fails because of a panel bug is `itPanelBug` (it.fails over the panel's half).
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { geminiAdd, geminiList as list, geminiServer as server } from './helpers/ask';
import { installedAgent } from './helpers/installed';
import { itContract } from './helpers/panel-bug';
import { agentRuns } from '../../shared/profiles/agent-cli';
import { expectSameBytes, panelAdd, panelRuns, panelServer, panelServers, snapshot, stdioFixture } from './helpers/panel';
import { createSandbox, type Sandbox } from './helpers/sandbox';

const { version } = installedAgent('gemini');
const echo = stdioFixture('echo');
const echoLine = [echo.command, ...echo.args].join(' ');

let sb: Sandbox;
const geminiList = () => list(sb);
const geminiServer = (name: string) => server(sb, name);
const userSettings = () => join(sb.home, '.gemini', 'settings.json');
const projectSettings = () => join(sb.workspace, '.gemini', 'settings.json');

/** Trusts the workspace as Gemini's trust dialog does (~/.gemini/trustedFolders.json, packages/cli/src/config/trustedFolders.ts). */
const trustWorkspace = () => sb.write('.gemini/trustedFolders.json', `${JSON.stringify({ [sb.workspace]: 'TRUST_FOLDER' }, null, 2)}\n`);

/** Merges `patch` into Gemini's user settings file, as editing settings.json by hand (or /settings) does. */
function editUserSettings(patch: Record<string, unknown>): void {
  const doc = JSON.parse(sb.read(userSettings()) ?? '{}') as Record<string, unknown>;
  sb.write(userSettings(), `${JSON.stringify({ ...doc, ...patch }, null, 2)}\n`);
}

beforeEach(async () => {
  sb = await createSandbox({ git: true });
});
afterEach(() => sb.cleanup());

describe(`Gemini CLI ${version}: what the panel writes, Gemini reads and connects to`, () => {
  it('a stdio server in the user layer and an HTTP server in the project layer: same command line, URL and transport; Gemini connects to both', async () => {
    const web = await sb.http('echo');
    trustWorkspace();
    await panelAdd(sb, 'gemini', 'user', 'echo', echo);
    await panelAdd(sb, 'gemini', 'project', 'web', { url: web.url });
    const list = await geminiList();
    expect(list.folderUntrusted).toBe(false);
    expect(list.servers).toEqual([
      expect.objectContaining({ name: 'echo', transport: 'stdio', commandLine: echoLine, state: 'connected' }),
      expect.objectContaining({ name: 'web', transport: 'http', url: web.url, state: 'connected' }),
    ]);
  });

  itContract(
    'server disable writes one of Gemini\'s own switches: Gemini stops it; enable brings it back',
    async () => {
      trustWorkspace();
      await panelAdd(sb, 'gemini', 'user', 'echo', echo);
      expect(await geminiServer('echo')).toMatchObject({ state: 'connected' });
    },
    async () => {
      const off = await sb.panel(['server', 'disable', 'echo', '--profile', 'gemini', '--layer', 'user', '--workspace', sb.workspace]);
      expect(off.code, off.stderr).toBe(0);
      expect(agentRuns(await geminiServer('echo'))).toBe(false);
      const on = await sb.panel(['server', 'enable', 'echo', '--profile', 'gemini', '--layer', 'user', '--workspace', sb.workspace]);
      expect(on.code, on.stderr).toBe(0);
      expect(await geminiServer('echo')).toMatchObject({ state: 'connected' });
    },
  );
});

describe(`Gemini CLI ${version}: what Gemini writes, the panel reads the same`, () => {
  it('gemini mcp add in each scope: the same names, layers, transports, and both run them in a trusted folder', async () => {
    const web = await sb.http('echo');
    trustWorkspace();
    await geminiAdd(sb, ['-s', 'user', 'mine', echo.command, ...echo.args]);
    await geminiAdd(sb, ['-s', 'project', 'shared', echo.command, ...echo.args]);
    await geminiAdd(sb, ['-s', 'user', '-t', 'http', 'web', web.url]);
    const agent = (await geminiList()).servers;
    expect(agent.map((s) => [s.name, s.transport, s.state])).toEqual([['mine', 'stdio', 'connected'], ['web', 'http', 'connected'], ['shared', 'stdio', 'connected']]);
    const panel = await panelServers(sb, 'gemini');
    const layers: Record<string, string> = { mine: 'user', web: 'user', shared: 'project' };
    expect(agent.map((a) => panel.find((p) => p.name === a.name)).map((p) => p && { name: p.name, layer: p.layer, transport: p.transport, runs: panelRuns(p) })).toEqual(
      agent.map((a) => ({ name: a.name, layer: layers[a.name], transport: a.transport, runs: agentRuns(a) })),
    );
  });

  it('with folder trust switched off (security.folderTrust.enabled: false), Gemini and the panel run the project\'s servers', async () => {
    await geminiAdd(sb, ['-s', 'project', 'shared', echo.command, ...echo.args]);
    editUserSettings({ security: { folderTrust: { enabled: false } } });
    expect(await geminiServer('shared')).toMatchObject({ state: 'connected' });
    expect(panelRuns(await panelServer(sb, 'gemini', 'shared'))).toBe(true);
  });

  it('in a folder Gemini does not trust, it starts none of the project\'s servers, and neither does the panel', async () => {
    await geminiAdd(sb, ['-s', 'project', 'shared', echo.command, ...echo.args]);
    const list = await geminiList();
    expect(list.folderUntrusted).toBe(true);
    expect(list.servers.find((s) => s.name === 'shared')).toMatchObject({ state: 'disabled' });
    expect(await panelServer(sb, 'gemini', 'shared')).toMatchObject({ trusted: false });
  });

  itContract(
    'in a folder Gemini does not trust, it suppresses user-level servers too: the panel says they do not run',
    async () => {
      await geminiAdd(sb, ['-s', 'user', 'mine', echo.command, ...echo.args]);
      const list = await geminiList();
      expect(list.folderUntrusted).toBe(true);
      expect(list.servers).toEqual([expect.objectContaining({ name: 'mine', state: 'disabled' })]);
    },
    async () => {
      expect(panelRuns(await panelServer(sb, 'gemini', 'mine'))).toBe(false);
    },
  );

  itContract(
    'mcp.excluded: Gemini blocks the server; the panel reads it off',
    async () => {
      trustWorkspace();
      await geminiAdd(sb, ['-s', 'user', 'mine', echo.command, ...echo.args]);
      await geminiAdd(sb, ['-s', 'user', 'other', echo.command, ...echo.args]);
      editUserSettings({ mcp: { excluded: ['mine'] } });
      expect((await geminiList()).servers.map((s) => [s.name, s.state])).toEqual([['mine', 'blocked'], ['other', 'connected']]);
    },
    async () => {
      expect((await panelServers(sb, 'gemini')).map((s) => [s.name, s.enabled])).toEqual([['mine', false], ['other', true]]);
    },
  );

  itContract(
    'mcp.allowed: Gemini blocks every server it does not name; the panel reads those off',
    async () => {
      trustWorkspace();
      await geminiAdd(sb, ['-s', 'user', 'mine', echo.command, ...echo.args]);
      await geminiAdd(sb, ['-s', 'user', 'other', echo.command, ...echo.args]);
      editUserSettings({ mcp: { allowed: ['other'] } });
      expect((await geminiList()).servers.map((s) => [s.name, s.state])).toEqual([['mine', 'blocked'], ['other', 'connected']]);
    },
    async () => {
      expect((await panelServers(sb, 'gemini')).map((s) => [s.name, s.enabled])).toEqual([['mine', false], ['other', true]]);
    },
  );

  // `gemini mcp disable NAME` answers "not found" for every server in 0.61.0 (enableDisable.ts reads
  // the keys of getMcpServersFromConfig's result, { mcpServers, blockedServerNames }), so the file
  // it would write is written as its McpServerEnablementManager.disable writes it (and /mcp
  // disable in a session does): ~/.gemini/mcp-server-enablement.json, { "<name lower-cased>": { "enabled": false } }.
  itContract(
    'its per-server switch (~/.gemini/mcp-server-enablement.json, what /mcp disable writes): Gemini says disabled; the panel reads it off',
    async () => {
      trustWorkspace();
      await geminiAdd(sb, ['-s', 'user', 'mine', echo.command, ...echo.args]);
      sb.write('.gemini/mcp-server-enablement.json', `${JSON.stringify({ mine: { enabled: false } }, null, 2)}\n`);
      expect(await geminiServer('mine')).toMatchObject({ state: 'disabled' });
    },
    async () => {
      expect(await panelServer(sb, 'gemini', 'mine')).toMatchObject({ enabled: false });
    },
  );
});

describe(`Gemini CLI ${version}: the bridge, and undo byte for byte`, () => {
  it('bridge install on the HTTP server Gemini added (url + type): Gemini runs the bridge line and connects through it', async () => {
    const web = await sb.http('echo');
    trustWorkspace();
    await geminiAdd(sb, ['-s', 'user', '-t', 'http', 'web', web.url]);
    const installed = await sb.panelJson<{ line: { command: string; args: string[] } }>(['bridge', 'install', 'web', '--agent', 'gemini', '--workspace', sb.workspace]);
    expect(await geminiServer('web')).toMatchObject({ transport: 'stdio', commandLine: [installed.line.command, ...installed.line.args].join(' '), state: 'connected' });
  });

  itContract(
    'bridge install on a streamable HTTP server written with httpUrl: Gemini runs the bridge line',
    async () => {
      const web = await sb.http('echo');
      trustWorkspace();
      sb.write(userSettings(), `${JSON.stringify({ mcpServers: { web: { httpUrl: web.url } } }, null, 2)}\n`);
      expect(await geminiServer('web')).toMatchObject({ transport: 'http', url: web.url, state: 'connected' });
    },
    async () => {
      const installed = await sb.panelJson<{ line: { command: string; args: string[] } }>(['bridge', 'install', 'web', '--agent', 'gemini', '--workspace', sb.workspace]);
      expect(await geminiServer('web')).toMatchObject({ transport: 'stdio', commandLine: [installed.line.command, ...installed.line.args].join(' '), state: 'connected' });
    },
  );

  it('bridge uninstall puts Gemini\'s file back byte for byte', async () => {
    await geminiAdd(sb, ['-s', 'user', '-t', 'http', 'web', 'http://127.0.0.1:9/mcp']);
    const before = snapshot([userSettings()]);
    await sb.panelJson(['bridge', 'install', 'web', '--agent', 'gemini', '--workspace', sb.workspace]);
    expect(sb.read(userSettings())).not.toBe(before.get(userSettings())?.toString());
    await sb.panelJson(['bridge', 'uninstall', 'web', '--agent', 'gemini', '--workspace', sb.workspace]);
    expectSameBytes(before);
  });

  it('server remove after server add, in both layers, leaves Gemini\'s files byte for byte', async () => {
    trustWorkspace();
    await geminiAdd(sb, ['-s', 'user', 'mine', '-e', 'KEEP=1', echo.command, ...echo.args]);
    await geminiAdd(sb, ['-s', 'project', 'shared', echo.command, ...echo.args]);
    const before = snapshot([userSettings(), projectSettings()]);
    for (const layer of ['user', 'project']) await panelAdd(sb, 'gemini', layer, `added-${layer}`, echo);
    expect((await geminiList()).servers.map((s) => s.name)).toEqual(expect.arrayContaining(['added-user', 'added-project']));
    for (const layer of ['user', 'project']) await sb.panelJson(['server', 'remove', `added-${layer}`, '--profile', 'gemini', '--layer', layer, '--workspace', sb.workspace]);
    expectSameBytes(before);
  });
});
