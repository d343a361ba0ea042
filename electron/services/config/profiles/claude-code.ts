// Claude Code's files (shared/profiles/claude-code.ts has the sources): user = ~/.claude.json
// `mcpServers`; project = <repo>/.mcp.json; local = ~/.claude.json
// `projects["<abs path>"].mcpServers` (private, so no workspace trust: it is the user's own file).
// A .mcp.json server runs only once approved: `enableAllProjectMcpServers`, or its name in
// `enabledMcpjsonServers` and not in `disabledMcpjsonServers` (docs "Project scope": "Claude Code
// prompts for approval before using project-scoped servers"; the choices are kept per project in
// ~/.claude.json, and in settings files: never a committed .claude/settings.json, 2.1.196).
import { CLAUDE_CODE } from '../../../../shared/profiles/claude-code';
import type { LayerEnv, LayerLocation } from '../layers';
import { readConfigFile } from '../read-file';
import type { LoadContext } from '../types';
import { loadFiles, pathsFor, projectFile, userFile } from './kit';
import type { EngineProfile } from './types';

const claudeJson = (home: string, platform?: NodeJS.Platform) => pathsFor(platform).join(home, '.claude.json');

async function layerPaths({ home, workspace, platform }: LayerEnv): Promise<LayerLocation[]> {
  const p = pathsFor(platform);
  const out = [userFile(claudeJson(home, platform))];
  if (workspace) {
    out.push(projectFile(p.join(workspace, '.mcp.json'), workspace));
    out.push({ layer: 'project-local', path: claudeJson(home, platform), writable: true, needsTrust: false, container: ['projects', workspace, 'mcpServers'] });
  }
  return out;
}

type Choices = { all: boolean; enabled: Set<string>; disabled: Set<string> };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const names = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

function addChoices(into: Choices, v: unknown): void {
  if (!isRecord(v)) return;
  if (v.enableAllProjectMcpServers === true) into.all = true;
  for (const n of names(v.enabledMcpjsonServers)) into.enabled.add(n);
  for (const n of names(v.disabledMcpjsonServers)) into.disabled.add(n);
}

/** The user's approvals for this workspace's .mcp.json servers. */
async function approvals(ctx: LoadContext): Promise<Choices> {
  const p = pathsFor(ctx.platform);
  const choices: Choices = { all: false, enabled: new Set(), disabled: new Set() };
  const ws = ctx.workspace!;
  const sources = [claudeJson(ctx.home, ctx.platform), p.join(ctx.home, '.claude', 'settings.json'), p.join(ws, '.claude', 'settings.local.json')];
  for (const [i, path] of sources.entries()) {
    const read = await readConfigFile(path);
    if (read.state !== 'ok' || !isRecord(read.doc.value)) continue;
    const root = read.doc.value;
    addChoices(choices, i === 0 && isRecord(root.projects) ? root.projects[ws] : root);
  }
  return choices;
}

async function serverTrust(ctx: LoadContext, loc: LayerLocation) {
  if (loc.layer !== 'project' || !ctx.workspace) return undefined;
  const c = await approvals(ctx);
  return (name: string): string | null => {
    if (c.disabled.has(name)) return `Claude Code: rejected for this project (disabledMcpjsonServers); it is not started`;
    if (c.all || c.enabled.has(name)) return null;
    return `Claude Code: waiting for approval (claude's "⏸ Pending approval"); it is not started until approved in Claude Code or listed in enabledMcpjsonServers`;
  };
}

/**
 * PERM-4: Claude Code's rules are `permissions.allow|ask|deny` in its settings files, local >
 * project > user (code.claude.com/docs/en/settings "Settings files", "Settings precedence"):
 * ~/.claude/settings.json, <ws>/.claude/settings.json (committed), <ws>/.claude/settings.local.json.
 */
async function ruleFiles({ home, workspace, platform }: LayerEnv): Promise<LayerLocation[]> {
  const p = pathsFor(platform);
  const out: LayerLocation[] = [userFile(p.join(home, '.claude', 'settings.json'))];
  if (workspace) {
    out.push(projectFile(p.join(workspace, '.claude', 'settings.json'), workspace));
    out.push({ ...projectFile(p.join(workspace, '.claude', 'settings.local.json'), workspace), layer: 'project-local' });
  }
  return out;
}

export const CLAUDE_CODE_ENGINE: EngineProfile = {
  ruleFiles,
  facts: CLAUDE_CODE,
  layerPaths,
  loadLayers: async (ctx) => loadFiles('claude-code', await layerPaths(ctx), ctx, { serverTrust }),
  detection: (home, _env, platform) => ({ marker: claudeJson(home, platform), configFiles: [claudeJson(home, platform)] }),
};
