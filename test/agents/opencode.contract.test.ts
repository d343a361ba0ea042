// OpenCode's own CLI against the panel's (SPEC AGENT-7, AGENT-5; issue 34 item 6). Both
// directions: what the panel writes, `opencode mcp list` reads the same and connects to (its list
// connects to every server it would start); what OpenCode writes (`opencode mcp add`, `enabled:
// false`), the panel reads the same; a bridge line OpenCode connects through; undo byte for byte.
// OpenCode's list names no scope and it has no `mcp get`: the layer is the one each side was told
// (`opencode mcp add NAME …` writes the global file; only its interactive form asks where).
// A check that fails because of a panel bug is `itPanelBug` (it.fails over the panel's half).
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { must, opencodeList as list, opencodeServer as server } from './helpers/ask';
import { installedAgent } from './helpers/installed';
import { itContract } from './helpers/panel-bug';
import { agentRuns } from '../../shared/profiles/agent-cli';
import { expectSameBytes, panelAdd, panelRuns, panelServer, panelServers, snapshot, stdioFixture } from './helpers/panel';
import { createSandbox, type Sandbox } from './helpers/sandbox';

const { version } = installedAgent('opencode');
const echo = stdioFixture('echo');
const echoLine = [echo.command, ...echo.args].join(' ');

let sb: Sandbox;
const opencode = (args: string[]) => must(sb, 'opencode', args);
const opencodeList = () => list(sb);
const opencodeServer = (name: string) => server(sb, name);
const globalDir = () => join(sb.home, '.config', 'opencode');

/** Edits a JSON(C) file OpenCode reads, as a person editing it does (its own `mcp add` wrote JSON). */
function editJson(path: string, edit: (doc: { mcp: Record<string, Record<string, unknown>> }) => void): void {
  const doc = JSON.parse(sb.read(path) ?? '{"mcp":{}}') as { mcp: Record<string, Record<string, unknown>> };
  edit(doc);
  sb.write(path, `${JSON.stringify(doc, null, 2)}\n`);
}

beforeEach(async () => {
  sb = await createSandbox({ git: true });
});
afterEach(() => sb.cleanup());

describe(`OpenCode ${version}: what the panel writes, OpenCode reads and connects to`, () => {
  it('a local server in the user layer and a remote one in the project layer: same command line and URL; OpenCode connects to both', async () => {
    const web = await sb.http('echo');
    await panelAdd(sb, 'opencode', 'user', 'echo', echo);
    await panelAdd(sb, 'opencode', 'project', 'web', { url: web.url });
    const list = await opencodeList();
    expect(list.map((s) => ({ name: s.name, transport: s.transport, commandLine: s.commandLine, url: s.url, state: s.state }))).toEqual([
      { name: 'echo', transport: 'stdio', commandLine: echoLine, url: undefined, state: 'connected' },
      { name: 'web', transport: 'http', commandLine: undefined, url: web.url, state: 'connected' },
    ]);
  });

  it('server disable writes OpenCode\'s own switch (enabled: false): OpenCode says disabled; enable brings it back', async () => {
    await panelAdd(sb, 'opencode', 'user', 'echo', echo);
    await sb.panelJson(['server', 'disable', 'echo', '--profile', 'opencode', '--layer', 'user', '--workspace', sb.workspace]);
    expect(await opencodeServer('echo')).toMatchObject({ state: 'disabled' });
    await sb.panelJson(['server', 'enable', 'echo', '--profile', 'opencode', '--layer', 'user', '--workspace', sb.workspace]);
    expect(await opencodeServer('echo')).toMatchObject({ state: 'connected' });
  });
});

