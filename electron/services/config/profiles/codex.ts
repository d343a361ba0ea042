// Codex's files (shared/profiles/codex.ts has the sources): $CODEX_HOME/config.toml (default
// ~/.codex/config.toml) and, in a trusted project only, <workspace>/.codex/config.toml. Codex
// trusts a project when the user file says `[projects."<abs path>"] trust_level = "trusted"`
// (the first-run "Do you trust the contents of this directory?" answer, docs/config.md "projects").
import { CODEX } from '../../../../shared/profiles/codex';
import type { LayerEnv, LayerLocation } from '../layers';
import { readConfigFile } from '../read-file';
import type { LoadContext } from '../types';
import { loadFiles, pathsFor, projectFile, userFile } from './kit';
import type { EngineProfile } from './types';
import { readCodexRules } from '../../permissions/agent-rules';

const codexHome = (home: string, env: NodeJS.ProcessEnv, platform?: NodeJS.Platform) => env.CODEX_HOME || pathsFor(platform).join(home, '.codex');

async function layerPaths({ home, env, workspace, platform }: LayerEnv): Promise<LayerLocation[]> {
  const p = pathsFor(platform);
  const out = [userFile(p.join(codexHome(home, env, platform), 'config.toml'))];
  if (workspace) out.push(projectFile(p.join(workspace, '.codex', 'config.toml'), workspace));
  return out;
}

/** Codex reads a project's .codex/config.toml only when the user file trusts the project. */
async function agentTrust(ctx: LoadContext): Promise<string | null> {
  const user = pathsFor(ctx.platform).join(codexHome(ctx.home, ctx.env, ctx.platform), 'config.toml');
  const read = await readConfigFile(user, { format: 'toml' });
  const projects = read.state === 'ok' ? (read.doc.value as { projects?: Record<string, { trust_level?: unknown }> }).projects : undefined;
  const level = projects && ctx.workspace ? projects[ctx.workspace]?.trust_level : undefined;
  if (level === 'trusted') return null;
  return `Codex reads ${ctx.workspace}/.codex/config.toml only in a trusted project (trust_level = "trusted" under [projects."${ctx.workspace}"] in ${user}); its servers are not started`;
}

export const CODEX_ENGINE: EngineProfile = {
  facts: CODEX,
  // PERM-4: its approval settings live in the same config.toml files as its servers.
  readRuleText: (text) => readCodexRules(text),
  layerPaths,
  loadLayers: async (ctx) => loadFiles('codex', await layerPaths(ctx), ctx, { agentTrust }),
  detection: (home, env, platform) => ({ marker: codexHome(home, env, platform), configFiles: [pathsFor(platform).join(codexHome(home, env, platform), 'config.toml')] }),
};
