// VS Code's files (shared/profiles/vscode.ts has the sources): the default profile's
// `User/mcp.json` under the settings folder (Linux ~/.config/Code, macOS ~/Library/Application
// Support/Code, Windows %APPDATA%\Code), and the workspace's .vscode/mcp.json. VS Code keeps
// workspace trust in its own state database: the panel's trust decides (SEC-5).
import { VSCODE } from '../../../../shared/profiles/vscode';
import type { LayerEnv, LayerLocation } from '../layers';
import { appDataDir, loadFiles, pathsFor, projectFile, userFile } from './kit';
import type { EngineProfile } from './types';

const userDir = (home: string, env: NodeJS.ProcessEnv, platform?: NodeJS.Platform) => pathsFor(platform).join(appDataDir(home, env, platform), 'Code', 'User');

async function layerPaths({ home, env, workspace, platform }: LayerEnv): Promise<LayerLocation[]> {
  const p = pathsFor(platform);
  const out = [userFile(p.join(userDir(home, env, platform), 'mcp.json'))];
  if (workspace) out.push(projectFile(p.join(workspace, '.vscode', 'mcp.json'), workspace));
  return out;
}

export const VSCODE_ENGINE: EngineProfile = {
  facts: VSCODE,
  layerPaths,
  loadLayers: async (ctx) => loadFiles('vscode', await layerPaths(ctx), ctx),
  detection: (home, env, platform) => ({ marker: userDir(home, env, platform), configFiles: [pathsFor(platform).join(userDir(home, env, platform), 'mcp.json')] }),
};
