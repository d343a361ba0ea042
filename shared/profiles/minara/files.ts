// CFG-1 minara (seed 001): MCP_SERVERS short-circuits both files; otherwise the user and
// project files merge (project wins on id); the v1 URL variables apply only when both are empty.
import { catalogueTranslator } from '../../i18n/core';
import { notes } from '../../i18n/messages/notes';
import type { LayerInfo } from '../../schemas/server';
import type { AgentFiles, AgentIo, LayerEnv, LayerLocation, LoadContext, LoadedLayer, LoadKit, PathApi } from '../loading';
import { withLegacy } from '../places';
import { MINARA_DEFAULTS, MINARA_V1_URL_VARS } from './dialect';

/** Seed 001: MINARA_DATA_DIR overrides ~/.minara. */
export const minaraDataDir = (env: NodeJS.ProcessEnv, home: string, p: PathApi) => (env.MINARA_DATA_DIR ? p.resolve(env.MINARA_DATA_DIR) : p.join(home, MINARA_DEFAULTS.dataDir));

async function layers({ env, home, workspace }: LayerEnv, io: AgentIo): Promise<LayerLocation[]> {
  const p = io.path;
  const data = minaraDataDir(env, home, p);
  const out: LayerLocation[] = [{ layer: 'user', ...(await withLegacy(p.join(data, 'mcp', 'servers.json'), p.join(data, 'mcp.json'), io.exists)), writable: true, needsTrust: false }];
  // Seed 001: the nearest folder up from the workspace holding `.minara/` (the user data folder
  // is not a project). None: the layer is still listed (missing) at the workspace root.
  const repo = workspace ? ((await io.findUp(workspace, '.minara', data)) ?? workspace) : null;
  if (repo) {
    const dir = p.join(repo, '.minara');
    out.push({ layer: 'project', ...(await withLegacy(p.join(dir, 'mcp', 'servers.json'), p.join(dir, 'mcp.json'), io.exists)), writable: true, needsTrust: true, confineTo: repo });
  }
  return out;
}

const english = catalogueTranslator(notes, 'en');

/** UI-9: the note as a code for the renderer, its English (same catalogue) in `error` for the CLI. */
function noted(layer: LoadedLayer, note: NonNullable<LayerInfo['note']>): LoadedLayer {
  layer.info = { ...layer.info, error: english(`layer.note.${note.code}`, note.params), note };
  return layer;
}

const envServersSet = (ctx: LoadContext): boolean => (ctx.env.MCP_SERVERS ?? '').trim() !== '';

async function load<R>(ctx: LoadContext, io: AgentIo, kit: LoadKit<R>): Promise<LoadedLayer[]> {
  const locations = await layers(ctx, io);
  const out = await earlierSources(ctx, locations, kit);
  // "僅在前兩層都為空時才生效": any entry at all (even a broken one) counts as not empty. An
  // MCP_SERVERS of `[]` is an empty first source, and the files it short-circuits give nothing.
  const earlierEmpty = out.every((l) => l.servers.length === 0);
  for (const [name, id] of Object.entries(MINARA_V1_URL_VARS)) {
    const url = ctx.env[name];
    if (!url) continue;
    const opts = { path: name, layer: 'env' as const, dialect: 'minara' as const, listMode: true, writable: false };
    if (!earlierEmpty) {
      out.push(noted(kit.emptyLayer(opts, 'void'), { code: envServersSet(ctx) ? 'v1-ignored-env' : 'v1-ignored-files', params: { name } }));
      continue;
    }
    out.push(kit.loadLayer(kit.readText(JSON.stringify([{ id, url }]), name), opts, ctx));
  }
  return out;
}

/** The two earlier sources: MCP_SERVERS when set (the files then shown, not read), else the files. */
async function earlierSources<R>(ctx: LoadContext, locations: LayerLocation[], kit: LoadKit<R>): Promise<LoadedLayer[]> {
  const envServers = ctx.env.MCP_SERVERS;
  if (envServers === undefined || !envServersSet(ctx)) {
    // SEC-5: a repository's `.minara/` connects nowhere until its workspace is trusted; CFG-3:
    // `${VAR}` in headers may be held by the host (CFG-8), asked only when a file was read.
    return kit.loadFiles(locations, ctx);
  }
  // "就算磁盤上有配置文件，MCP_SERVERS=… 也總會短路文件": the files are shown, not read.
  const skipped = locations.map((loc) => noted(kit.emptyLayer({ path: loc.path, layer: loc.layer, dialect: 'minara' }, 'void'), { code: 'env-short-circuit', params: {} }));
  const host = await kit.hostVariables(ctx);
  const env = kit.loadLayer(kit.readText(envServers, 'MCP_SERVERS'), { path: 'MCP_SERVERS', layer: 'env', dialect: 'minara', listMode: true, hostVariables: host.vars, writable: false }, ctx);
  if (host.problem) env.problems.push({ path: env.info.path, pointer: '', ...host.problem, severity: 'warning' });
  return [...skipped, env];
}

export const MINARA_FILES: AgentFiles = {
  layers,
  load,
  detection: ({ env, home }, p) => {
    const data = minaraDataDir(env, home, p);
    return { marker: data, configFiles: [p.join(data, 'mcp', 'servers.json'), p.join(data, 'mcp.json')] };
  },
};
