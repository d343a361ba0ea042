// Gemini CLI's files (shared/profiles/gemini.ts has the sources): ~/.gemini/settings.json and
// <workspace>/.gemini/settings.json (system settings, e.g. /etc/gemini-cli/settings.json, are an
// administrator's and not edited here). Folder trust (packages/core/src/utils/trust.ts
// checkPathTrust): on unless `security.folderTrust.enabled` is false; GEMINI_CLI_TRUST_WORKSPACE
// =true|false decides outright; else ~/.gemini/trustedFolders.json (GEMINI_CLI_TRUSTED_FOLDERS_PATH)
// maps paths to TRUST_FOLDER, TRUST_PARENT or DO_NOT_TRUST. An untrusted folder's settings are not loaded.
import { GEMINI } from '../../../../shared/profiles/gemini';
import type { LayerEnv, LayerLocation } from '../layers';
import { readConfigFile } from '../read-file';
import type { LoadContext } from '../types';
import { loadFiles, pathsFor, projectFile, userFile } from './kit';
import type { EngineProfile } from './types';
import { readdir } from 'node:fs/promises';
import { readGeminiRules } from '../../permissions/agent-rules';

const geminiDir = (home: string, platform?: NodeJS.Platform) => pathsFor(platform).join(home, '.gemini');

async function layerPaths({ home, workspace, platform }: LayerEnv): Promise<LayerLocation[]> {
  const p = pathsFor(platform);
  const out = [userFile(p.join(geminiDir(home, platform), 'settings.json'))];
  if (workspace) out.push(projectFile(p.join(workspace, '.gemini', 'settings.json'), workspace));
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** TRUST_FOLDER trusts the path and below; TRUST_PARENT the folder above it; the longest matching rule decides. */
export function geminiTrusts(rules: Record<string, unknown>, workspace: string, platform?: NodeJS.Platform): boolean | undefined {
  const p = pathsFor(platform);
  let best: { len: number; trusted: boolean } | null = null;
  for (const [path, level] of Object.entries(rules)) {
    const root = level === 'TRUST_PARENT' ? p.dirname(path) : path;
    const rel = p.relative(root, workspace);
    if (rel.startsWith('..') || p.isAbsolute(rel)) continue;
    if (!best || root.length > best.len) best = { len: root.length, trusted: level !== 'DO_NOT_TRUST' };
  }
  return best?.trusted;
}

async function agentTrust(ctx: LoadContext): Promise<string | null> {
  const forced = ctx.env.GEMINI_CLI_TRUST_WORKSPACE;
  if (forced === 'true') return null;
  const refused = `Gemini CLI does not load ${ctx.workspace}'s settings until the folder is trusted (gemini trust, or ~/.gemini/trustedFolders.json); its servers are not started`;
  if (forced === 'false') return refused;
  const user = await readConfigFile(pathsFor(ctx.platform).join(geminiDir(ctx.home, ctx.platform), 'settings.json'));
  const security = user.state === 'ok' && isRecord(user.doc.value) && isRecord(user.doc.value.security) ? user.doc.value.security : {};
  if (isRecord(security.folderTrust) && security.folderTrust.enabled === false) return null;
  const file = ctx.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH || pathsFor(ctx.platform).join(geminiDir(ctx.home, ctx.platform), 'trustedFolders.json');
  const read = await readConfigFile(file);
  const rules = read.state === 'ok' && isRecord(read.doc.value) ? read.doc.value : {};
  return ctx.workspace && geminiTrusts(rules, ctx.workspace, ctx.platform) === true ? null : refused;
}

/**
 * PERM-4: the settings files (trust, mcp.allowed/excluded, tools.* become policy rules) and the
 * user policy files ~/.gemini/policies/*.toml (Storage.getUserPoliciesDir; name order here, Gemini
 * lists the folder unsorted). Workspace policies are switched off in Gemini CLI; admin ones are not read.
 */
async function ruleFiles(where: LayerEnv): Promise<LayerLocation[]> {
  const dir = pathsFor(where.platform).join(geminiDir(where.home, where.platform), 'policies');
  const names = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const policies = names.filter((d) => d.isFile() && d.name.endsWith('.toml')).map((d) => d.name).sort();
  return [...(await layerPaths(where)), ...policies.map((n) => userFile(pathsFor(where.platform).join(dir, n)))];
}

export const GEMINI_ENGINE: EngineProfile = {
  facts: GEMINI,
  ruleFiles,
  readRuleText: readGeminiRules,
  layerPaths,
  loadLayers: async (ctx) => loadFiles('gemini', await layerPaths(ctx), ctx, { agentTrust }),
  detection: (home, _env, platform) => ({ marker: geminiDir(home, platform), configFiles: [pathsFor(platform).join(geminiDir(home, platform), 'settings.json')] }),
};
