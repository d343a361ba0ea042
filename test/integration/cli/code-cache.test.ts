// The built CLI's V8 code cache on Node < 22.1 (electron/host/code-cache.ts), through real runs of
// the bin with MCP_PANEL_DEBUG_CODE_CACHE=1: it is kept in the user's own cache folder, private;
// the next run uses it; a damaged or others-writable file is not trusted but replaced; a folder
// others can write is not used at all. Each way, the command itself succeeds.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_CLI, ROOT } from '../../helpers/run-cli';

const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-code-cache-'));
// Node ≥ 22.1 uses its own compile cache (module.enableCompileCache) instead.
const nodeCaches = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function';

/** A fresh HOME, with no XDG_CACHE_HOME of the outer environment unless given. */
function sandbox(name: string, extra: NodeJS.ProcessEnv = {}) {
  const home = join(dir, name);
  mkdirSync(home, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: join(home, 'panel-data'), MCP_PANEL_DEBUG_CODE_CACHE: '1', ...extra };
  if (!extra.XDG_CACHE_HOME) delete env.XDG_CACHE_HOME;
  const run = () => {
    const r = spawnSync(process.execPath, [BUILT_CLI, 'status', '--json'], { cwd: home, env, encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(() => JSON.parse(r.stdout) as unknown).not.toThrow();
    return r.stderr;
  };
  return { home, run };
}

const cacheFiles = (folder: string) => readdirSync(folder).filter((f) => f.endsWith('.v8cache'));
const mode = (path: string) => statSync(path).mode & 0o777;

beforeAll(() => {
  const built = spawnSync(process.execPath, ['scripts/build-node.mjs', '--if-stale', '--quiet'], { cwd: ROOT, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(nodeCaches)('the CLI code cache (Node < 22.1)', () => {
  it('is made by a first run in ~/.cache/mcp-panel (0700, file 0600) and used by the next', () => {
    const { home, run } = sandbox('first');
    expect(run()).toMatch(/code cache: none\n[\s\S]*code cache: produced /);
    const folder = join(home, '.cache', 'mcp-panel');
    expect(mode(folder)).toBe(0o700);
    const [file] = cacheFiles(folder);
    expect(file).toMatch(new RegExp(`^cli-[0-9a-f]{16}-${process.version}-${process.arch}\\.v8cache$`));
    expect(mode(join(folder, file!))).toBe(0o600);
    expect(run()).toContain(`code cache: accepted ${join(folder, file!)}`);
  });

  it('honours XDG_CACHE_HOME', () => {
    const xdg = join(dir, 'xdg-own');
    const { run } = sandbox('xdg', { XDG_CACHE_HOME: xdg });
    expect(run()).toContain(`code cache: produced ${join(xdg, 'mcp-panel')}`);
    expect(cacheFiles(join(xdg, 'mcp-panel'))).toHaveLength(1);
  });

  it('replaces a damaged cache, and does not read one others can write', () => {
    const { home, run } = sandbox('damaged');
    run();
    const folder = join(home, '.cache', 'mcp-panel');
    const file = join(folder, cacheFiles(folder)[0]!);
    writeFileSync(file, Buffer.alloc(4096, 0xa5));
    const damaged = run();
    expect(damaged).toContain(`code cache: rejected ${file}`);
    expect(damaged).toContain(`code cache: produced ${file}`);
    expect(run()).toContain(`code cache: accepted ${file}`);

    chmodSync(file, 0o666);
    const shared = run();
    expect(shared).toMatch(/code cache: none\n[\s\S]*code cache: produced /);
    expect(mode(file)).toBe(0o600);
  });

  it('does not use a cache folder others can write, and the command still runs', () => {
    const xdg = join(dir, 'xdg-open');
    mkdirSync(join(xdg, 'mcp-panel'), { recursive: true });
    chmodSync(join(xdg, 'mcp-panel'), 0o777);
    const { run } = sandbox('open', { XDG_CACHE_HOME: xdg });
    const stderr = run();
    expect(stderr).toContain(`code cache: refused ${join(xdg, 'mcp-panel')}: writable by others`);
    expect(stderr).not.toContain('produced');
    expect(readdirSync(join(xdg, 'mcp-panel'))).toEqual([]);
  });
});
