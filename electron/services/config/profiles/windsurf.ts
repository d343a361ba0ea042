// Windsurf's one file (shared/profiles/windsurf.ts has the sources): ~/.codeium/windsurf/mcp_config.json.
import { WINDSURF } from '../../../../shared/profiles/windsurf';
import type { LayerEnv, LayerLocation } from '../layers';
import { loadFiles, pathsFor, userFile } from './kit';
import type { EngineProfile } from './types';

const file = (home: string, platform?: NodeJS.Platform) => pathsFor(platform).join(home, '.codeium', 'windsurf', 'mcp_config.json');

async function layerPaths({ home, platform }: LayerEnv): Promise<LayerLocation[]> {
  return [userFile(file(home, platform))];
}

export const WINDSURF_ENGINE: EngineProfile = {
  facts: WINDSURF,
  layerPaths,
  loadLayers: async (ctx) => loadFiles('windsurf', await layerPaths(ctx), ctx),
  detection: (home, _env, platform) => ({ marker: pathsFor(platform).join(home, '.codeium', 'windsurf'), configFiles: [file(home, platform)] }),
};
