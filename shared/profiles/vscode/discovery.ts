// AGENT-9: the servers VS Code discovers in other apps' files (microsoft/vscode
// src/vs/workbench/contrib/mcp/common/discovery/nativeMcpDiscoveryAdapters.ts and
// workspaceMcpDiscoveryAdapter.ts; the setting in chat.contribution.ts). `chat.mcp.discovery.enabled`
// in its user settings.json is an object of sources, each off unless set true (`claude-desktop`,
// `windsurf`, `cursor-global`, `cursor-workspace`); the older boolean `true` turns them all on.
// From each file VS Code takes `mcpServers` by name: `url` makes an HTTP server, else a stdio one
// with `command`, `args`, `env`, run in the home folder (a workspace's .cursor/mcp.json: in the
// workspace, and not trusted by default). Only sources switched on are read. Not checked against
// VS Code itself (no binary can be installed here).
import type { AgentIo, LayerEnv, PluginServers } from '../loading';
import { CLAUDE_DESKTOP_FILES } from '../claude-desktop/files';
import { CURSOR_FILES } from '../cursor/files';
import { WINDSURF_FILES } from '../windsurf/files';
import { isRecord, pluginServersOf } from '../places';

interface Source {
  id: 'claude-desktop' | 'windsurf' | 'cursor-global' | 'cursor-workspace';
  label: string;
  file(where: LayerEnv, io: AgentIo): Promise<string | undefined>;
  workspace?: boolean;
}

const layerPath = async (layers: Promise<Array<{ layer: string; path: string }>>, layer: string) => (await layers).find((l) => l.layer === layer)?.path;

const SOURCES: Source[] = [
  { id: 'claude-desktop', label: 'Claude Desktop', file: (w, io) => layerPath(CLAUDE_DESKTOP_FILES.layers(w, io), 'user') },
  { id: 'windsurf', label: 'Windsurf', file: (w, io) => layerPath(WINDSURF_FILES.layers(w, io), 'user') },
  { id: 'cursor-global', label: 'Cursor (Global)', file: (w, io) => layerPath(CURSOR_FILES.layers(w, io), 'user') },
  { id: 'cursor-workspace', label: 'Cursor (Workspace)', file: (w, io) => layerPath(CURSOR_FILES.layers(w, io), 'project'), workspace: true },
];

/** What VS Code keeps of an entry: a URL, or a command line run in `cwd`. */
function adapt(entry: Record<string, unknown>, cwd: string): Record<string, unknown> {
  if (typeof entry.url === 'string') return { type: 'http', url: entry.url };
  return { type: 'stdio', command: entry.command, args: Array.isArray(entry.args) ? entry.args : [], env: isRecord(entry.env) ? entry.env : {}, cwd };
}

export async function vscodeDiscovery(where: LayerEnv, io: AgentIo, settingsPath: string): Promise<PluginServers[]> {
  const settings = await io.readValue(settingsPath, 'jsonc');
  const setting = isRecord(settings) ? settings['chat.mcp.discovery.enabled'] : undefined;
  const on = (id: Source['id']) => setting === true || (isRecord(setting) && setting[id] === true);
  const out: PluginServers[] = [];
  for (const source of SOURCES) {
    if (!on(source.id) || (source.workspace && !where.workspace)) continue;
    const path = await source.file(where, io);
    if (!path) continue;
    const cwd = source.workspace ? where.workspace! : where.home;
    const servers = Object.fromEntries(Object.entries(pluginServersOf(await io.readValue(path, 'json'))).map(([name, entry]) => [name, adapt(entry, cwd)]));
    if (Object.keys(servers).length === 0) continue;
    out.push({ kind: 'discovery', name: source.label, path, servers, off: null, ...(source.workspace ? { fromWorkspace: true } : {}) });
  }
  return out;
}
