// The web host serves `out/renderer`; build it on demand the first time (electron-vite).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is electron/host/web/build.ts). */
export function repoRoot(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
}

export function rendererDir(root = repoRoot()): string {
  return join(root, 'out', 'renderer');
}

export function ensureRendererBuilt(root = repoRoot(), log: (l: string) => void = () => {}): string {
  const dir = rendererDir(root);
  if (existsSync(join(dir, 'index.html'))) return dir;
  log('building the renderer (first run): npx electron-vite build');
  const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0 || !existsSync(join(dir, 'index.html'))) throw new Error('could not build the renderer: run `npx electron-vite build` and read its errors');
  return dir;
}
