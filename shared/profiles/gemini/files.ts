// Gemini CLI's files (profile.ts has the sources): ~/.gemini/settings.json and
// <workspace>/.gemini/settings.json (system settings, e.g. /etc/gemini-cli/settings.json, are an
// administrator's and not edited here). Folder trust (packages/core/src/utils/trust.ts
// checkPathTrust): on unless `security.folderTrust.enabled` is false; GEMINI_CLI_TRUST_WORKSPACE
// =true|false decides outright; else ~/.gemini/trustedFolders.json (GEMINI_CLI_TRUSTED_FOLDERS_PATH)
// maps paths to TRUST_FOLDER, TRUST_PARENT or DO_NOT_TRUST. An untrusted folder's settings are not loaded.
import type { AgentFiles, AgentIo, LayerEnv, LayerLocation, LoadContext, PathApi, SwitchedOff, SwitchEdit } from '../loading';
import { isRecord, projectFile, userFile } from '../places';
import { geminiExtensions } from './extensions';
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

const trustedFoldersFile = (ctx: LoadContext, p: PathApi) => ctx.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH || p.join(geminiDir(ctx.home, p), 'trustedFolders.json');

/** Does Gemini trust the workspace folder (always, when folder trust is off)? */
async function folderTrusted(ctx: LoadContext, io: AgentIo): Promise<boolean> {
  const forced = ctx.env.GEMINI_CLI_TRUST_WORKSPACE;
  if (forced === 'true' || forced === 'false') return forced === 'true';
  const user = await io.readValue(io.path.join(geminiDir(ctx.home, io.path), 'settings.json'));
  const security = isRecord(user) && isRecord(user.security) ? user.security : {};
  if (isRecord(security.folderTrust) && security.folderTrust.enabled === false) return true;
  const rules = await io.readValue(trustedFoldersFile(ctx, io.path));
  return !!ctx.workspace && geminiTrusts(isRecord(rules) ? rules : {}, ctx.workspace, io.path) === true;
}

async function agentTrust(ctx: LoadContext, _loc: LayerLocation, io: AgentIo): Promise<string | null> {
  if (await folderTrusted(ctx, io)) return null;
  return `Gemini CLI does not load ${ctx.workspace}'s settings until the folder is trusted (gemini trust, or ~/.gemini/trustedFolders.json); its servers are not started`;
}

const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined);
/** Gemini compares server names lower-cased and trimmed (normalizeServerId). */
const norm = (s: string) => s.toLowerCase().trim();

/**
 * AGENT-5: what Gemini CLI 0.61.0 keeps off (canLoadServer in its core bundle, in its order):
 * `mcp.allowed` (when set, only those), `mcp.excluded`, then its own enablement file
 * ~/.gemini/mcp-server-enablement.json (`{ "<name>": { "enabled": false } }`, what `/mcp disable`
 * writes). The settings are the workspace's when the folder is trusted and it sets them, else the
 * user's (no merge strategy: the higher file wins the whole list). In an untrusted folder Gemini
 * shows every server, user-level too, as Disabled ("User-level servers are also suppressed in
 * untrusted folders").
 */
async function switches(ctx: LoadContext, io: AgentIo): Promise<(s: { name: string }) => SwitchedOff | null> {
  const p = io.path;
  if (ctx.workspace && !(await folderTrusted(ctx, io))) {
    const where = { path: trustedFoldersFile(ctx, p), key: `${ctx.workspace}: folder not trusted` };
    return () => where;
  }
  const files = [p.join(geminiDir(ctx.home, p), 'settings.json'), ...(ctx.workspace ? [p.join(ctx.workspace, '.gemini', 'settings.json')] : [])];
  const lists: Partial<Record<'allowed' | 'excluded', { names: Set<string>; path: string }>> = {};
  for (const path of files) {
    const root = await io.readValue(path);
    const mcp = isRecord(root) && isRecord(root.mcp) ? root.mcp : {};
    for (const k of ['allowed', 'excluded'] as const) {
      const names = strings(mcp[k]);
      if (names) lists[k] = { names: new Set(names.map(norm)), path };
    }
  }
  const enablementPath = p.join(geminiDir(ctx.home, p), 'mcp-server-enablement.json');
  const enablement = await io.readValue(enablementPath);
  return ({ name }) => {
    const id = norm(name);
    if (lists.allowed && !lists.allowed.names.has(id)) return { path: lists.allowed.path, key: 'mcp.allowed' };
    if (lists.excluded?.names.has(id)) return { path: lists.excluded.path, key: 'mcp.excluded' };
    const own = isRecord(enablement) ? enablement[id] : undefined;
    if (isRecord(own) && own.enabled === false) return { path: enablementPath, key: `${id}.enabled` };
    return null;
  };
}

/**
 * AGENT-5: Gemini's own switch, as `/mcp disable` and `/mcp enable` write it: `{ "<name>":
 * { "enabled": false } }` in its enablement file, the key removed again to enable. Enabling also
 * takes the name out of an `mcp.excluded` and into an `mcp.allowed` that would still block it
 * (Gemini itself refuses and asks the person to edit settings.json).
 */
async function switchEdits(server: { name: string }, on: boolean, where: LayerEnv, io: AgentIo): Promise<SwitchEdit[]> {
  const p = io.path;
  const id = norm(server.name);
  const edits: SwitchEdit[] = [{ kind: 'value', file: p.join(geminiDir(where.home, p), 'mcp-server-enablement.json'), format: 'json', path: [id], value: on ? undefined : { enabled: false } }];
  if (!on) return edits;
  const files = [p.join(geminiDir(where.home, p), 'settings.json'), ...(where.workspace ? [p.join(where.workspace, '.gemini', 'settings.json')] : [])];
  for (const file of files) {
    const root = await io.readValue(file);
    const mcp = isRecord(root) && isRecord(root.mcp) ? root.mcp : {};
    for (const listed of strings(mcp.excluded)?.filter((n) => norm(n) === id) ?? []) edits.push({ kind: 'list', file, format: 'jsonc', path: ['mcp', 'excluded'], value: listed, present: false });
    const allowed = strings(mcp.allowed);
    if (allowed && !allowed.some((n) => norm(n) === id)) edits.push({ kind: 'list', file, format: 'jsonc', path: ['mcp', 'allowed'], value: server.name, present: true });
  }
  return edits;
}

export const GEMINI_FILES: AgentFiles = {
  layers,
  agentTrust,
  plugins: (where, io) => geminiExtensions(where, io),
  switches,
  switchEdits,
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
