// AGENT-9 (issue 37 item 2): the servers an agent's plugins or extensions add, installed with the
// agent's own commands from a folder on this machine (no network): Claude Code's
// `plugin marketplace add` + `plugin install`, Gemini CLI's `extensions link`. The agent lists the
// server; the panel reads it, read-only, under the same name and command line, and names its tools
// as the agent does; the agent's own switch for the plugin turns it off on both sides.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claudeList, claudeStartup, codexList, codexStatus, geminiList, must } from './helpers/ask';
import { installedAgent } from './helpers/installed';
import { panelNames, stdioFixture } from './helpers/panel';
import { createSandbox, type Sandbox } from './helpers/sandbox';
import type { AgentAnswer } from '../../shared/profiles/agent-answer';

interface StatusRow {
  name: string;
  layer: string;
  enabled: boolean;
  trusted: boolean;
  path: string;
  contributedBy?: { kind: string; name: string };
  switchedOff?: { path: string; key: string };
}

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox({ git: true });
});
afterEach(() => sb.cleanup());

const echo = stdioFixture('echo');
/** A plugin's own server script: the echo fixture, started from the plugin's folder. */
const serverScript = `import ${JSON.stringify(pathToFileURL(echo.args[0]!).href)};\n`;

/** `agents --ask claude-code`: the panel's verdict per entry, Claude's own listing against its reading. */
async function askClaude(): Promise<Record<string, string>> {
  sb.installOnPath('claude-code', 'claude');
  const asked = await sb.panelJson<{ answers: AgentAnswer[] }>(['agents', '--ask', 'claude-code', '--workspace', sb.workspace]);
  return Object.fromEntries(asked.answers[0]!.entries.map((e) => [e.name, e.verdict]));
}

async function panelRows(profile: string): Promise<StatusRow[]> {
  return (await sb.panelJson<{ servers: StatusRow[] }>(['status', '--profile', profile, '--workspace', sb.workspace, '--no-connect'])).servers;
}

describe(`Claude Code ${installedAgent('claude-code').version}: a plugin's servers`, () => {
  /** A marketplace folder with one plugin whose .mcp.json names `${CLAUDE_PLUGIN_ROOT}/server.mjs`. */
  function marketplace(): string {
    const dir = join(sb.root, 'market');
    sb.write(join(dir, '.claude-plugin', 'marketplace.json'), JSON.stringify({ name: 'local', owner: { name: 'tests' }, plugins: [{ name: 'echo-plug', source: './plugins/echo-plug', description: 'echo' }] }));
    sb.write(join(dir, 'plugins', 'echo-plug', '.claude-plugin', 'plugin.json'), JSON.stringify({ name: 'echo-plug', version: '1.0.0', description: 'echo' }));
    sb.write(join(dir, 'plugins', 'echo-plug', '.mcp.json'), JSON.stringify({ mcpServers: { echo: { command: echo.command, args: ['${CLAUDE_PLUGIN_ROOT}/server.mjs', 'stdio'] } } }));
    sb.write(join(dir, 'plugins', 'echo-plug', 'server.mjs'), serverScript);
    return dir;
  }

  it('installed with its own commands: Claude lists plugin:echo-plug:echo; the panel reads it read-only with the same command line, and names its tools as Claude does', async () => {
    const dir = marketplace();
    await must(sb, 'claude-code', ['plugin', 'marketplace', 'add', dir]);
    await must(sb, 'claude-code', ['plugin', 'install', 'echo-plug@local']);
    const root = join(dir, 'plugins', 'echo-plug');
    const listed = (await claudeList(sb)).find((s) => s.name === 'plugin:echo-plug:echo');
    expect(listed).toMatchObject({ commandLine: [echo.command, join(root, 'server.mjs'), 'stdio'].join(' '), state: 'connected' });

    const row = (await panelRows('claude-code')).find((s) => s.name === 'plugin:echo-plug:echo');
    expect(row).toMatchObject({ layer: 'plugin', enabled: true, trusted: true, path: join(root, '.mcp.json'), contributedBy: { kind: 'plugin', name: 'echo-plug' } });

    // Claude's start-up line names every tool it got; the panel, connecting itself, says the same names.
    const init = await claudeStartup(sb);
    const claudeTools = init.tools.filter((t) => t.startsWith('mcp__plugin_echo-plug_echo__')).sort();
    expect(claudeTools.length).toBeGreaterThan(0);
    expect((await panelNames(sb, 'claude-code')).filter((t) => t.startsWith('mcp__plugin_')).sort()).toEqual(claudeTools);

    // Asked, Claude's own listing agrees with the panel's reading: same name, state and command line.
    expect(await askClaude()).toEqual({ 'plugin:echo-plug:echo': 'agrees' });
    // Read-only: the panel's writer refuses it.
    const rm = await sb.panel(['server', 'remove', 'plugin:echo-plug:echo', '--profile', 'claude-code', '--layer', 'plugin', '--workspace', sb.workspace]);
    expect(rm.code).not.toBe(0);
  });

  it('claude plugin disable: Claude lists it no more; the panel says it is off by enabledPlugins, and asking Claude agrees', async () => {
    const dir = marketplace();
    await must(sb, 'claude-code', ['plugin', 'marketplace', 'add', dir]);
    await must(sb, 'claude-code', ['plugin', 'install', 'echo-plug@local']);
    await must(sb, 'claude-code', ['plugin', 'disable', 'echo-plug@local']);
    expect((await claudeList(sb)).map((s) => s.name)).not.toContain('plugin:echo-plug:echo');
    const row = (await panelRows('claude-code')).find((s) => s.name === 'plugin:echo-plug:echo');
    expect(row).toMatchObject({ enabled: false, switchedOff: { path: join(sb.home, '.claude', 'settings.json'), key: 'enabledPlugins["echo-plug@local"]' } });
    expect(await askClaude()).toEqual({ 'plugin:echo-plug:echo': 'agrees' });
  });
});

