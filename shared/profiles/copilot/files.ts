// GitHub Copilot CLI's files (README.md has the sources). Its folder is $COPILOT_HOME, else
// ~/.copilot (XDG_CONFIG_HOME does not move it in 1.0.102). User servers: mcp-config.json there.
// Workspace servers: `.mcp.json`, or `.github/mcp.json` where the folder has no `.mcp.json`, read
// only in a folder Copilot trusts: `trusted_folders` in config.json lists it or a folder above it,
// or COPILOT_ALLOW_ALL=true. Its on/off switch is `disabledMcpServers` in settings.json (what
// `copilot mcp disable` writes), joined by the same list in the workspace's
// `.github/copilot/settings.json` and `.github/copilot/settings.local.json` once the folder is trusted.
import type { AgentFiles, AgentIo, LayerEnv, LayerLocation, LoadContext, PathApi, SwitchEdit } from '../loading';
import { isRecord, projectFile, userFile } from '../places';

const home = ({ env, home }: Omit<LayerEnv, 'workspace'>, p: PathApi) => (env.COPILOT_HOME ? p.resolve(env.COPILOT_HOME) : p.join(home, '.copilot'));
const userSettings = (where: Omit<LayerEnv, 'workspace'>, p: PathApi) => p.join(home(where, p), 'settings.json');
const repoSettings = (workspace: string, p: PathApi) => ['settings.json', 'settings.local.json'].map((n) => p.join(workspace, '.github', 'copilot', n));

/** `.mcp.json` where it exists, else `.github/mcp.json` where that does (Copilot reads one per folder), else `.mcp.json`. */
async function workspaceFile(workspace: string, io: AgentIo): Promise<{ path: string; alternates: string[] }> {
  const [root, github] = [io.path.join(workspace, '.mcp.json'), io.path.join(workspace, '.github', 'mcp.json')];
  return !(await io.exists(root)) && (await io.exists(github)) ? { path: github, alternates: [root] } : { path: root, alternates: [github] };
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Does Copilot trust the workspace: COPILOT_ALLOW_ALL, or a `trusted_folders` entry that is it or a folder above it. */
async function trusted(ctx: LoadContext, io: AgentIo): Promise<boolean> {
  if (ctx.env.COPILOT_ALLOW_ALL === 'true') return true;
  if (!ctx.workspace) return false;
  const config = await io.readValue(io.path.join(home(ctx, io.path), 'config.json'), 'jsonc');
  const p = io.path;
  return strings(isRecord(config) ? config.trusted_folders : undefined).some((folder) => {
    const rel = p.relative(p.resolve(folder), ctx.workspace!);
    return !rel.startsWith('..') && !p.isAbsolute(rel);
  });
}

async function agentTrust(ctx: LoadContext, loc: LayerLocation, io: AgentIo): Promise<string | null> {
  if (loc.layer !== 'project' || (await trusted(ctx, io))) return null;
  return `Copilot CLI skips ${loc.path} until the folder is trusted (its trust prompt, or trusted_folders in ${io.path.join(home(ctx, io.path), 'config.json')}); its servers are not started`;
}

/** The settings files whose `disabledMcpServers` Copilot reads here: the user's, and the workspace's once trusted. */
async function switchFiles(ctx: LoadContext, io: AgentIo): Promise<string[]> {
  const files = [userSettings(ctx, io.path)];
  if (ctx.workspace && (await trusted(ctx, io))) files.push(...repoSettings(ctx.workspace, io.path));
  return files;
}

export const COPILOT_FILES: AgentFiles = {
  async layers(where, io) {
    const out: LayerLocation[] = [userFile(io.path.join(home(where, io.path), 'mcp-config.json'))];
    if (where.workspace) {
      const ws = await workspaceFile(where.workspace, io);
      // Strict JSON there: 1.0.102 skips a workspace file with a comment or a trailing comma whole ("malformed").
      out.push({ ...projectFile(ws.path, where.workspace), alternates: ws.alternates, format: 'json' });
    }
    return out;
  },
  agentTrust,
  /** AGENT-5: a name in any of the `disabledMcpServers` lists Copilot reads is off, whatever its layer (names compared exactly). */
  async switches(ctx, io) {
    const off = new Map<string, string>();
    for (const file of await switchFiles(ctx, io)) {
      const doc = await io.readValue(file, 'jsonc');
      for (const name of strings(isRecord(doc) ? doc.disabledMcpServers : undefined)) if (!off.has(name)) off.set(name, file);
    }
    return ({ name }) => {
      const path = off.get(name);
      return path ? { path, key: 'disabledMcpServers' } : null;
    };
  },
  /**
   * AGENT-5: disable adds the name to the user's `disabledMcpServers`, as `copilot mcp disable`
   * does. Enable takes it out of every list Copilot reads, the workspace's too (its own `copilot mcp
   * enable` leaves a workspace list alone and the server stays off).
   */
  async switchEdits(server, on, where, io) {
    const p = io.path;
    const edit = (file: string, present: boolean): SwitchEdit => ({ kind: 'list', file, format: 'jsonc', path: ['disabledMcpServers'], value: server.name, present });
    if (!on) return [edit(userSettings(where, p), true)];
    const edits = [edit(userSettings(where, p), false)];
    for (const file of where.workspace ? repoSettings(where.workspace, p) : []) {
      const doc = await io.readValue(file, 'jsonc');
      if (strings(isRecord(doc) ? doc.disabledMcpServers : undefined).includes(server.name)) edits.push(edit(file, false));
    }
    return edits;
  },
  detection: (where, p) => ({ marker: home(where, p), configFiles: [p.join(home(where, p), 'mcp-config.json')] }),
};
