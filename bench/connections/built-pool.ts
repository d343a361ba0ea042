// The pool as it ships, for bench/connections.ts: bundled by esbuild as scripts/build-node.mjs
// bundles the CLI (electron-vite does the same for the panel), not transformed file by file by
// tsx, whose keepNames wraps every function the pool creates per call in `__name`.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { ConnectionPool } from '../../electron/services/connections';

const ROOT = join(import.meta.dirname, '../..');

async function bundle(entry: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-built-'));
  const outfile = join(dir, 'out.mjs');
  await build({
    entryPoints: [join(ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    mainFields: ['module', 'main'],
    external: ['keytar', 'electron'],
    // Bundled CommonJS calls require() for node builtins (as in build-node.mjs).
    banner: { js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);" },
    absWorkingDir: ROOT,
    logLevel: 'warning',
  });
  return outfile;
}

/** ConnectionPool from a fresh bundle of electron/services/connections. */
export async function builtPool(): Promise<typeof ConnectionPool> {
  const mod = (await import(pathToFileURL(await bundle('electron/services/connections/index.ts')).href)) as { ConnectionPool: typeof ConnectionPool };
  return mod.ConnectionPool;
}

/** calls-host.ts bundled the same way (run under valgrind by `--only instructions`). */
export function buildHost(): Promise<string> {
  return bundle('bench/connections/calls-host.ts');
}
