// Qwen Code's files (README.md has the sources; paths are those of the 0.24.4 bundle). Its folder
// is $QWEN_HOME, else ~/.qwen. Servers: settings.json there (user), the workspace's `.mcp.json`
// (project, Claude Code's file) and `.qwen/settings.json` (`qwen mcp add -s project`; the panel
// calls it project-local, as it ranks above `.mcp.json`). No `settings.local.json` is read by 0.24.4.
// Folder trust is off unless `security.folderTrust.enabled` is true; then an untrusted folder's
// settings are not loaded and no MCP server starts at all (discoverAllMcpTools). Every server of
// the two workspace files waits for `qwen mcp approve`, recorded per project and name in
// mcpApprovals.json with the hash of the entry it approved (an edit asks again).
import type { LayerKind } from '../../schemas/server';
import type { AgentFiles, AgentIo, LayerEnv, LayerLocation, LoadContext, PathApi, SwitchedOff, SwitchEdit } from '../loading';
import { compileGlob } from '../../permissions/glob';
import { isRecord, projectFile, userFile } from '../places';
import { geminiTrusts } from '../gemini/files';
import { fromClaudeShape } from './profile';

const qwenDir = ({ env, home }: Omit<LayerEnv, 'workspace'>, p: PathApi) => (env.QWEN_HOME ? p.resolve(env.QWEN_HOME) : p.join(home, '.qwen'));
const userSettings = (where: Omit<LayerEnv, 'workspace'>, p: PathApi) => p.join(qwenDir(where, p), 'settings.json');
const workspaceSettings = (workspace: string, p: PathApi) => p.join(workspace, '.qwen', 'settings.json');

/** isWorkspaceTrusted: trusted unless folder trust is on and trustedFolders.json does not trust the folder (TRUST_FOLDER, TRUST_PARENT, DO_NOT_TRUST; the longest rule decides). */
async function folderTrusted(ctx: LoadContext, io: AgentIo): Promise<boolean> {
  const p = io.path;
  const user = await io.readValue(userSettings(ctx, p), 'jsonc');
  const security = isRecord(user) && isRecord(user.security) ? user.security : {};
  if (!(isRecord(security.folderTrust) && security.folderTrust.enabled === true)) return true;
  const rules = await io.readValue(ctx.env.QWEN_CODE_TRUSTED_FOLDERS_PATH || p.join(qwenDir(ctx, p), 'trustedFolders.json'), 'jsonc');
  return !!ctx.workspace && geminiTrusts(isRecord(rules) ? rules : {}, ctx.workspace, p) === true;
}

async function agentTrust(ctx: LoadContext, loc: LayerLocation, io: AgentIo): Promise<string | null> {
  if (loc.layer === 'user' || (await folderTrusted(ctx, io))) return null;
  return `Qwen Code does not use ${ctx.workspace}'s MCP files until the folder is trusted (security.folderTrust is on; trustedFolders.json); its servers are not started`;
}

/** resolveEnvVarsInObject: `$NAME` and `${NAME}` in every string, from the environment; anything else is left as written. */
function resolveEnv(v: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof v === 'string') return v.replace(/\$(?:(\w+)|{([^}]+)})/g, (whole, a: string | undefined, b: string | undefined) => env[(a ?? b)!] ?? whole);
  if (Array.isArray(v)) return v.map((x) => resolveEnv(x, env));
  if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolveEnv(x, env)]));
  return v;
}

/** hashMcpServerConfig: SHA-256 of the entry without `scope`, `extensionName` and `description`, every object's keys sorted. */
export function qwenConfigHash(entry: Record<string, unknown>, sha256Hex: (text: string) => string): string {
  const behavioral = Object.fromEntries(Object.entries(entry).filter(([k]) => !['scope', 'extensionName', 'description'].includes(k)));
  const stable = JSON.stringify(behavioral, (_k, v: unknown) => (isRecord(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v));
  return sha256Hex(stable);
}

const approvalsFile = (ctx: LoadContext, p: PathApi) => ctx.env.QWEN_CODE_MCP_APPROVALS_PATH || p.join(qwenDir(ctx, p), 'mcpApprovals.json');

/** Per server of a workspace file: approved for this project with the entry as it is now, rejected, or waiting. */
async function serverTrust(ctx: LoadContext, loc: LayerLocation, io: AgentIo) {
  if (loc.layer === 'user' || !ctx.workspace) return undefined;
  const doc = await io.readValue(loc.path, 'jsonc');
  const servers = isRecord(doc) && isRecord(doc.mcpServers) ? doc.mcpServers : {};
  const approvals = await io.readValue(approvalsFile(ctx, io.path), 'jsonc');
  const project = isRecord(approvals) ? approvals[io.path.resolve(ctx.workspace)] : undefined;
  return (name: string): string | null => {
    const raw = servers[name];
    const record = isRecord(project) ? project[name] : undefined;
    if (!isRecord(raw)) return null;
    // As Qwen holds the entry when it hashes it: `.mcp.json` in its own shape, settings with variables resolved.
    const entry = loc.layer === 'project' ? fromClaudeShape(raw) : (resolveEnv(raw, ctx.env) as Record<string, unknown>);
    if (isRecord(record) && record.hash === qwenConfigHash(entry, io.sha256Hex)) {
      if (record.status === 'approved') return null;
      if (record.status === 'rejected') return `Qwen Code: rejected for this project (qwen mcp reject); it is not started`;
    }
    return `Qwen Code: waiting for approval ("Pending approval" in qwen mcp list; qwen mcp approve ${name}); it is not started until approved, and again after any change to its entry`;
  };
}

const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : undefined);

