// AGENT-9: the servers Codex's plugins add, as Codex 0.171.0 runs them (checked with its own
// `codex plugin marketplace add`, `plugin add`, `mcp list --json` and a session's
// mcpServerStatus/list, agent contract suite): a plugin is on when config.toml says
// `[plugins."<plugin>@<marketplace>"] enabled = true` (what `plugin add` writes); it is installed
// under $CODEX_HOME/plugins/cache/<marketplace>/<plugin>/<version>. Its servers are `mcpServers`
// of .codex-plugin/plugin.json (an object, or a file named relative to the plugin), else its
// .mcp.json, by their own names; a server of the same name in config.toml wins. Codex fills in no
// `${PLUGIN_ROOT}` in a command's arguments (the server fails to start); a `cwd` of `./…` is taken
// from the plugin's folder, and without one the server runs in the session's folder.
import type { AgentIo, PluginServers } from '../loading';
import { isRecord, pluginServersOf } from '../places';

/** The newest install of a plugin: its version folders, the last in name order. */
async function installRoot(cache: string, marketplace: string, name: string, io: AgentIo): Promise<string | null> {
  const dir = io.path.join(cache, marketplace, name);
  const versions = await io.listDirs(dir);
  return versions.length ? io.path.join(dir, versions[versions.length - 1]!) : null;
}

export async function codexPlugins(io: AgentIo, codexHome: string): Promise<PluginServers[]> {
  const p = io.path;
  const configPath = p.join(codexHome, 'config.toml');
  const config = await io.readValue(configPath, 'toml');
  const plugins = isRecord(config) && isRecord(config.plugins) ? config.plugins : {};
  const out: PluginServers[] = [];
  for (const [id, settings] of Object.entries(plugins)) {
    const at = id.lastIndexOf('@');
    if (at <= 0 || !isRecord(settings)) continue;
    const name = id.slice(0, at);
    const root = await installRoot(p.join(codexHome, 'plugins', 'cache'), id.slice(at + 1), name, io);
    if (!root) continue;
    const manifestPath = p.join(root, '.codex-plugin', 'plugin.json');
    const manifest = await io.readValue(manifestPath, 'json');
    const declared = isRecord(manifest) ? manifest.mcpServers : undefined;
    const path = typeof declared === 'string' ? p.resolve(root, declared) : declared !== undefined ? manifestPath : p.join(root, '.mcp.json');
    const servers = typeof declared === 'object' ? pluginServersOf({ mcpServers: declared }) : pluginServersOf(await io.readValue(path, 'json'));
    if (Object.keys(servers).length === 0) continue;
    for (const entry of Object.values(servers)) {
      if (typeof entry.cwd === 'string' && /^\.(\/|$)/.test(entry.cwd)) entry.cwd = p.resolve(root, entry.cwd);
    }
    const off = settings.enabled === true ? null : { path: configPath, key: `plugins."${id}".enabled` };
    out.push({ kind: 'plugin', name, path, servers, off });
  }
  return out;
}
