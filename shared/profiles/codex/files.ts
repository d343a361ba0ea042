// Codex's files (profile.ts has the sources): $CODEX_HOME/config.toml (default
// ~/.codex/config.toml) and, in a trusted project only, <workspace>/.codex/config.toml. Codex
// trusts a project when the user file says `[projects."<abs path>"] trust_level = "trusted"`
// (the first-run "Do you trust the contents of this directory?" answer, docs/config.md "projects").
import type { AgentFiles, LayerEnv, PathApi } from '../loading';
import { isRecord, projectFile, userFile } from '../places';
import { codexPlugins } from './plugins';
import { codexRules } from './rules';

const codexHome = ({ home, env }: Pick<LayerEnv, 'home' | 'env'>, p: PathApi) => env.CODEX_HOME || p.join(home, '.codex');
const userConfig = (where: Pick<LayerEnv, 'home' | 'env'>, p: PathApi) => p.join(codexHome(where, p), 'config.toml');

export const CODEX_FILES: AgentFiles = {
  async layers(where, { path: p }) {
    const out = [userFile(userConfig(where, p))];
    if (where.workspace) out.push(projectFile(p.join(where.workspace, '.codex', 'config.toml'), where.workspace));
    return out;
  },
  /** Codex reads a project's .codex/config.toml only when the user file trusts the project. */
  async agentTrust(ctx, _loc, io) {
    const user = userConfig(ctx, io.path);
    const root = await io.readValue(user, 'toml');
    const projects = isRecord(root) && isRecord(root.projects) ? root.projects : undefined;
    const entry = projects && ctx.workspace ? projects[ctx.workspace] : undefined;
    if (isRecord(entry) && entry.trust_level === 'trusted') return null;
    return `Codex reads ${ctx.workspace}/.codex/config.toml only in a trusted project (trust_level = "trusted" under [projects."${ctx.workspace}"] in ${user}); its servers are not started`;
  },
  plugins: (where, io) => codexPlugins(io, codexHome(where, io.path)),
  detection: (where, p) => ({ marker: codexHome(where, p), configFiles: [userConfig(where, p)] }),
  // PERM-4: its approval settings live in the same config.toml files as its servers.
  readRules: (value) => ({ rules: codexRules(value), problem: null }),
  ruleFormat: () => 'toml',
};
