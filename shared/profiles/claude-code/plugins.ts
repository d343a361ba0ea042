// AGENT-9: the servers Claude Code's plugins add, as Claude Code 2.1.332 reads them (checked with
// its own `claude plugin marketplace add`, `plugin install`, `plugin disable` and `mcp list`, agent
// contract suite): installed plugins in ~/.claude/plugins/installed_plugins.json (v2: per id
// `name@marketplace`, a list of installs with `scope`, `installPath`, `projectPath`), switched on by
// `enabledPlugins["name@marketplace"]` in the settings files (user, then the project's
// .claude/settings.json and settings.local.json; a disabled one is not listed at all). A plugin's
// servers are `mcpServers` in .claude-plugin/plugin.json (an object, a file, or a list of them),
// else its .mcp.json (`{ "mcpServers": … }` or the servers at the top, code.claude.com/docs/en/
// plugins-reference "MCP servers"), named `plugin:<plugin>:<server>` (tools
// `mcp__plugin_<plugin>_<server>__<tool>`), `${CLAUDE_PLUGIN_ROOT}` being the plugin's folder: for
// a marketplace that is a local directory, the plugin's folder there (what `mcp list` shows), else
// its copy under ~/.claude/plugins/cache.
import type { AgentIo, LayerEnv, PluginServers, SwitchedOff } from '../loading';
import { isRecord, pluginServersOf } from '../places';

type Servers = Record<string, Record<string, unknown>>;

/** Every string in a value, with `${CLAUDE_PLUGIN_ROOT}` replaced by the plugin's folder. */
function withRoot(v: unknown, root: string): unknown {
  if (typeof v === 'string') return v.replaceAll('${CLAUDE_PLUGIN_ROOT}', root);
  if (Array.isArray(v)) return v.map((x) => withRoot(x, root));
  if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withRoot(x, root)]));
  return v;
}


/** The plugin's servers and the file they came from. */
async function pluginServers(root: string, io: AgentIo): Promise<{ path: string; servers: Servers }> {
  const p = io.path;
  const manifestPath = p.join(root, '.claude-plugin', 'plugin.json');
  const manifest = await io.readValue(manifestPath);
  const declared = isRecord(manifest) ? manifest.mcpServers : undefined;
  if (declared !== undefined) {
    const servers: Servers = {};
    for (const one of Array.isArray(declared) ? declared : [declared]) {
      Object.assign(servers, typeof one === 'string' ? pluginServersOf(await io.readValue(p.resolve(root, one), 'json')) : pluginServersOf({ mcpServers: one }));
    }
    return { path: manifestPath, servers };
  }
  const mcpJson = p.join(root, '.mcp.json');
  return { path: mcpJson, servers: pluginServersOf(await io.readValue(mcpJson, 'json')) };
}

/** The plugin's folder: for a local-directory marketplace, the plugin's source there; else the install's copy. */
async function pluginRoot(name: string, marketplace: string, installPath: string, known: unknown, io: AgentIo): Promise<string> {
  const p = io.path;
  const entry = isRecord(known) && isRecord(known[marketplace]) ? known[marketplace] : {};
  const source = isRecord(entry.source) ? entry.source : {};
  if (source.source !== 'directory' || typeof entry.installLocation !== 'string') return installPath;
  const dir = entry.installLocation;
  const listing = await io.readValue(p.join(dir, '.claude-plugin', 'marketplace.json'), 'json');
  const plugins = isRecord(listing) && Array.isArray(listing.plugins) ? listing.plugins : [];
  const own = plugins.find((x) => isRecord(x) && x.name === name);
  return isRecord(own) && typeof own.source === 'string' ? p.resolve(dir, own.source) : installPath;
}

export async function claudePlugins({ home, workspace }: LayerEnv, io: AgentIo): Promise<PluginServers[]> {
  const p = io.path;
  const installed = await io.readValue(p.join(home, '.claude', 'plugins', 'installed_plugins.json'), 'json');
  const plugins = isRecord(installed) && isRecord(installed.plugins) ? installed.plugins : {};
  if (Object.keys(plugins).length === 0) return [];
  // enabledPlugins: the user's settings, then the project's (shared, then local); the last one that says wins.
  const settings = [p.join(home, '.claude', 'settings.json'), ...(workspace ? [p.join(workspace, '.claude', 'settings.json'), p.join(workspace, '.claude', 'settings.local.json')] : [])];
  const said = new Map<string, { on: boolean; path: string; byWorkspace: boolean }>();
  for (const [i, path] of settings.entries()) {
    const v = await io.readValue(path, 'json');
    const enabled = isRecord(v) && isRecord(v.enabledPlugins) ? v.enabledPlugins : {};
    for (const [id, on] of Object.entries(enabled)) if (typeof on === 'boolean') said.set(id, { on, path, byWorkspace: i > 0 });
  }
  const known = await io.readValue(p.join(home, '.claude', 'plugins', 'known_marketplaces.json'), 'json');
  const out: PluginServers[] = [];
  for (const [id, installs] of Object.entries(plugins)) {
    const at = id.lastIndexOf('@');
    const name = at > 0 ? id.slice(0, at) : id;
    const list = (Array.isArray(installs) ? installs : [installs]).filter(isRecord);
    const install = list.find((x) => x.scope === 'user' || x.scope === undefined) ?? list.find((x) => workspace && x.projectPath === workspace);
    if (!install || typeof install.installPath !== 'string') continue;
    const root = await pluginRoot(name, at > 0 ? id.slice(at + 1) : '', install.installPath, known, io);
    const { path, servers } = await pluginServers(root, io);
    if (Object.keys(servers).length === 0) continue;
    const state = said.get(id);
    const off: SwitchedOff | null = state?.on ? null : { path: state?.path ?? settings[0]!, key: `enabledPlugins["${id}"]` };
    const named = Object.fromEntries(Object.entries(servers).map(([server, entry]) => [`plugin:${name}:${server}`, withRoot(entry, root) as Record<string, unknown>]));
    out.push({ kind: 'plugin', name, path, servers: named, off, ...(state?.on && state.byWorkspace ? { fromWorkspace: true } : {}) });
  }
  return out;
}