describe(`Gemini CLI ${installedAgent('gemini').version}: an extension's servers`, () => {
  function extension(): string {
    const dir = join(sb.root, 'echo-ext');
    sb.write(join(dir, 'gemini-extension.json'), JSON.stringify({ name: 'echo-ext', version: '1.0.0', mcpServers: { echo: { command: echo.command, args: ['${extensionPath}${/}server.mjs', 'stdio'], timeout: 60000 } } }));
    sb.write(join(dir, 'server.mjs'), serverScript);
    return dir;
  }

  it('linked with gemini extensions link: Gemini lists echo (from echo-ext); the panel reads it read-only with the same command line', async () => {
    const dir = extension();
    await must(sb, 'gemini', ['extensions', 'link', dir, '--consent']);
    sb.write(join(sb.home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [sb.workspace]: 'TRUST_FOLDER' }));
    const listed = (await geminiList(sb)).servers.find((s) => s.name === 'echo');
    expect(listed).toMatchObject({ commandLine: [echo.command, join(dir, 'server.mjs'), 'stdio'].join(' '), state: 'connected' });
    const row = (await panelRows('gemini')).find((s) => s.name === 'echo');
    expect(row).toMatchObject({ layer: 'plugin', enabled: true, path: join(dir, 'gemini-extension.json'), contributedBy: { kind: 'extension', name: 'echo-ext' } });
  });

  it('a server of the same name in settings.json wins over the extension\'s, for Gemini and for the panel', async () => {
    const dir = extension();
    await must(sb, 'gemini', ['extensions', 'link', dir, '--consent']);
    sb.write(join(sb.home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [sb.workspace]: 'TRUST_FOLDER' }));
    const other = stdioFixture('echo', ['--own']);
    sb.write(join(sb.home, '.gemini', 'settings.json'), JSON.stringify({ mcpServers: { echo: { ...other, timeout: 60000 } } }));
    const listed = (await geminiList(sb)).servers.filter((s) => s.name === 'echo');
    expect(listed.map((s) => s.commandLine)).toEqual([[other.command, ...other.args].join(' ')]);
    const rows = (await panelRows('gemini')).filter((s) => s.name === 'echo');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ layer: 'user' });
    expect(rows[0]!.contributedBy).toBeUndefined();
  });

  it('gemini extensions disable --scope workspace: the panel says the extension\'s server is off here, by its enablement file', async () => {
    const dir = extension();
    await must(sb, 'gemini', ['extensions', 'link', dir, '--consent']);
    sb.write(join(sb.home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [sb.workspace]: 'TRUST_FOLDER' }));
    await must(sb, 'gemini', ['extensions', 'disable', 'echo-ext', '--scope', 'workspace']);
    const rules = JSON.parse(sb.read(join(sb.home, '.gemini', 'extensions', 'extension-enablement.json'))!) as Record<string, { overrides: string[] }>;
    expect(rules['echo-ext']!.overrides.some((r) => r.startsWith('!'))).toBe(true);
    const row = (await panelRows('gemini')).find((s) => s.name === 'echo');
    expect(row).toMatchObject({ enabled: false, switchedOff: { key: 'echo-ext.overrides' } });
    // Its own list still shows the server (getMcpServersFromConfig lists every extension's); it answers whether it is enabled:
    const list = await must(sb, 'gemini', ['extensions', 'list']);
    expect(list.output).toMatch(/Enabled \(Workspace\): false/);
  });
});

