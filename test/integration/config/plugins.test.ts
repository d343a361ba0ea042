// AGENT-9: plugin and extension servers read from real files the way the agents keep them
// (shapes taken from Claude Code 2.1.332's and Gemini CLI 0.61.0's own installs, see
// test/agents/plugins.contract.test.ts), through the config service: each becomes a read-only row
// named as the agent names it, off where the agent's own switch says so, and a plugin that only
// the repository's committed settings switch on waits for the panel's trust (SEC-5).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandbox } from './helpers';

const sb = useSandbox();

async function claudePlugin(opts: { manifest?: Record<string, unknown>; mcpJson?: unknown; scope?: string; enabledIn?: 'user' | 'project' | 'none' }) {
  const root = join(sb.home, '.claude', 'plugins', 'cache', 'mkt', 'tools', '1.0.0');
  await sb.write(join(root, '.claude-plugin', 'plugin.json'), { name: 'tools', version: '1.0.0', ...opts.manifest });
  if (opts.mcpJson) await sb.write(join(root, '.mcp.json'), opts.mcpJson);
  const install = { scope: opts.scope ?? 'user', installPath: root, version: '1.0.0', ...(opts.scope === 'project' ? { projectPath: sb.ws } : {}) };
  await sb.write(join(sb.home, '.claude', 'plugins', 'installed_plugins.json'), { version: 2, plugins: { 'tools@mkt': [install] } });
  const enabled = { enabledPlugins: { 'tools@mkt': true } };
  if ((opts.enabledIn ?? 'user') === 'user') await sb.write(join(sb.home, '.claude', 'settings.json'), enabled);
  if (opts.enabledIn === 'project') await sb.write(join(sb.ws, '.claude', 'settings.json'), enabled);
  return root;
}

const load = async (profile: 'claude-code' | 'gemini') => (await sb.service().load(profile, sb.ws)).servers;

describe('Claude Code plugins', () => {
  it('servers at the top of .mcp.json, ${CLAUDE_PLUGIN_ROOT} filled in, named plugin:<plugin>:<server>, read-only', async () => {
    const root = await claudePlugin({ mcpJson: { db: { command: '${CLAUDE_PLUGIN_ROOT}/bin/db', args: ['--config', '${CLAUDE_PLUGIN_ROOT}/db.json'] } } });
    const [s] = await load('claude-code');
    expect(s).toMatchObject({ name: 'plugin:tools:db', layer: 'plugin', enabled: true, trusted: true, contributedBy: { kind: 'plugin', name: 'tools' }, path: join(root, '.mcp.json') });
    expect(s!.spec).toMatchObject({ command: join(root, 'bin/db'), args: ['--config', join(root, 'db.json')] });
    const view = await sb.service().load('claude-code', sb.ws);
    expect(view.layers.find((l) => l.layer === 'plugin')).toMatchObject({ writable: false });
  });

  it('mcpServers in plugin.json (an object, or a file named relative to the plugin) wins over .mcp.json', async () => {
    await claudePlugin({ manifest: { mcpServers: { api: { url: 'https://api.example.com/mcp', type: 'http' } } }, mcpJson: { mcpServers: { ignored: { command: 'x' } } } });
    expect((await load('claude-code')).map((s) => s.name)).toEqual(['plugin:tools:api']);
    const root = await claudePlugin({ manifest: { mcpServers: './servers.json' } });
    await sb.write(join(root, 'servers.json'), { mcpServers: { fromFile: { command: 'node' } } });
    expect((await load('claude-code')).map((s) => s.name)).toEqual(['plugin:tools:fromFile']);
  });

  it('switched off in enabledPlugins: off, with the file and key that say so; never listed: off too', async () => {
    await claudePlugin({ mcpJson: { db: { command: 'node' } }, enabledIn: 'none' });
    expect((await load('claude-code'))[0]).toMatchObject({ enabled: false, switchedOff: { key: 'enabledPlugins["tools@mkt"]' } });
    await sb.write(join(sb.home, '.claude', 'settings.json'), { enabledPlugins: { 'tools@mkt': false } });
    expect((await load('claude-code'))[0]).toMatchObject({ enabled: false, switchedOff: { path: join(sb.home, '.claude', 'settings.json') } });
  });

  it("a plugin switched on only by the repository's committed settings waits for the panel's trust; a project install applies only in its project", async () => {
    await claudePlugin({ mcpJson: { db: { command: 'node' } }, enabledIn: 'project' });
    expect((await load('claude-code'))[0]).toMatchObject({ name: 'plugin:tools:db', enabled: true, trusted: false });
    await sb.trust();
    expect((await load('claude-code'))[0]).toMatchObject({ trusted: true });

    await claudePlugin({ mcpJson: { db: { command: 'node' } }, scope: 'project' });
    expect((await load('claude-code')).map((s) => s.name)).toEqual(['plugin:tools:db']);
    const elsewhere = await sb.service().load('claude-code', sb.home);
    expect(elsewhere.servers).toEqual([]);
  });
});

