// The built CLI's V8 code cache on Node < 22.1 (electron/host/code-cache.ts), through real runs of
// the bin with MCP_PANEL_DEBUG_CODE_CACHE=1: it is kept in the user's own cache folder, private;
// the next run uses it; a damaged or others-writable file is not trusted but replaced; a folder
// others can write is made private again (SEC-8). Each way, the command itself succeeds. The
// attacks (a forged cache, XDG_CACHE_HOME, another user's folder, a link):
// test/integration/security/code-cache-forgery.test.ts.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheSandbox, nodeCompileCache } from '../../helpers/cli-cache-sandbox';
import { ROOT } from '../../helpers/run-cli';

const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-code-cache-'));
const nodeCaches = nodeCompileCache;

/** A fresh HOME; each run must answer (exit 0, JSON) and gives what the cache did. */
function sandbox(name: string) {
  const s = cacheSandbox(dir, name);
  const run = () => {
    const r = s.run();
    expect(r.code, r.stderr).toBe(0);
    expect(() => JSON.parse(r.stdout) as unknown).not.toThrow();
    return r.stderr;
  };
  return { home: s.home, run };
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
    expect(file).toMatch(new RegExp(`^cli-[0-9a-f]{64}-${process.version}-${process.arch}\\.v8cache$`));
    expect(mode(join(folder, file!))).toBe(0o600);
    expect(run()).toContain(`code cache: accepted ${join(folder, file!)}`);
  });

  it('replaces a damaged cache, and does not read one others can write', () => {
    const { home, run } = sandbox('damaged');
    run();
    const folder = join(home, '.cache', 'mcp-panel');
    const file = join(folder, cacheFiles(folder)[0]!);
    writeFileSync(file, Buffer.alloc(4096, 0xa5));
    const damaged = run();
    expect(damaged).toContain(`code cache: refused ${file}: not a cache of this format`);
    expect(damaged).toContain(`code cache: produced ${file}`);
    expect(run()).toContain(`code cache: accepted ${file}`);

    chmodSync(file, 0o666);
    const shared = run();
    expect(shared).toContain(`code cache: refused ${file}: ${file} was writable by other users (mode 0666)`);
    expect(shared).toMatch(/code cache: none\n[\s\S]*code cache: produced /);
    expect(mode(file)).toBe(0o600);
  });

  it('makes a cache folder others can write private again (SEC-8), and the command still runs', () => {
    const { home, run } = sandbox('open');
    const folder = join(home, '.cache', 'mcp-panel');
    mkdirSync(folder, { recursive: true });
    chmodSync(folder, 0o777);
    const stderr = run();
    expect(stderr).toContain(`code cache: ${folder} was mode 0777, open to other users; made it 0700`);
    expect(mode(folder)).toBe(0o700);
    expect(cacheFiles(folder)).toHaveLength(1);
  });
});
