#!/usr/bin/env node
// The installed `mcp-panel` (package.json `bin`; out/cli/mcp-panel.mjs, a path agents' bridge
// lines name, so it stays). --version and help it answers itself; a command it runs from the
// CLI, built as one CommonJS bundle beside it, loaded the way that starts fastest: Node ≥ 22.1
// keeps compiled code itself (module.enableCompileCache, given the panel's private cache folder:
// never the shared temp folder, SEC-8); on Node 20 our own V8 code cache does (./code-cache).
import nodeModule, { createRequire } from 'node:module';
import { join } from 'node:path';
import type { CommandIndexEntry } from './cli/commands';
import { frontDoor } from './cli/front-door';
import { compileCacheDir, requireWithCodeCache } from './code-cache';

/** Baked in by scripts/build-node.mjs (esbuild `define`), as in the bundle. */
declare const __MCP_PANEL_COMMANDS__: CommandIndexEntry[];

const argv = process.argv.slice(2);
const door = await frontDoor(argv, () => Promise.resolve(__MCP_PANEL_COMMANDS__));
if ('code' in door) {
  process.exitCode = door.code;
} else {
  const bundle = join(import.meta.dirname, 'mcp-panel.cjs');
  const { enableCompileCache } = nodeModule as { enableCompileCache?: (dir?: string) => unknown };
  let cli: typeof import('./cli');
  if (enableCompileCache) {
    // No private folder to be had (refused, or none on this platform): no compile cache at all.
    const dir = compileCacheDir();
    if (dir) enableCompileCache(dir);
    cli = createRequire(import.meta.url)(bundle) as typeof import('./cli');
  } else cli = requireWithCodeCache(bundle) as typeof import('./cli');
  cli.runAsCommand(argv);
}