describe('Gemini CLI extensions', () => {
  async function extension(rules?: string[]) {
    const dir = join(sb.home, '.gemini', 'extensions', 'notes');
    await sb.write(join(dir, 'gemini-extension.json'), { name: 'notes', version: '1.0.0', mcpServers: { notes: { command: 'node', args: ['${extensionPath}${/}run.js', '${workspacePath}'], trust: true } } });
    if (rules) await sb.write(join(sb.home, '.gemini', 'extensions', 'extension-enablement.json'), { notes: { overrides: rules } });
    // Gemini suppresses every server in a folder it does not trust: this one it trusts.
    await sb.write(join(sb.home, '.gemini', 'trustedFolders.json'), { [sb.ws]: 'TRUST_FOLDER' });
    return dir;
  }

  it('an installed extension: its placeholders filled in, its own `trust` dropped, read-only', async () => {
    const dir = await extension();
    const [s] = await load('gemini');
    expect(s).toMatchObject({ name: 'notes', layer: 'plugin', enabled: true, contributedBy: { kind: 'extension', name: 'notes' } });
    expect(s!.spec).toMatchObject({ command: 'node', args: [`${dir}/run.js`, sb.ws] });
    expect(s!.entry.trust).toBeUndefined();
  });

  it('the last matching enablement rule decides: off everywhere, then on again below this workspace', async () => {
    await extension([`!${sb.root}/*`]);
    expect((await load('gemini'))[0]).toMatchObject({ enabled: false, switchedOff: { key: 'notes.overrides' } });
    await extension([`!${sb.root}/*`, `${sb.ws}/*`]);
    expect((await load('gemini'))[0]).toMatchObject({ enabled: true });
    // A rule without `*` matches the folder itself only.
    await extension([`!${join(sb.ws, 'sub')}/`]);
    expect((await load('gemini'))[0]).toMatchObject({ enabled: true });
  });

  it('a linked extension is read from its source folder', async () => {
    const source = join(sb.root, 'src-ext');
    await sb.write(join(source, 'gemini-extension.json'), { name: 'linked', mcpServers: { linked: { command: 'node', args: ['${extensionPath}/x.js'] } } });
    await sb.write(join(sb.home, '.gemini', 'extensions', 'linked', '.gemini-extension-install.json'), { source, type: 'link' });
    await sb.write(join(sb.home, '.gemini', 'trustedFolders.json'), { [sb.ws]: 'TRUST_FOLDER' });
    const [s] = await load('gemini');
    expect(s).toMatchObject({ name: 'linked', path: join(source, 'gemini-extension.json') });
    expect(s!.spec!.args).toEqual([`${source}/x.js`]);
  });
});

describe('VS Code discovery of other apps\' files', () => {
  const settings = () => join(sb.home, '.config', 'Code', 'User', 'settings.json');
  const desktop = () => join(sb.home, '.config', 'Claude', 'claude_desktop_config.json');
  const load = async () => (await sb.service().load('vscode', sb.ws)).servers;

  it('off by default: Claude Desktop\'s servers are not VS Code\'s until its source is switched on; then read-only, run in the home folder', async () => {
    await sb.write(desktop(), { mcpServers: { fs: { command: 'npx', args: ['-y', 'fs-server'], env: { A: '1' } }, web: { url: 'https://web.example/mcp', headers: { X: 'y' } } } });
    expect(await load()).toEqual([]);
    await sb.write(settings(), '{\n  // VS Code settings\n  "chat.mcp.discovery.enabled": { "claude-desktop": true },\n}\n');
    const rows = await load();
    expect(rows.map((s) => s.name).sort()).toEqual(['fs', 'web']);
    const fs = rows.find((s) => s.name === 'fs')!;
    expect(fs).toMatchObject({ layer: 'plugin', path: desktop(), contributedBy: { kind: 'discovery', name: 'Claude Desktop' } });
    expect(fs.spec).toMatchObject({ command: 'npx', args: ['-y', 'fs-server'], cwd: sb.home });
    // VS Code keeps a URL and nothing else of a remote entry.
    expect(rows.find((s) => s.name === 'web')!.spec).toMatchObject({ transport: 'http', url: 'https://web.example/mcp', headers: {} });
  });

  it("a workspace's .cursor/mcp.json (cursor-workspace) waits for the panel's trust and runs in the workspace", async () => {
    await sb.write(settings(), { 'chat.mcp.discovery.enabled': { 'cursor-workspace': true, 'cursor-global': false } });
    await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { global: { command: 'node' } } });
    await sb.write(join(sb.ws, '.cursor', 'mcp.json'), { mcpServers: { local: { command: 'node' } } });
    const [s] = await load();
    expect(s).toMatchObject({ name: 'local', trusted: false, contributedBy: { kind: 'discovery', name: 'Cursor (Workspace)' } });
    await sb.trust();
    expect((await load())[0]!.spec).toMatchObject({ cwd: sb.ws });
  });
});
