// VS Code's files (profile.ts has the sources): the default profile's `User/mcp.json` under the
// settings folder (Linux ~/.config/Code, macOS ~/Library/Application Support/Code, Windows
// %APPDATA%\Code), and the workspace's .vscode/mcp.json. VS Code keeps workspace trust in its own
// state database: the panel's trust decides (SEC-5).
import type { AgentFiles, LayerEnv, PathApi } from '../loading';
import { appDataDir, projectFile, userFile } from '../places';
import { vscodeDiscovery } from './discovery';

const userDir = ({ home, env, platform }: Omit<LayerEnv, 'workspace'>, p: PathApi) => p.join(appDataDir(home, env, platform, p), 'Code', 'User');

export const VSCODE_FILES: AgentFiles = {
  async layers(where, { path: p }) {
    const out = [userFile(p.join(userDir(where, p), 'mcp.json'))];
    if (where.workspace) out.push(projectFile(p.join(where.workspace, '.vscode', 'mcp.json'), where.workspace));
    return out;
  },
  plugins: (where, io) => vscodeDiscovery(where, io, io.path.join(userDir(where, io.path), 'settings.json')),
  detection: (where, p) => ({ marker: userDir(where, p), configFiles: [p.join(userDir(where, p), 'mcp.json')] }),
};
