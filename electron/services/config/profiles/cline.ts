// Cline's one file (shared/profiles/cline.ts has the sources): cline_mcp_settings.json at
// $CLINE_MCP_SETTINGS_PATH, else $CLINE_DATA_DIR/settings/, else ($CLINE_DIR or ~/.cline)/data/settings/
// (mcp-settings-legacy-migration.ts getSharedMcpSettingsPath, since #11818). A VS Code extension
// from before that reads the file in its globalStorage (Code/User/globalStorage/
// saoudrizwan.claude-dev/settings/, per OS as VS Code's user folder): that one is the layer while
// only it exists; once the shared file exists, Cline has merged it there and reads that.
import { CLINE } from '../../../../shared/profiles/cline';
import { exists, type LayerEnv, type LayerLocation } from '../layers';
import { appDataDir, loadFiles, pathsFor, userFile } from './kit';
import type { EngineProfile } from './types';
import { readClineRules } from '../../permissions/agent-rules';

const FILE = 'cline_mcp_settings.json';

function sharedFile(home: string, env: NodeJS.ProcessEnv, platform?: NodeJS.Platform): string {
  const p = pathsFor(platform);
  if (env.CLINE_MCP_SETTINGS_PATH?.trim()) return env.CLINE_MCP_SETTINGS_PATH.trim();
  if (env.CLINE_DATA_DIR?.trim()) return p.join(env.CLINE_DATA_DIR.trim(), 'settings', FILE);
  return p.join(env.CLINE_DIR?.trim() || p.join(home, '.cline'), 'data', 'settings', FILE);
}

/** The VS Code extension's globalStorage file (VS Code's user folder per OS). */
const legacyFile = (home: string, env: NodeJS.ProcessEnv, platform?: NodeJS.Platform) =>
  pathsFor(platform).join(appDataDir(home, env, platform), 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', FILE);

async function layerPaths({ home, env, platform }: LayerEnv): Promise<LayerLocation[]> {
  const shared = sharedFile(home, env, platform);
  const legacy = legacyFile(home, env, platform);
  if (!(await exists(shared)) && (await exists(legacy))) return [{ ...userFile(legacy), preferredPath: shared }];
  return [{ ...userFile(shared), alternates: [legacy] }];
}

export const CLINE_ENGINE: EngineProfile = {
  facts: CLINE,
  // PERM-4: `autoApprove` sits in the same file as the servers.
  readRuleText: (text) => readClineRules(text),
  layerPaths,
  loadLayers: async (ctx) => loadFiles('cline', await layerPaths(ctx), ctx),
  detection: (home, env, platform) => {
    const shared = sharedFile(home, env, platform);
    return { marker: pathsFor(platform).dirname(shared), configFiles: [shared, legacyFile(home, env, platform)] };
  },
};
