// BRIDGE-4: the absolute command an agent's bridge line starts. Agents started from a desktop
// launcher have a bare PATH (DOC-2), so nothing here may depend on the agent's PATH:
// - running from the installed bin (npm i -g: the `mcp-panel` on PATH resolves to the script
//   we run), write that bin's absolute path: it survives an upgrade of the package and of Node
//   (nvm moves `process.execPath`, the bin link stays where the user's PATH finds it);
// - running from a checkout (tsx, or its built out/cli), write `node` and the checkout's
//   out/cli/mcp-panel.mjs, both absolute: the script's `#!/usr/bin/env node` would look node up
//   on the agent's PATH, and a source run (tsx) is not something an agent should start.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join } from 'node:path';

export interface BridgeCommand {
  command: string;
  /** Arguments before `bridge` (the script, when `command` is node). */
  prefix: string[];
}

export interface CommandProbe {
  /** The running script (process.argv[1]). */
  script: string | undefined;
  /** The Node binary (process.execPath; not used under Electron, whose binary is not node). */
  execPath: string;
  electron: boolean;
  env: NodeJS.ProcessEnv;
}

function real(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

function onPath(name: string, env: NodeJS.ProcessEnv): string[] {
  return (env.PATH ?? '').split(delimiter).filter((d) => isAbsolute(d)).map((d) => join(d, name)).filter((p) => existsSync(p));
}

/** The folder of the mcp-panel package the script belongs to (walking up to its package.json). */
function packageRoot(script: string): string | null {
  for (let dir = dirname(script), up = 0; up < 6; dir = dirname(dir), up++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown };
      if (pkg.name === 'mcp-panel') return dir;
    } catch {
      /* not here */
    }
    if (dirname(dir) === dir) break;
  }
  return null;
}

export function probeProcess(env: NodeJS.ProcessEnv = process.env): CommandProbe {
  return { script: process.argv[1], execPath: process.execPath, electron: !!process.versions.electron, env };
}

/** The command for the bridge line, or null when neither an installed bin nor a checkout is found. */
export function resolveBridgeCommand(p: CommandProbe): BridgeCommand | null {
  const script = p.script ? real(p.script) : null;
  const bins = onPath('mcp-panel', p.env);
  if (script) {
    const same = bins.find((b) => real(b) === script);
    if (same) return { command: same, prefix: [] };
    const root = packageRoot(script);
    const node = p.electron ? onPath('node', p.env)[0] : p.execPath;
    if (root && node) return { command: node, prefix: [join(root, 'out', 'cli', 'mcp-panel.mjs')] };
  }
  // The app (Electron) or an unknown runner: the installed command, if there is one.
  return bins[0] ? { command: bins[0], prefix: [] } : null;
}
