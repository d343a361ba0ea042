// Zed's files (profile.ts has the sources): the user settings.json in Zed's config folder
// (crates/paths config_dir: Linux $FLATPAK_XDG_CONFIG_HOME, else $XDG_CONFIG_HOME or ~/.config,
// + /zed; macOS ~/.config/zed; Windows %APPDATA%\Zed) and the project's .zed/settings.json. Zed
// keeps worktree trust in its own database: the panel's trust decides (SEC-5).
import type { AgentFiles, LayerEnv, PathApi } from '../loading';
import { projectFile, userFile } from '../places';

function dir({ home, env, platform }: Omit<LayerEnv, 'workspace'>, p: PathApi): string {
  if (platform === 'win32') return p.join(env.APPDATA || p.join(home, 'AppData', 'Roaming'), 'Zed');
  if (platform === 'linux' || platform === 'freebsd') return p.join(env.FLATPAK_XDG_CONFIG_HOME || env.XDG_CONFIG_HOME || p.join(home, '.config'), 'zed');
  return p.join(home, '.config', 'zed');
}

export const ZED_FILES: AgentFiles = {
  async layers(where, { path: p }) {
    const out = [userFile(p.join(dir(where, p), 'settings.json'))];
    if (where.workspace) out.push(projectFile(p.join(where.workspace, '.zed', 'settings.json'), where.workspace));
    return out;
  },
  detection: (where, p) => ({ marker: dir(where, p), configFiles: [p.join(dir(where, p), 'settings.json')] }),
};