/**
 * AGENT-5: `mcp.allowed` (when set, only the names its patterns match) and `mcp.excluded` (wins),
 * each the concatenation of the user's list and, in a trusted folder, the workspace's; `*` and `?`
 * patterns. In an untrusted folder (folder trust on) no server starts, the user's neither.
 */
async function switches(ctx: LoadContext, io: AgentIo): Promise<(s: { name: string }) => SwitchedOff | null> {
  const p = io.path;
  if (ctx.workspace && !(await folderTrusted(ctx, io))) {
    const where = { path: ctx.env.QWEN_CODE_TRUSTED_FOLDERS_PATH || p.join(qwenDir(ctx, p), 'trustedFolders.json'), key: `${ctx.workspace}: folder not trusted` };
    return () => where;
  }
  const lists: Record<'allowed' | 'excluded', { test: (n: string) => boolean; path: string }[]> = { allowed: [], excluded: [] };
  let anyAllowed: string | null = null;
  for (const path of [userSettings(ctx, p), ...(ctx.workspace ? [workspaceSettings(ctx.workspace, p)] : [])]) {
    const root = await io.readValue(path, 'jsonc');
    const mcp = isRecord(root) && isRecord(root.mcp) ? root.mcp : {};
    for (const k of ['allowed', 'excluded'] as const) {
      const names = strings(mcp[k]);
      if (names === undefined) continue;
      if (k === 'allowed') anyAllowed ??= path;
      lists[k].push(...names.map((n) => ({ test: compileGlob(n), path })));
    }
  }
  return ({ name }) => {
    const excluded = lists.excluded.find((x) => x.test(name));
    if (excluded) return { path: excluded.path, key: 'mcp.excluded' };
    if (anyAllowed && !lists.allowed.some((x) => x.test(name))) return { path: anyAllowed, key: 'mcp.allowed' };
    return null;
  };
}

/**
 * AGENT-5: Qwen's own toggle (its /mcp manager): off adds the name to `mcp.excluded` of the user's
 * settings, or of the workspace's for a workspace server; on takes it out of both lists.
 */
async function switchEdits(server: { name: string; layer: LayerKind }, on: boolean, where: LayerEnv, io: AgentIo): Promise<SwitchEdit[] | null> {
  const p = io.path;
  const files = [userSettings(where, p), ...(where.workspace ? [workspaceSettings(where.workspace, p)] : [])];
  const edit = (file: string, present: boolean): SwitchEdit => ({ kind: 'list', file, format: 'jsonc', path: ['mcp', 'excluded'], value: server.name, present });
  if (!on) return [edit(server.layer === 'user' || !where.workspace ? files[0]! : files[1]!, true)];
  const edits: SwitchEdit[] = [];
  for (const file of files) {
    const root = await io.readValue(file, 'jsonc');
    const mcp = isRecord(root) && isRecord(root.mcp) ? root.mcp : {};
    if (strings(mcp.excluded)?.includes(server.name)) edits.push(edit(file, false));
  }
  return edits;
}

export const QWEN_FILES: AgentFiles = {
  async layers(where, io) {
    const p = io.path;
    const out: LayerLocation[] = [userFile(userSettings(where, p))];
    if (where.workspace) {
      out.push(projectFile(p.join(where.workspace, '.mcp.json'), where.workspace));
      out.push({ ...projectFile(workspaceSettings(where.workspace, p), where.workspace), layer: 'project-local' });
    }
    return out;
  },
  agentTrust,
  serverTrust,
  switches,
  switchEdits,
  detection: (where, p) => ({ marker: qwenDir(where, p), configFiles: [userSettings(where, p)] }),
};
