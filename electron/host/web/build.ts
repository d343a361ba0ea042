// The web host serves `out/renderer`; build it on demand (electron-vite) the first time, and
// again in a checkout whose page sources are newer than the build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

/** The version in our package.json (`mcp-panel --version`, app.info); 0.0.0 when unknown (a CLI bundled away from the repository still runs). */
export function appVersion(at?: string): string {
  try {
    return (JSON.parse(readFileSync(join(at ?? repoRoot(), 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export function rendererDir(at = repoRoot()): string {
  return join(at, 'out', 'renderer');
}

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  // Files only: a folder's own time moves when a checkout is made, not when a source changes.
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/**
 * A checkout whose page sources changed since the last build: a page built before a `git pull`
 * would speak an older contract than the host and refuse its answers. An installed copy ships
 * no sources, so it is never stale.
 */
export function rendererStale(at: string): boolean {
  const index = join(rendererDir(at), 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return ['renderer', 'shared'].some((s) => existsSync(join(at, s)) && newestMtime(join(at, s)) > built);
}

export function ensureRendererBuilt(at = repoRoot(), log: (l: string) => void = () => {}): string {
  const dir = rendererDir(at);
  if (!rendererStale(at)) return dir;
  log(existsSync(join(dir, 'index.html')) ? 'the page sources changed since the last build: npx electron-vite build' : 'building the renderer (first run): npx electron-vite build');
  const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: at, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0 || !existsSync(join(dir, 'index.html'))) throw new Error('could not build the renderer: run `npx electron-vite build` and read its errors');
  return dir;
}
