// Zed's files (shared/profiles/zed.ts has the sources): the user settings.json in Zed's config
// folder (crates/paths config_dir: Linux $FLATPAK_XDG_CONFIG_HOME, else $XDG_CONFIG_HOME or
// ~/.config, + /zed; macOS ~/.config/zed; Windows %APPDATA%\Zed) and the project's
// .zed/settings.json. Zed keeps worktree trust in its own database: the panel's trust decides (SEC-5).
import { ZED } from '../../../../shared/profiles/zed';
import type { LayerEnv, LayerLocation } from '../layers';
import { loadFiles, pathsFor, projectFile, userFile } from './kit';
import type { EngineProfile } from './types';

function dir(home: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  const p = pathsFor(platform);
  if (platform === 'win32') return p.join(env.APPDATA || p.join(home, 'AppData', 'Roaming'), 'Zed');
  if (platform === 'linux' || platform === 'freebsd') return p.join(env.FLATPAK_XDG_CONFIG_HOME || env.XDG_CONFIG_HOME || p.join(home, '.config'), 'zed');
  return p.join(home, '.config', 'zed');
}

async function layerPaths({ home, env, workspace, platform }: LayerEnv): Promise<LayerLocation[]> {
  const p = pathsFor(platform);
  const out = [userFile(p.join(dir(home, env, platform), 'settings.json'))];
  if (workspace) out.push(projectFile(p.join(workspace, '.zed', 'settings.json'), workspace));
  return out;
}

export const ZED_ENGINE: EngineProfile = {
  facts: ZED,
  layerPaths,
  loadLayers: async (ctx) => loadFiles('zed', await layerPaths(ctx), ctx),
  detection: (home, env, platform) => ({ marker: dir(home, env, platform), configFiles: [pathsFor(platform).join(dir(home, env, platform), 'settings.json')] }),
};
