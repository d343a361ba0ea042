// Goose's one file (shared/profiles/goose.ts has the sources): ~/.config/goose/config.yaml
// ($XDG_CONFIG_HOME/goose on Linux; macOS keeps ~/.config too), Windows
// %APPDATA%\Block\goose\config\config.yaml.
import { GOOSE } from '../../../../shared/profiles/goose';
import type { LayerEnv, LayerLocation } from '../layers';
import { loadFiles, pathsFor, userFile } from './kit';
import type { EngineProfile } from './types';

function dir(home: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  const p = pathsFor(platform);
  if (platform === 'win32') return p.join(env.APPDATA || p.join(home, 'AppData', 'Roaming'), 'Block', 'goose', 'config');
  return p.join((platform === 'linux' && env.XDG_CONFIG_HOME) || p.join(home, '.config'), 'goose');
}

async function layerPaths({ home, env, platform }: LayerEnv): Promise<LayerLocation[]> {
  return [userFile(pathsFor(platform).join(dir(home, env, platform), 'config.yaml'))];
}

export const GOOSE_ENGINE: EngineProfile = {
  facts: GOOSE,
  layerPaths,
  loadLayers: async (ctx) => loadFiles('goose', await layerPaths(ctx), ctx),
  detection: (home, env, platform) => ({ marker: dir(home, env, platform), configFiles: [pathsFor(platform).join(dir(home, env, platform), 'config.yaml')] }),
};
