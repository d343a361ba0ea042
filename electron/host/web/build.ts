// The web host serves `out/renderer`; build it on demand the first time (electron-vite).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * The package root: the nearest folder above this module whose package.json is ours. The
 * module runs from electron/host/web (tsx), from out/cli or out/cli/chunks (built) and from
 * an installed package (…/node_modules/mcp-panel/out/cli), so no fixed `../..` fits all.
 */
export function repoRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      if ((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name === 'mcp-panel') return (root = dir);
    } catch {
      // no (readable) package.json here: keep climbing
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`mcp-panel: no package.json of mcp-panel above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
}

/** The version in our package.json (`mcp-panel --version`, app.info). */
export function appVersion(at = repoRoot()): string {
  try {
    return (JSON.parse(readFileSync(join(at, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export function rendererDir(at = repoRoot()): string {
  return join(at, 'out', 'renderer');
}

export function ensureRendererBuilt(at = repoRoot(), log: (l: string) => void = () => {}): string {
  const dir = rendererDir(at);
  if (existsSync(join(dir, 'index.html'))) return dir;
  log('building the renderer (first run): npx electron-vite build');
  const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: at, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0 || !existsSync(join(dir, 'index.html'))) throw new Error('could not build the renderer: run `npx electron-vite build` and read its errors');
  return dir;
}
