// CFG-1 minara (seed 001): MCP_SERVERS short-circuits both files; otherwise the user and
// project files merge (project wins on id); the v1 URL variables apply only when both are empty.
import { join } from 'node:path';
import { catalogueTranslator } from '../../../../shared/i18n/core';
import { notes } from '../../../../shared/i18n/messages/notes';
import { MINARA } from '../../../../shared/profiles/minara';
import { MINARA_V1_URL_VARS } from '../../../../shared/schemas/dialects';
import type { LayerInfo } from '../../../../shared/schemas/server';
import { findMinaraRepo, minaraDataDir, withLegacy, type LayerEnv, type LayerLocation } from '../layers';
import { emptyLayer, hostVariables, loadLayer, readText } from '../layer-loader';
import { readConfigFile } from '../read-file';
import type { LoadContext, LoadedLayer } from '../types';
import type { EngineProfile } from './types';

async function layerPaths({ env, home, workspace }: LayerEnv): Promise<LayerLocation[]> {
  const data = minaraDataDir(env, home);
  const out: LayerLocation[] = [{ layer: 'user', ...(await withLegacy(join(data, 'mcp', 'servers.json'), join(data, 'mcp.json'))), writable: true, needsTrust: false }];
  // No `.minara/` up the tree: the layer is still listed (missing) at the workspace root.
  const repo = workspace ? ((await findMinaraRepo(workspace, data)) ?? workspace) : null;
  if (repo) {
    const dir = join(repo, '.minara');
    out.push({ layer: 'project', ...(await withLegacy(join(dir, 'mcp', 'servers.json'), join(dir, 'mcp.json'))), writable: true, needsTrust: true, confineTo: repo });
  }
  return out;
}

async function loadLayers(ctx: LoadContext): Promise<LoadedLayer[]> {
  const layers = await loadEarlierSources(ctx);
  // "僅在前兩層都為空時才生效": any entry at all (even a broken one) counts as not empty. An
  // MCP_SERVERS of `[]` is an empty first source, and the files it short-circuits give nothing.
  const earlierEmpty = layers.every((l) => l.servers.length === 0);
  for (const [name, id] of Object.entries(MINARA_V1_URL_VARS)) {
    const url = ctx.env[name];
    if (!url) continue;
    const opts = { path: name, layer: 'env' as const, dialect: 'minara' as const, listMode: true, writable: false };
    if (!earlierEmpty) {
      layers.push(noted(emptyLayer(opts, 'void'), { code: envServersSet(ctx) ? 'v1-ignored-env' : 'v1-ignored-files', params: { name } }));
      continue;
    }
    layers.push(loadLayer(readText(JSON.stringify([{ id, url }]), name), opts, ctx));
  }
  return layers;
}

const envServersSet = (ctx: LoadContext): boolean => (ctx.env.MCP_SERVERS ?? '').trim() !== '';

/** The two earlier sources: MCP_SERVERS when set (the files then shown, not read), else the files. */
async function loadEarlierSources(ctx: LoadContext): Promise<LoadedLayer[]> {
  const locations = await layerPaths(ctx);
  const envServers = ctx.env.MCP_SERVERS;
  if (envServers !== undefined && envServersSet(ctx)) {
    // "就算磁盤上有配置文件，MCP_SERVERS=… 也總會短路文件": the files are shown, not read.
    const skipped = locations.map((loc) =>
      noted(emptyLayer({ path: loc.path, layer: loc.layer, dialect: 'minara' }, 'void'), { code: 'env-short-circuit', params: {} }),
    );
    const host = await hostVariables(ctx);
    const env = withHostProblem(loadLayer(readText(envServers, 'MCP_SERVERS'), { path: 'MCP_SERVERS', layer: 'env', dialect: 'minara', listMode: true, hostVariables: host.vars, writable: false }, ctx), host.problem);
    return [...skipped, env];
  }
  // SEC-5: a repository's `.minara/` connects nowhere until its workspace is trusted.
  const trusted = ctx.workspace ? await ctx.isTrusted(ctx.workspace) : false;
  const reads = await Promise.all(locations.map((loc) => readConfigFile(loc.path, { confineTo: loc.confineTo })));
  // CFG-3: `${VAR}` in headers may be held by the host (CFG-8); asked only when a file was read.
  const host = reads.some((r) => r.state === 'ok') ? await hostVariables(ctx) : { vars: undefined, problem: null };
  return locations.map((loc, i) => {
    const projectRoot = loc.layer === 'project' ? (ctx.workspace ?? undefined) : undefined;
    const opts = { path: loc.path, layer: loc.layer, dialect: 'minara' as const, projectRoot, trusted: !loc.needsTrust || trusted, hostVariables: host.vars };
    const read = reads[i] ?? { state: 'missing' as const };
    return withHostProblem(loadLayer(read, opts, ctx), read.state === 'ok' ? host.problem : null);
  });
}

const english = catalogueTranslator(notes, 'en');

/** UI-9: the note as a code for the renderer, its English (same catalogue) in `error` for the CLI. */
function noted(layer: LoadedLayer, note: NonNullable<LayerInfo['note']>): LoadedLayer {
  layer.info = { ...layer.info, error: english(`layer.note.${note.code}`, note.params), note };
  return layer;
}

function withHostProblem(layer: LoadedLayer, problem: Awaited<ReturnType<typeof hostVariables>>['problem']): LoadedLayer {
  if (problem) layer.problems.push({ path: layer.info.path, pointer: '', ...problem, severity: 'warning' });
  return layer;
}

export const MINARA_ENGINE: EngineProfile = {
  facts: MINARA,
  layerPaths,
  loadLayers,
  detection: (home, env) => {
    const data = minaraDataDir(env, home);
    return { marker: data, configFiles: [join(data, 'mcp', 'servers.json'), join(data, 'mcp.json')] };
  },
};
