// Claude Desktop's one file (shared/profiles/claude-desktop.ts has the sources):
// macOS ~/Library/Application Support/Claude/claude_desktop_config.json, Windows
// %APPDATA%\Claude\claude_desktop_config.json, Linux (community builds) ~/.config/Claude/….
import { CLAUDE_DESKTOP } from '../../../../shared/profiles/claude-desktop';
import type { LayerEnv, LayerLocation } from '../layers';
import { appDataDir, loadFiles, pathsFor, userFile } from './kit';
import type { EngineProfile } from './types';

const dir = (home: string, env: NodeJS.ProcessEnv, platform?: NodeJS.Platform) => pathsFor(platform).join(appDataDir(home, env, platform), 'Claude');
const file = (home: string, env: NodeJS.ProcessEnv, platform?: NodeJS.Platform) => pathsFor(platform).join(dir(home, env, platform), 'claude_desktop_config.json');

async function layerPaths({ home, env, platform }: LayerEnv): Promise<LayerLocation[]> {
  return [userFile(file(home, env, platform))];
}

export const CLAUDE_DESKTOP_ENGINE: EngineProfile = {
  facts: CLAUDE_DESKTOP,
  layerPaths,
  loadLayers: async (ctx) => loadFiles('claude-desktop', await layerPaths(ctx), ctx),
  detection: (home, env, platform) => ({ marker: dir(home, env, platform), configFiles: [file(home, env, platform)] }),
};
