// Cursor's files (shared/profiles/cursor.ts has the sources): global ~/.cursor/mcp.json (on
// Windows %USERPROFILE%\.cursor\mcp.json), project <workspace>/.cursor/mcp.json, which wins.
import { CURSOR } from '../../../../shared/profiles/cursor';
import type { LayerEnv, LayerLocation } from '../layers';
import { loadFiles, pathsFor, projectFile, userFile } from './kit';
import type { EngineProfile } from './types';

async function layerPaths({ home, workspace, platform }: LayerEnv): Promise<LayerLocation[]> {
  const p = pathsFor(platform);
  const out = [userFile(p.join(home, '.cursor', 'mcp.json'))];
  if (workspace) out.push(projectFile(p.join(workspace, '.cursor', 'mcp.json'), workspace));
  return out;
}

export const CURSOR_ENGINE: EngineProfile = {
  facts: CURSOR,
  layerPaths,
  loadLayers: async (ctx) => loadFiles('cursor', await layerPaths(ctx), ctx),
  detection: (home, _env, platform) => {
    const p = pathsFor(platform);
    return { marker: p.join(home, '.cursor'), configFiles: [p.join(home, '.cursor', 'mcp.json')] };
  },
};
