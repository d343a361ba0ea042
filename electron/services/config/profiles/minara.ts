// CFG-1 minara (seed 001): MCP_SERVERS short-circuits both files; otherwise the user and
// project files merge (project wins on id); the v1 URL variables apply only when both are empty.
import { MINARA_V1_URL_VARS } from '../../../../shared/schemas/dialects';
import { resolveLayerPaths } from '../layers';
import { emptyLayer, loadLayer, readText } from '../layer-loader';
import { readConfigFile } from '../read-file';
import type { LoadContext, LoadedLayer } from '../types';

export async function loadMinaraLayers(ctx: LoadContext): Promise<LoadedLayer[]> {
  const locations = await resolveLayerPaths('minara', { env: ctx.env, home: ctx.home, workspace: ctx.workspace });
  const envServers = ctx.env.MCP_SERVERS;
  if (envServers !== undefined && envServers.trim() !== '') {
    // "就算磁盤上有配置文件，MCP_SERVERS=… 也總會短路文件": the files are shown, not read.
    const skipped = locations.map((loc) =>
      emptyLayer({ path: loc.path, layer: loc.layer, dialect: 'minara' }, 'void', 'MCP_SERVERS is set, so this file is not read'),
    );
    const env = loadLayer(readText(envServers, 'MCP_SERVERS'), { path: 'MCP_SERVERS', layer: 'env', dialect: 'minara', listMode: true }, ctx);
    return [...skipped, env];
  }
  const layers: LoadedLayer[] = [];
  // SEC-5: a repository's `.minara/` connects nowhere until its workspace is trusted.
  const trusted = ctx.workspace ? await ctx.isTrusted(ctx.workspace) : false;
  for (const loc of locations) {
    const projectRoot = loc.layer === 'project' ? (ctx.workspace ?? undefined) : undefined;
    layers.push(loadLayer(await readConfigFile(loc.path), { path: loc.path, layer: loc.layer, dialect: 'minara', projectRoot, trusted: !loc.needsTrust || trusted }, ctx));
  }
  // "僅在前兩層都為空時才生效": any entry at all (even a broken one) counts as not empty.
  const filesEmpty = layers.every((l) => l.servers.length === 0);
  for (const [name, id] of Object.entries(MINARA_V1_URL_VARS)) {
    const url = ctx.env[name];
    if (!url) continue;
    const opts = { path: name, layer: 'env' as const, dialect: 'minara' as const, listMode: true };
    if (!filesEmpty) {
      layers.push(emptyLayer(opts, 'void', `${name} is ignored because the config files define servers`));
      continue;
    }
    layers.push(loadLayer(readText(JSON.stringify([{ id, url }]), name), opts, ctx));
  }
  return layers;
}
