// The fixture MCP servers (test/fixtures/servers, test/e2e/fixtures) start several hundred times
// in one test run, and most of what each start costs is loading the SDK from node_modules: ESM
// resolution and compilation of a few hundred files. The test runners' global setup bundles
// every fixture with esbuild once per run (shared chunks, the SDK included) into
// node_modules/.cache/mcp-panel-fixtures, and `fixture()` names the bundle: the same code,
// measured at ~0.5 s of CPU per start instead of ~0.95 s on the build machines. Where no bundle
// was made (a script run outside the test runners), the source file is used as it is.
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build, type BuildOptions } from 'esbuild';

const ROOT = join(import.meta.dirname, '../..');
// MCP_PANEL_FIXTURES_DIR: a checkout whose node_modules is another's (a linked worktree) keeps its own bundles.
const OUT = process.env.MCP_PANEL_FIXTURES_DIR ?? join(ROOT, 'node_modules/.cache/mcp-panel-fixtures');
const DIRS = ['test/fixtures/servers', 'test/e2e/fixtures'];

/** The path to start a fixture server by, from its path under the repository (`test/fixtures/servers/echo.mjs`). */
export function fixture(path: string): string {
  const bundled = join(OUT, path);
  return existsSync(bundled) ? bundled : join(ROOT, path);
}

// server-everything (the registry's reference server) the same way: ~0.45 s of CPU per start
// instead of ~0.72 s. It reads its docs at ../docs from its own module, so they go beside the bundle.
const EVERYTHING_DIR = 'node_modules/@modelcontextprotocol/server-everything/dist';
const EVERYTHING_BUNDLE = join(OUT, 'server-everything', 'bin', 'index.mjs');
/** The path to start server-everything by (its bundle, or the package's own entry outside the runners). */
export const EVERYTHING = existsSync(EVERYTHING_BUNDLE) ? EVERYTHING_BUNDLE : join(ROOT, EVERYTHING_DIR, 'index.js');

export const COMMON: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  mainFields: ['module', 'main'],
  // Bundled CommonJS (ajv, express for the SSE fixtures) calls require() for node builtins.
  banner: { js: "import { createRequire as __fixtureRequire } from 'node:module'; const require = __fixtureRequire(import.meta.url);" },
  logLevel: 'warning',
};

/**
 * Writes esbuild's output files, each to a temporary name and then renamed over the old one: a
 * runner started beside this one keeps reading whole files (the old ones it opened, or the new),
 * and a bundle hard-linked into another checkout's node_modules (worktrees that share one by hard
 * links) is replaced in this checkout only, not rewritten under the other's feet.
 */
function writeOutputs(files: Array<{ path: string; contents: Uint8Array }>): void {
  for (const f of files) {
    mkdirSync(dirname(f.path), { recursive: true });
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    renameSync(tmp, f.path);
  }
}

/** Bundles every fixture (the runners' global setup; about a second). */
export async function bundleFixtures(): Promise<void> {
  const entries = DIRS.flatMap((d) => readdirSync(join(ROOT, d)).filter((f) => f.endsWith('.mjs') && !f.startsWith('_')).map((f) => join(ROOT, d, f)));
  // Never removed first: a runner started beside this one may be using them.
  const fixtures = await build({
    ...COMMON,
    entryPoints: entries,
    outdir: OUT,
    outbase: ROOT,
    entryNames: '[dir]/[name]',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    write: false,
  });
  writeOutputs(fixtures.outputFiles);
  writeOutputs((await build({ ...COMMON, entryPoints: [join(ROOT, EVERYTHING_DIR, 'index.js')], outfile: EVERYTHING_BUNDLE, write: false })).outputFiles);
  cpSync(join(ROOT, EVERYTHING_DIR, 'docs'), join(OUT, 'server-everything', 'docs'), { recursive: true });
  // Every entry has its bundle (fixture() would silently fall back to the source otherwise).
  for (const e of entries) if (!existsSync(join(OUT, relative(ROOT, e)))) throw new Error(`fixture bundle missing for ${e}`);
}
