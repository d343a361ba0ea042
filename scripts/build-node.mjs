// `npm run build:node`: the Node entries as plain JavaScript, bundled by esbuild (already
// here as vite's and tsx's own bundler, so no new dependency; tsup would only wrap it).
//   out/cli/mcp-panel.mjs   the CLI's bin (package.json `bin`): loads out/cli/mcp-panel.cjs
//   out/cli/mcp-panel.cjs   the CLI itself, one CommonJS file (see cliBundle below)
//   out/cli/start.mjs       `npm start`'s Node side (Electron launcher / web host fallback)
//   out/conformance/client.mjs   the conformance suite's client (not shipped)
// Every JavaScript dependency is bundled in (one file read instead of hundreds of module
// resolutions: `status --no-connect` starts in ~2/3 of the time); keytar (a native addon,
// loaded on demand) and electron stay outside. `--if-stale` rebuilds only when a source file
// is newer than the output (what `npm start` runs first).
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'out');
const SOURCES = ['electron', 'shared', 'scripts', 'package.json'];
const CLI_BUNDLE = join(OUT, 'cli/mcp-panel.cjs');
const OUTPUTS = [join(OUT, 'cli/mcp-panel.mjs'), CLI_BUNDLE, join(OUT, 'cli/start.mjs'), join(OUT, 'conformance/client.mjs')];

/**
 * `import { z } from 'zod'` is zod's namespace object, so a bundler keeps all of it, including
 * `z.locales`: 66 translations of its error messages (358 KB, a fifth of what `status` would
 * compile at start). Nothing here switches zod's locale (our messages are our own codes; zod
 * loads English itself from locales/en.js), so the list keeps English only.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";\n',
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // jsonc-parser's `main` is a UMD file whose inner requires esbuild cannot follow.
  mainFields: ['module', 'main'],
  external: ['keytar', 'electron'],
  // Bundled CommonJS (proper-lockfile, cross-spawn, …) calls require() for node builtins.
  banner: { js: "import { createRequire as __mcpPanelRequire } from 'node:module'; const require = __mcpPanelRequire(import.meta.url);" },
  inject: ['scripts/esm-shims.mjs'],
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  absWorkingDir: ROOT,
  plugins: [zodEnglishOnly],
};

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) if (name !== 'node_modules') newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

function stale() {
  if (!OUTPUTS.every((f) => existsSync(f))) return true;
  const built = Math.min(...OUTPUTS.map((f) => statSync(f).mtimeMs));
  return SOURCES.some((s) => existsSync(join(ROOT, s)) && newestMtime(join(ROOT, s)) > built);
}

/** The command list (name, summary, area) read from the command modules, for `help` without loading them. */
async function commandIndex() {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-panel-build-'));
  try {
    const file = join(dir, 'commands.mjs');
    await build({ ...common, sourcemap: false, entryPoints: [join(ROOT, 'electron/host/cli/commands.ts')], outfile: file });
    const { readCommandIndex } = await import(pathToFileURL(file).href);
    return await readCommandIndex();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The CLI as one CommonJS file, run by its bin through vm.Script with a V8 code cache
 * (electron/host/code-cache.ts): Node 20 has no compile cache for ES modules, and compiling
 * them was ~80 ms of a ~350 ms `status`. esbuild turns each `import()` of a bundled module into
 * a lazy initialiser, so a command still evaluates only what it uses (help and --version the
 * bin answers without it). Two cores, medians of 11 alternating runs, CPU user+sys / wall:
 * `status` 330/290 ms as ES chunks, 170/160 ms with a warm cache, 310/280 ms with none (the run
 * that writes it). Whitespace is minified and the output must be ASCII: 2.8 MB instead of 3.9 MB
 * to read and hash, and a one-byte string for V8 (20–30 ms less per start).
 */
const cliBundle = (commands) => ({
  ...common,
  format: 'cjs',
  entryPoints: ['electron/host/cli.ts'],
  outfile: CLI_BUNDLE,
  minifyWhitespace: true,
  // The bundle is not the running file's ES module: import.meta comes from CommonJS's own names.
  banner: { js: "var __mcpPanelImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  inject: [],
  define: {
    __MCP_PANEL_COMMANDS__: JSON.stringify(commands),
    'import.meta.url': '__mcpPanelImportMetaUrl',
    'import.meta.dirname': '__dirname',
    'import.meta.filename': '__filename',
  },
  // A vm.Script has no ES module loader for import(): keytar (external) comes by require() too.
  supported: { 'dynamic-import': false },
});

function assertAscii(file) {
  const bytes = readFileSync(file);
  const at = bytes.findIndex((b) => b > 0x7f);
  if (at >= 0) {
    const line = bytes.subarray(0, at).toString('latin1').split('\n').length;
    throw new Error(`${relative(ROOT, file)}:${line}: a non-ASCII character esbuild did not escape (a regular expression literal?): write it as \\uXXXX in the source`);
  }
}

export async function buildNode() {
  const commands = await commandIndex();
  rmSync(join(OUT, 'cli'), { recursive: true, force: true });
  rmSync(join(OUT, 'conformance'), { recursive: true, force: true });
  await build(cliBundle(commands));
  assertAscii(CLI_BUNDLE);
  // The bin: help and --version, then the bundle (no bundled CommonJS, so no banner or shims).
  await build({
    ...common,
    banner: {},
    inject: [],
    entryPoints: { 'mcp-panel': 'electron/host/cli-bin.ts' },
    outdir: join(OUT, 'cli'),
    outExtension: { '.js': '.mjs' },
    define: { __MCP_PANEL_COMMANDS__: JSON.stringify(commands) },
  });
  await build({
    ...common,
    entryPoints: { start: 'electron/host/start.ts' },
    outdir: join(OUT, 'cli'),
    outExtension: { '.js': '.mjs' },
    splitting: true, // what only the web host fallback needs is loaded on demand
    chunkNames: 'chunks/[name]-[hash]',
  });
  await build({
    ...common,
    entryPoints: { client: 'scripts/conformance-client.ts' },
    outdir: join(OUT, 'conformance'),
    outExtension: { '.js': '.mjs' },
    splitting: true, // the panel engine is a chunk of its own, loaded by the scenarios that use it
    chunkNames: 'chunks/[name]-[hash]',
  });
  return commands.length;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ifStale = process.argv.includes('--if-stale');
  if (ifStale && !stale()) process.exit(0);
  const started = Date.now();
  const n = await buildNode();
  if (!process.argv.includes('--quiet')) process.stdout.write(`built ${relative(ROOT, OUTPUTS[0])} (${n} commands), start.mjs and the conformance client in ${Date.now() - started} ms\n`);
}
