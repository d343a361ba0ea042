// Import sources (CFG-1 "beyond the seeds"): where Claude Code, Claude Desktop, Cursor and
// VS Code keep their MCP servers. Read-only: the panel never writes these files.
import { escapePointer } from '../../../../shared/json-pointer';
import { join, resolve } from 'node:path';
import { ImportSourceSchema, type ImportSource } from '../../../../shared/contract/editor';
import { homeDir } from '../../paths';
import { isRecord } from '../../../../shared/is-record';

export const IMPORT_SOURCES = ImportSourceSchema.options;
export type { ImportSource };

export interface SourceContext {
  env: NodeJS.ProcessEnv;
  workspace?: string | null;
}

export interface SourceFile {
  source: ImportSource;
  path: string;
  /** `project`: the source tool uses these servers only in this workspace. */
  scope: 'user' | 'project';
  /** Where server objects sit in the file: pointer prefixes, resolved against the parsed value. */
  containers: (value: unknown) => Array<{ pointer: string; servers: Record<string, unknown> }>;
  /** A workspace file: read only when it leads nowhere outside the workspace (issue 21 F9). */
  confineTo?: string;
}


const under =
  (key: string) =>
  (value: unknown): Array<{ pointer: string; servers: Record<string, unknown> }> =>
    isRecord(value) && isRecord(value[key]) ? [{ pointer: `/${key}`, servers: value[key] }] : [];

/**
 * `~/.claude.json`: user servers at the top, per-project ("local" scope) servers under
 * `projects[<abs path>].mcpServers`. `top`: only the top level; a path: only that project;
 * `all`: everything (the secret scan).
 */
function claudeJsonContainers(which: 'top' | 'all' | string) {
  return (value: unknown) => {
    const out = which === 'top' || which === 'all' ? under('mcpServers')(value) : [];
    if (which === 'top') return out;
    const onlyProject = which === 'all' ? null : which;
    const projects = isRecord(value) && isRecord(value.projects) ? value.projects : {};
    for (const [dir, proj] of Object.entries(projects)) {
      if (onlyProject !== null && resolve(dir) !== onlyProject) continue;
      if (isRecord(proj) && isRecord(proj.mcpServers)) {
        out.push({ pointer: `/projects/${escapePointer(dir)}/mcpServers`, servers: proj.mcpServers });
      }
    }
    return out;
  };
}

/** Claude Desktop's config on Linux, macOS and Windows. */
export function claudeDesktopPaths(env: NodeJS.ProcessEnv): string[] {
  const home = homeDir(env);
  const paths = [
    join(env.XDG_CONFIG_HOME || join(home, '.config'), 'Claude', 'claude_desktop_config.json'),
    join(home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json'),
  ];
  if (env.APPDATA) paths.push(join(env.APPDATA, 'Claude', 'claude_desktop_config.json'));
  return paths;
}

export function vscodeUserPaths(env: NodeJS.ProcessEnv): string[] {
  const home = homeDir(env);
  const paths = [
    join(env.XDG_CONFIG_HOME || join(home, '.config'), 'Code', 'User', 'mcp.json'),
    join(home, 'Library', 'Application Support', 'Code', 'User', 'mcp.json'),
  ];
  if (env.APPDATA) paths.push(join(env.APPDATA, 'Code', 'User', 'mcp.json'));
  return paths;
}

/**
 * The files of one source, lowest precedence first (a later file's server of the same name
 * wins on import, as in the source tool: project over user).
 * `allProjects` (the secret scan) reads every project block of `~/.claude.json`.
 */
export function sourceFiles(source: ImportSource, ctx: SourceContext, allProjects = false): SourceFile[] {
  const files = sourceFilesOf(source, ctx, allProjects);
  // A workspace at HOME makes `<ws>/.cursor/mcp.json` the user file itself: read it once, as
  // user. (~/.claude.json is exempt: its per-project block is a different part of the file.)
  const claudeJson = join(homeDir(ctx.env), '.claude.json');
  const userPaths = new Set(files.filter((f) => f.scope === 'user').map((f) => f.path));
  return files.filter((f) => f.scope === 'user' || f.path === claudeJson || !userPaths.has(f.path));
}

function sourceFilesOf(source: ImportSource, ctx: SourceContext, allProjects: boolean): SourceFile[] {
  const home = homeDir(ctx.env);
  const ws = ctx.workspace ? resolve(ctx.workspace) : null;
  switch (source) {
    case 'claude-code': {
      // Claude Code's precedence: local (per-project block) > project (.mcp.json) > user.
      const claudeJson = join(home, '.claude.json');
      if (allProjects) return [{ source, path: claudeJson, scope: 'user', containers: claudeJsonContainers('all') }];
      const files: SourceFile[] = [{ source, path: claudeJson, scope: 'user', containers: claudeJsonContainers('top') }];
      if (ws) {
        files.push({ source, path: join(ws, '.mcp.json'), scope: 'project', containers: under('mcpServers'), confineTo: ws });
        // Claude Code's "local" scope: kept in the user's file, but only for this project.
        files.push({ source, path: claudeJson, scope: 'project', containers: claudeJsonContainers(ws) });
      }
      return files;
    }
    case 'claude-desktop':
      return claudeDesktopPaths(ctx.env).map((path) => ({ source, path, scope: 'user', containers: under('mcpServers') }));
    case 'cursor': {
      const files: SourceFile[] = [{ source, path: join(home, '.cursor', 'mcp.json'), scope: 'user', containers: under('mcpServers') }];
      if (ws) files.push({ source, path: join(ws, '.cursor', 'mcp.json'), scope: 'project', containers: under('mcpServers'), confineTo: ws });
      return files;
    }
    case 'vscode': {
      const files: SourceFile[] = vscodeUserPaths(ctx.env).map((path) => ({ source, path, scope: 'user' as const, containers: under('servers') }));
      if (ws) files.push({ source, path: join(ws, '.vscode', 'mcp.json'), scope: 'project', containers: under('servers'), confineTo: ws });
      return files;
    }
  }
}
