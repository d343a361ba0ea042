// Cline's one file (profile.ts has the sources): cline_mcp_settings.json at
// $CLINE_MCP_SETTINGS_PATH, else $CLINE_DATA_DIR/settings/, else ($CLINE_DIR or ~/.cline)/data/settings/
// (mcp-settings-legacy-migration.ts getSharedMcpSettingsPath, since #11818). A VS Code extension
// from before that reads the file in its globalStorage (Code/User/globalStorage/
// saoudrizwan.claude-dev/settings/, per OS as VS Code's user folder): that one is the layer while
// only it exists; once the shared file exists, Cline has merged it there and reads that.
import type { AgentFiles, LayerEnv, PathApi } from '../loading';
import { appDataDir, userFile } from '../places';
import { clineRules } from './rules';

const FILE = 'cline_mcp_settings.json';

function sharedFile({ home, env }: Omit<LayerEnv, 'workspace'>, p: PathApi): string {
  if (env.CLINE_MCP_SETTINGS_PATH?.trim()) return env.CLINE_MCP_SETTINGS_PATH.trim();
  if (env.CLINE_DATA_DIR?.trim()) return p.join(env.CLINE_DATA_DIR.trim(), 'settings', FILE);
  return p.join(env.CLINE_DIR?.trim() || p.join(home, '.cline'), 'data', 'settings', FILE);
}

/** The VS Code extension's globalStorage file (VS Code's user folder per OS). */
const legacyFile = ({ home, env, platform }: Omit<LayerEnv, 'workspace'>, p: PathApi) =>
  p.join(appDataDir(home, env, platform, p), 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', FILE);

export const CLINE_FILES: AgentFiles = {
  async layers(where, io) {
    const shared = sharedFile(where, io.path);
    const legacy = legacyFile(where, io.path);
    if (!(await io.exists(shared)) && (await io.exists(legacy))) return [{ ...userFile(legacy), preferredPath: shared }];
    return [{ ...userFile(shared), alternates: [legacy] }];
  },
  detection: (where, p) => ({ marker: p.dirname(sharedFile(where, p)), configFiles: [sharedFile(where, p), legacyFile(where, p)] }),
  // PERM-4: `autoApprove` sits in the same file as the servers (plain JSON, as Cline parses it).
  readRules: (value) => ({ rules: clineRules(value), problem: null }),
  ruleFormat: () => 'json',
};