describe(`OpenCode ${version}: what OpenCode writes, the panel reads the same`, () => {
  it('opencode mcp add (local with env, and --url): the same names, layer, transports, and on', async () => {
    const web = await sb.http('echo');
    await opencode(['mcp', 'add', 'mine', '--env', 'KEEP=1', '--', echo.command, ...echo.args]);
    await opencode(['mcp', 'add', 'web', '--url', web.url]);
    const agent = await opencodeList();
    expect(agent.map((s) => [s.name, s.transport, s.state])).toEqual([['mine', 'stdio', 'connected'], ['web', 'http', 'connected']]);
    const panel = await panelServers(sb, 'opencode');
    expect(agent.map((a) => panel.find((p) => p.name === a.name)).map((p) => p && { name: p.name, layer: p.layer, transport: p.transport, runs: panelRuns(p) })).toEqual(
      agent.map((a) => ({ name: a.name, layer: 'user', transport: a.transport, runs: agentRuns(a) })),
    );
  });

  it('enabled: false in its file: OpenCode says disabled, the panel reads it off', async () => {
    await opencode(['mcp', 'add', 'mine', '--', echo.command, ...echo.args]);
    editJson(join(globalDir(), 'opencode.jsonc'), (doc) => (doc.mcp.mine!.enabled = false));
    expect(await opencodeServer('mine')).toMatchObject({ state: 'disabled' });
    expect(await panelServer(sb, 'opencode', 'mine')).toMatchObject({ enabled: false });
  });

  // OpenCode merges its config files deeply (packages/opencode/src/config/config.ts: the project's
  // opencode.json is merged over the global config), so `{ "enabled": false }` under the same name
  // in the project switches the global server off there.
  itContract(
    'a project\'s opencode.json with only "enabled": false for a global server switches it off there: the panel reads it off',
    async () => {
      await opencode(['mcp', 'add', 'mine', '--', echo.command, ...echo.args]);
      sb.write(join(sb.workspace, 'opencode.json'), '{ "mcp": { "mine": { "enabled": false } } }\n');
      expect(await opencodeServer('mine')).toMatchObject({ commandLine: echoLine, state: 'disabled' });
    },
    async () => {
      const panel = (await panelServers(sb, 'opencode')).filter((s) => s.name === 'mine');
      expect(panel.map((s) => ({ transport: s.transport, enabled: s.enabled }))).toEqual([{ transport: 'stdio', enabled: false }]);
    },
  );
});

describe(`OpenCode ${version}: the bridge, and undo byte for byte`, () => {
  itContract(
    'bridge install on the remote server OpenCode added: OpenCode runs the bridge line and connects through it; bridge uninstall restores the file byte for byte',
    async () => {
      const web = await sb.http('echo');
      await opencode(['mcp', 'add', 'web', '--url', web.url]);
      expect(await opencodeServer('web')).toMatchObject({ url: web.url, state: 'connected' });
    },
    async () => {
      const file = join(globalDir(), 'opencode.jsonc');
      const before = snapshot([file]);
      const r = await sb.panel(['bridge', 'install', 'web', '--agent', 'opencode', '--workspace', sb.workspace, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const line = (JSON.parse(r.stdout) as { line: { command: string; args: string[] } }).line;
      expect(await opencodeServer('web')).toMatchObject({ transport: 'stdio', commandLine: [line.command, ...line.args].join(' '), state: 'connected' });
      const undo = await sb.panel(['bridge', 'uninstall', 'web', '--agent', 'opencode', '--workspace', sb.workspace]);
      expect(undo.code, undo.stderr).toBe(0);
      expectSameBytes(before);
    },
  );

  it('server remove after server add, in both layers, leaves OpenCode\'s files byte for byte', async () => {
    await opencode(['mcp', 'add', 'mine', '--env', 'KEEP=1', '--', echo.command, ...echo.args]);
    sb.write(join(sb.workspace, 'opencode.jsonc'), `{\n  // the project's own\n  "mcp": { "shared": { "type": "local", "command": ${JSON.stringify([echo.command, ...echo.args])} } }\n}\n`);
    const files = [join(globalDir(), 'opencode.jsonc'), join(sb.workspace, 'opencode.jsonc')];
    // OpenCode adds "$schema" to a config file the first time it loads it: the files as it leaves them.
    expect((await opencodeList()).map((s) => s.name)).toEqual(['mine', 'shared']);
    const before = snapshot(files);
    for (const layer of ['user', 'project']) await panelAdd(sb, 'opencode', layer, `added-${layer}`, echo);
    expect((await opencodeList()).map((s) => s.name)).toEqual(expect.arrayContaining(['added-user', 'added-project', 'mine', 'shared']));
    for (const layer of ['user', 'project']) await sb.panelJson(['server', 'remove', `added-${layer}`, '--profile', 'opencode', '--layer', layer, '--workspace', sb.workspace]);
    expectSameBytes(before);
  });
});
