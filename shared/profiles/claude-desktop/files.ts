// Claude Desktop's one file (profile.ts has the sources): macOS ~/Library/Application
// Support/Claude/claude_desktop_config.json, Windows %APPDATA%\Claude\claude_desktop_config.json,
// Linux (community builds) ~/.config/Claude/….
import type { AgentFiles, LayerEnv, PathApi } from '../loading';
import { appDataDir, userFile } from '../places';

const dir = ({ home, env, platform }: Omit<LayerEnv, 'workspace'>, p: PathApi) => p.join(appDataDir(home, env, platform, p), 'Claude');
const file = (w: Omit<LayerEnv, 'workspace'>, p: PathApi) => p.join(dir(w, p), 'claude_desktop_config.json');

export const CLAUDE_DESKTOP_FILES: AgentFiles = {
  layers: async (where, { path }) => [userFile(file(where, path))],
  detection: (where, p) => ({ marker: dir(where, p), configFiles: [file(where, p)] }),
};
