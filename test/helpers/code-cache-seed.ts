// The built CLI keeps a V8 code cache in $HOME/.cache/mcp-panel (electron/host/code-cache.ts),
// and nearly every test runs it in a HOME of its own, where its first run compiles the bundle
// from source and writes the cache: `status` costs 0.35 CPU s so, 0.19 s from a warm cache. The
// global setup makes one warm cache per run (a `status` in a HOME of its own), and a test HOME
// gets a copy of it before the CLI first runs there. The CLI checks the copy as it checks any
// cache (made from exactly this build, its own folder, private), so a stale or foreign one is
// refused and replaced as before; the code cache's own tests make theirs from nothing
// (test/helpers/cli-cache-sandbox.ts).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_CLI } from './run-cli';

const VAR = 'MCP_PANEL_TEST_CODE_CACHE';
const cacheIn = (home: string) => join(home, '.cache', 'mcp-panel');

/** The global setup's half: a warm cache when the tests run the built CLI; returns its removal. */
export function makeSeedCache(): () => void {
  if (process.env.MCP_PANEL_TEST_CLI !== 'built' || !existsSync(BUILT_CLI)) return () => {};
  const home = mkdtempSync(join(tmpdir(), 'mcp-panel-code-cache-'));
  const r = spawnSync(process.execPath, [BUILT_CLI, 'status', '--json'], { cwd: home, env: { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: join(home, 'panel-data') }, encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`the built CLI's status failed in a fresh HOME (${r.status}): ${r.stderr}`);
  // The workers start after the global setup and inherit its environment (vitest and Playwright alike).
  if (existsSync(cacheIn(home))) process.env[VAR] = cacheIn(home);
  return () => rmSync(home, { recursive: true, force: true });
}

/** Before the built CLI runs with `env`: its HOME gets the warm cache if it has none yet. */
export function seedCodeCache(env: NodeJS.ProcessEnv | undefined): void {
  const from = process.env[VAR];
  const home = env?.HOME;
  if (!from || !home || !existsSync(home) || existsSync(cacheIn(home))) return;
  // As the CLI makes them: both folders 0700, each file 0600 (copyFileSync keeps the mode).
  mkdirSync(cacheIn(home), { recursive: true, mode: 0o700 });
  for (const f of readdirSync(from)) copyFileSync(join(from, f), join(cacheIn(home), f));
}
