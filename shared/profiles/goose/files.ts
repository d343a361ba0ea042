// Goose's one file (profile.ts has the sources): ~/.config/goose/config.yaml ($XDG_CONFIG_HOME/goose
// on Linux; macOS keeps ~/.config too), Windows %APPDATA%\Block\goose\config\config.yaml.
import type { AgentFiles, LayerEnv, PathApi } from '../loading';
import { userFile } from '../places';

function dir({ home, env, platform }: Omit<LayerEnv, 'workspace'>, p: PathApi): string {
  if (platform === 'win32') return p.join(env.APPDATA || p.join(home, 'AppData', 'Roaming'), 'Block', 'goose', 'config');
  return p.join((platform === 'linux' && env.XDG_CONFIG_HOME) || p.join(home, '.config'), 'goose');
}

export const GOOSE_FILES: AgentFiles = {
  layers: async (where, { path }) => [userFile(path.join(dir(where, path), 'config.yaml'))],
  detection: (where, p) => ({ marker: dir(where, p), configFiles: [p.join(dir(where, p), 'config.yaml')] }),
};
