// Claude Code's files (profile.ts has the sources): user = ~/.claude.json `mcpServers`; project =
// <repo>/.mcp.json; local = ~/.claude.json `projects["<abs path>"].mcpServers` (private, so no
// workspace trust: it is the user's own file). A .mcp.json server runs only once approved:
// `enableAllProjectMcpServers`, or its name in `enabledMcpjsonServers` and not in
// `disabledMcpjsonServers` (docs "Project scope": "Claude Code prompts for approval before using
// project-scoped servers"; the choices are kept per project in ~/.claude.json, and in settings
// files: never a committed .claude/settings.json, 2.1.196).
import type { AgentFiles, AgentIo, LayerEnv, LayerLocation, LoadContext, PathApi } from '../loading';
import { isRecord, projectFile, userFile } from '../places';
import { claudePlugins } from './plugins';

const claudeJson = (home: string, p: PathApi) => p.join(home, '.claude.json');

type Choices = { all: boolean; enabled: Set<string>; disabled: Set<string> };

const names = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

function addChoices(into: Choices, v: unknown, listsCount: boolean): void {
  if (!isRecord(v)) return;
  if (v.enableAllProjectMcpServers === true) into.all = true;
  if (listsCount) for (const n of names(v.enabledMcpjsonServers)) into.enabled.add(n);
  for (const n of names(v.disabledMcpjsonServers)) into.disabled.add(n);
}

/** This workspace's record in ~/.claude.json (`projects["<abs path>"]`), where Claude keeps its per-project choices. */
async function projectRecord(ctx: LoadContext, io: AgentIo): Promise<Record<string, unknown> | undefined> {
  const root = await io.readValue(claudeJson(ctx.home, io.path));
  const rec = isRecord(root) && isRecord(root.projects) && ctx.workspace ? root.projects[ctx.workspace] : undefined;
  return isRecord(rec) ? rec : undefined;
}

/**
 * The user's approvals for this workspace's .mcp.json servers. `enabledMcpjsonServers`, wherever
 * it is kept, counts only once the folder's trust dialog was accepted (`hasTrustDialogAccepted`:
 * Claude Code 2.1.332 still shows such a server pending, agent contract suite);
 * `enableAllProjectMcpServers` in a settings file approves without it.
 */
async function approvals(ctx: LoadContext, io: AgentIo): Promise<Choices> {
  const p = io.path;
  const choices: Choices = { all: false, enabled: new Set(), disabled: new Set() };
  const project = await projectRecord(ctx, io);
  const accepted = project?.hasTrustDialogAccepted === true;
  addChoices(choices, project, accepted);
  for (const path of [p.join(ctx.home, '.claude', 'settings.json'), p.join(ctx.workspace!, '.claude', 'settings.local.json')]) addChoices(choices, await io.readValue(path), accepted);
  return choices;
}

async function serverTrust(ctx: LoadContext, loc: LayerLocation, io: AgentIo) {
  if (loc.layer !== 'project' || !ctx.workspace) return undefined;
  const c = await approvals(ctx, io);
  return (name: string): string | null => {
    if (c.disabled.has(name)) return `Claude Code: rejected for this project (disabledMcpjsonServers); it is not started`;
    if (c.all || c.enabled.has(name)) return null;
    return `Claude Code: waiting for approval (claude's "⏸ Pending approval"); it is not started until approved in Claude Code or listed in enabledMcpjsonServers`;
  };
}

export const CLAUDE_CODE_FILES: AgentFiles = {
  async layers({ home, workspace }: LayerEnv, { path: p }: AgentIo) {
    const out = [userFile(claudeJson(home, p))];
    if (workspace) {
      // Claude Code 2.1.332 refuses a .mcp.json without `mcpServers` ("mcpServers: Invalid input: expected record, received undefined").
      out.push({ ...projectFile(p.join(workspace, '.mcp.json'), workspace), serversKeyRequired: true });
      out.push({ layer: 'project-local', path: claudeJson(home, p), writable: true, needsTrust: false, container: ['projects', workspace, 'mcpServers'] });
    }
    return out;
  },
  serverTrust,
  plugins: claudePlugins,
  /**
   * AGENT-5: the `/mcp` toggle's per-project switch, `projects["<dir>"].disabledMcpServers` in
   * ~/.claude.json (any scope's server: Claude 2.1.332 shows it "disabled" and starts nothing).
   */
  async switches(ctx, io) {
    const off = new Set(names((await projectRecord(ctx, io))?.disabledMcpServers));
    const where = { path: claudeJson(ctx.home, io.path), key: `projects["${ctx.workspace}"].disabledMcpServers` };
    return (s) => (off.has(s.name) ? where : null);
  },
  /** AGENT-5: `/mcp`'s toggle writes the project's disabledMcpServers; without a workspace there is no switch. */
  async switchEdits(server, on, { home, workspace }, { path: p }) {
    if (!workspace) return null;
    return [{ kind: 'list', file: claudeJson(home, p), format: 'json', path: ['projects', workspace, 'disabledMcpServers'], value: server.name, present: !on }];
  },
  detection: ({ home }, p) => ({ marker: claudeJson(home, p), configFiles: [claudeJson(home, p)] }),
  /**
   * PERM-4: Claude Code's rules are `permissions.allow|ask|deny` in its settings files, local >
   * project > user (code.claude.com/docs/en/settings "Settings files", "Settings precedence"):
   * ~/.claude/settings.json, <ws>/.claude/settings.json (committed), <ws>/.claude/settings.local.json.
   */
  async ruleFiles({ home, workspace }, { path: p }) {
    const out: LayerLocation[] = [userFile(p.join(home, '.claude', 'settings.json'))];
    if (workspace) {
      out.push(projectFile(p.join(workspace, '.claude', 'settings.json'), workspace));
      out.push({ ...projectFile(p.join(workspace, '.claude', 'settings.local.json'), workspace), layer: 'project-local' });
    }
    return out;
  },
};
