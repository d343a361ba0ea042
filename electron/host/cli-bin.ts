#!/usr/bin/env node
// The installed `mcp-panel` (package.json `bin`; out/cli/mcp-panel.mjs, a path agents' bridge
// lines name, so it stays). --version and help it answers itself; a command it runs from the
// CLI, built as one CommonJS bundle beside it, loaded the way that starts fastest: Node ≥ 22.1
// keeps compiled code itself (module.enableCompileCache, in the OS temp folder); on Node 20 our
// own V8 code cache does (./code-cache).
import nodeModule, { createRequire } from 'node:module';
import { join } from 'node:path';
import type { CommandIndexEntry } from './cli/commands';
import { frontDoor } from './cli/front-door';
import { requireWithCodeCache } from './code-cache';

/** Baked in by scripts/build-node.mjs (esbuild `define`), as in the bundle. */
declare const __MCP_PANEL_COMMANDS__: CommandIndexEntry[];

const argv = process.argv.slice(2);
const door = await frontDoor(argv, () => Promise.resolve(__MCP_PANEL_COMMANDS__));
if ('code' in door) {
  process.exitCode = door.code;
} else {
  const bundle = join(import.meta.dirname, 'mcp-panel.cjs');
  const { enableCompileCache } = nodeModule as { enableCompileCache?: () => unknown };
  const cli = (enableCompileCache ? (enableCompileCache(), createRequire(import.meta.url)(bundle)) : requireWithCodeCache(bundle)) as typeof import('./cli');
  cli.runAsCommand(argv);
}
