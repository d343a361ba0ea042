// The built bin (out/cli/mcp-panel.mjs) in a fresh HOME with MCP_PANEL_DEBUG_CODE_CACHE=1, for the
// code cache's tests (test/integration/cli/code-cache.test.ts, security/code-cache-forgery.test.ts):
// `status --json` as an agent's bridge would start the CLI, and what the cache did on stderr.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import nodeModule from 'node:module';
import { join } from 'node:path';
import { BUILT_CLI } from './run-cli';

/** Node ≥ 22.1 runs the bundle through its own compile cache (module.enableCompileCache) instead. */
export const nodeCompileCache = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function';

export interface CacheRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A HOME named `name` under `dir`, without the outer environment's XDG_CACHE_HOME unless given. */
export function cacheSandbox(dir: string, name: string, extra: NodeJS.ProcessEnv = {}) {
  const home = join(dir, name);
  mkdirSync(home, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: join(home, 'panel-data'), MCP_PANEL_DEBUG_CODE_CACHE: '1', ...extra };
  if (!extra.XDG_CACHE_HOME) delete env.XDG_CACHE_HOME;
  const run = (): CacheRun => {
    const r = spawnSync(process.execPath, [BUILT_CLI, 'status', '--json'], { cwd: home, env, encoding: 'utf8', timeout: 60_000 });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  return { home, cache: join(home, '.cache', 'mcp-panel'), run };
}