describe(`Codex ${installedAgent('codex').version}: a plugin's servers`, () => {
  /** A marketplace folder with one plugin whose server runs from the plugin's folder (`cwd: "./"`). */
  function marketplace(): string {
    const dir = join(sb.root, 'market');
    const plugin = { name: 'echo-plug', source: { source: 'local', path: './plugins/echo-plug' }, policy: { installation: 'AVAILABLE', authentication: 'ON_INSTALL' }, category: 'Productivity' };
    sb.write(join(dir, '.agents', 'plugins', 'marketplace.json'), JSON.stringify({ name: 'local', plugins: [plugin] }));
    sb.write(join(dir, 'plugins', 'echo-plug', '.codex-plugin', 'plugin.json'), JSON.stringify({ name: 'echo-plug', version: '1.0.0', description: 'echo', mcpServers: './.mcp.json' }));
    sb.write(join(dir, 'plugins', 'echo-plug', '.mcp.json'), JSON.stringify({ mcpServers: { 'plug-echo': { command: echo.command, args: ['./server.mjs', 'stdio'], cwd: './' } } }));
    sb.write(join(dir, 'plugins', 'echo-plug', 'server.mjs'), serverScript);
    return dir;
  }

  it('added with codex plugin add: Codex lists it and its session connects; the panel reads it read-only, runs it from the plugin\'s installed folder and gets the same tools', async () => {
    await must(sb, 'codex', ['plugin', 'marketplace', 'add', marketplace()]);
    await must(sb, 'codex', ['plugin', 'add', 'echo-plug@local']);
    const root = join(sb.home, '.codex', 'plugins', 'cache', 'local', 'echo-plug', '1.0.0');
    expect((await codexList(sb)).find((s) => s.name === 'plug-echo')).toMatchObject({ command: echo.command, args: ['./server.mjs', 'stdio'] });
    const session = (await codexStatus(sb)).find((s) => s.name === 'plug-echo');
    expect(session).toMatchObject({ connected: true });
    const row = (await panelRows('codex')).find((s) => s.name === 'plug-echo');
    expect(row).toMatchObject({ layer: 'plugin', enabled: true, path: join(root, '.mcp.json'), contributedBy: { kind: 'plugin', name: 'echo-plug' } });
    // The panel starts it the way Codex does (from the plugin's folder): connected, the same tools.
    const { tools } = await sb.panelJson<{ tools: Array<{ server: string; name: string }> }>(['tools', '--profile', 'codex', '--workspace', sb.workspace, '--refresh']);
    expect(session!.tools.length).toBeGreaterThan(0);
    expect(tools.filter((t) => t.server === 'plug-echo').map((t) => t.name).sort()).toEqual([...session!.tools].sort());
  });

  it('enabled = false under [plugins."echo-plug@local"]: the panel says the plugin\'s server is off, by that key', async () => {
    await must(sb, 'codex', ['plugin', 'marketplace', 'add', marketplace()]);
    await must(sb, 'codex', ['plugin', 'add', 'echo-plug@local']);
    const config = join(sb.home, '.codex', 'config.toml');
    sb.write(config, sb.read(config)!.replace(/(\[plugins\."echo-plug@local"\]\s*\nenabled = )true/, '$1false'));
    expect(sb.read(config)).toMatch(/enabled = false/);
    expect((await codexList(sb)).map((s) => s.name)).not.toContain('plug-echo');
    expect((await panelRows('codex')).find((s) => s.name === 'plug-echo')).toMatchObject({ enabled: false, switchedOff: { key: 'plugins."echo-plug@local".enabled' } });
  });
});
