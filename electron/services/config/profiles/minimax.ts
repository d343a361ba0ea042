// CFG-1 minimax (seed 000): user <dataDir>/mcp.json, then the workspace's .mcp.json, which
// is read-only, size-capped, confined to the workspace and the only place ${VAR} expands
// (shared/profiles/minimax.ts).
import { join } from 'node:path';
import { MINIMAX } from '../../../../shared/profiles/minimax';
import { MINIMAX_PROJECT_FILE_MAX_BYTES, MINIMAX_RESERVED_NAMES } from '../../../../shared/schemas/dialects';
import { minimaxDataDir, type LayerEnv, type LayerLocation } from '../layers';
import { hostVariables, loadLayer } from '../layer-loader';
import { readConfigFile } from '../read-file';
import type { LoadContext, LoadedLayer } from '../types';
import type { EngineProfile } from './types';

async function layerPaths({ home, workspace }: LayerEnv): Promise<LayerLocation[]> {
  const out: LayerLocation[] = [{ layer: 'user', path: join(minimaxDataDir(home), 'mcp.json'), writable: true, needsTrust: false }];
  if (workspace) out.push({ layer: 'project', path: join(workspace, '.mcp.json'), writable: false, needsTrust: true, confineTo: workspace });
  return out;
}

async function loadLayers(ctx: LoadContext): Promise<LoadedLayer[]> {
  const locations = await layerPaths(ctx);
  const out: LoadedLayer[] = [];
  // SEC-5: the panel starts things on its own, so minimax project files need trust too.
  const trusted = ctx.workspace ? await ctx.isTrusted(ctx.workspace) : false;
  for (const loc of locations) {
    if (loc.layer === 'project' && ctx.workspace) {
      // CFG-4: realpath inside the workspace, ≤ 1 MiB, else the whole file is void.
      const read = await readConfigFile(loc.path, { maxBytes: MINIMAX_PROJECT_FILE_MAX_BYTES, confineTo: loc.confineTo });
      const host = read.state === 'ok' ? await hostVariables(ctx) : { vars: undefined, problem: null };
      const layer = loadLayer(
        read,
        {
          path: loc.path,
          layer: 'project',
          dialect: 'minimax',
          hostVariables: host.vars,
          reservedNames: MINIMAX_RESERVED_NAMES,
          projectRoot: ctx.workspace,
          trusted: !loc.needsTrust || trusted,
          writable: loc.writable,
        },
        ctx,
      );
      if (host.problem) layer.problems.push({ path: loc.path, pointer: '', ...host.problem, severity: 'warning' });
      out.push(layer);
    } else {
      out.push(loadLayer(await readConfigFile(loc.path), { path: loc.path, layer: loc.layer, dialect: 'minimax' }, ctx));
    }
  }
  return out;
}

export const MINIMAX_ENGINE: EngineProfile = {
  facts: MINIMAX,
  layerPaths,
  loadLayers,
  detection: (home) => ({ marker: minimaxDataDir(home), configFiles: [join(minimaxDataDir(home), 'mcp.json')] }),
};
