// Gemini CLI's files (profile.ts has the sources): ~/.gemini/settings.json and
// <workspace>/.gemini/settings.json (system settings, e.g. /etc/gemini-cli/settings.json, are an
// administrator's and not edited here). Folder trust (packages/core/src/utils/trust.ts
// checkPathTrust): on unless `security.folderTrust.enabled` is false; GEMINI_CLI_TRUST_WORKSPACE
// =true|false decides outright; else ~/.gemini/trustedFolders.json (GEMINI_CLI_TRUSTED_FOLDERS_PATH)
// maps paths to TRUST_FOLDER, TRUST_PARENT or DO_NOT_TRUST. An untrusted folder's settings are not loaded.
import type { AgentFiles, AgentIo, LayerEnv, LayerLocation, LoadContext, PathApi } from '../loading';
import { isRecord, projectFile, userFile } from '../places';
import { geminiPolicyRules, geminiSettingsRules, USER_TIER } from './rules';

const geminiDir = (home: string, p: PathApi) => p.join(home, '.gemini');

async function layers({ home, workspace }: LayerEnv, { path: p }: AgentIo): Promise<LayerLocation[]> {
  const out = [userFile(p.join(geminiDir(home, p), 'settings.json'))];
  if (workspace) out.push(projectFile(p.join(workspace, '.gemini', 'settings.json'), workspace));
  return out;
}

/** TRUST_FOLDER trusts the path and below; TRUST_PARENT the folder above it; the longest matching rule decides. */
export function geminiTrusts(rules: Record<string, unknown>, workspace: string, p: PathApi): boolean | undefined {
  let best: { len: number; trusted: boolean } | null = null;
  for (const [path, level] of Object.entries(rules)) {
    const root = level === 'TRUST_PARENT' ? p.dirname(path) : path;
    const rel = p.relative(root, workspace);
    if (rel.startsWith('..') || p.isAbsolute(rel)) continue;
    if (!best || root.length > best.len) best = { len: root.length, trusted: level !== 'DO_NOT_TRUST' };
  }
  return best?.trusted;
}

async function agentTrust(ctx: LoadContext, _loc: LayerLocation, io: AgentIo): Promise<string | null> {
  const forced = ctx.env.GEMINI_CLI_TRUST_WORKSPACE;
  if (forced === 'true') return null;
  const refused = `Gemini CLI does not load ${ctx.workspace}'s settings until the folder is trusted (gemini trust, or ~/.gemini/trustedFolders.json); its servers are not started`;
  if (forced === 'false') return refused;
  const user = await io.readValue(io.path.join(geminiDir(ctx.home, io.path), 'settings.json'));
  const security = isRecord(user) && isRecord(user.security) ? user.security : {};
  if (isRecord(security.folderTrust) && security.folderTrust.enabled === false) return null;
  const file = ctx.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH || io.path.join(geminiDir(ctx.home, io.path), 'trustedFolders.json');
  const rules = await io.readValue(file);
  return ctx.workspace && geminiTrusts(isRecord(rules) ? rules : {}, ctx.workspace, io.path) === true ? null : refused;
}

export const GEMINI_FILES: AgentFiles = {
  layers,
  agentTrust,
  detection: ({ home }, p) => ({ marker: geminiDir(home, p), configFiles: [p.join(geminiDir(home, p), 'settings.json')] }),
  /**
   * PERM-4: the settings files (trust, mcp.allowed/excluded, tools.* become policy rules) and the
   * user policy files ~/.gemini/policies/*.toml (Storage.getUserPoliciesDir; name order here, Gemini
   * lists the folder unsorted). Workspace policies are switched off in Gemini CLI; admin ones are not read.
   */
  async ruleFiles(where, io) {
    const dir = io.path.join(geminiDir(where.home, io.path), 'policies');
    const policies = (await io.listFiles(dir)).filter((n) => n.endsWith('.toml'));
    return [...(await layers(where, io)), ...policies.map((n) => userFile(io.path.join(dir, n)))];
  },
  /** A policy `.toml` (user tier; Gemini skips a file whose schema fails, whole) or a settings.json. */
  readRules(value, path) {
    if (!path.endsWith('.toml')) return { rules: geminiSettingsRules(value), problem: null };
    const r = geminiPolicyRules(value, USER_TIER);
    return { rules: r.rules, problem: r.problem === null ? null : { code: 'gemini-skipped', params: { error: r.problem } } };
  },
  ruleFormat: (path) => (path.endsWith('.toml') ? 'toml' : 'jsonc'),
};
