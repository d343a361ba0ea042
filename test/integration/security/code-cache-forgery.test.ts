// Issue 35 (SEC-8): the built CLI's V8 code cache was trusted on owner and mode alone, and V8
// checks only the source's length: a cache built from another script of the same length ran in
// place of the CLI (so in every bridge an agent spawns), and XDG_CACHE_HOME, which a
// repository's environment may set, decided where it was looked for. Replayed on the real bin
// (out/cli/mcp-panel.mjs) with MCP_PANEL_DEBUG_CODE_CACHE=1: the forged cache is planted where
// the CLI itself said it keeps its cache, and must be refused while the command still answers.
import { spawnSync } from 'node:child_process';
import { chownSync, chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheSandbox, nodeCompileCache, type CacheRun } from '../../helpers/cli-cache-sandbox';
import { ROOT } from '../../helpers/run-cli';

const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-forged-cache-'));
const BUNDLE = join(ROOT, 'out/cli/mcp-panel.cjs');
// Node ≥ 22.1 runs the bundle through its own compile cache, not this one (checked below).
const nodeCaches = nodeCompileCache;
const sandbox = (name: string, extra: NodeJS.ProcessEnv = {}) => cacheSandbox(dir, name, extra);

/** The command itself answered: exit 0, one JSON document, nothing planted ran. */
function ranTheCli(r: CacheRun): void {
  expect(r.stdout).not.toContain('FORGED');
  expect(r.code, r.stderr).toBe(0);
  expect((JSON.parse(r.stdout) as { servers: unknown[] }).servers).toBeInstanceOf(Array);
}

/**
 * A V8 code cache made from a script other than the CLI but of exactly the same length, by the
 * same Node with the same flags: V8's own check (source length, version, flags) accepts it for
 * the CLI's source, and its top level prints FORGED and exits.
 */
function forgedCache(): Buffer {
  const make = `
    const { Script } = require('node:vm');
    const source = require('node:fs').readFileSync(${JSON.stringify(BUNDLE)}).toString('latin1').replace(/^#!/, '//');
    const head = '(function (exports, require, module, __filename, __dirname) {';
    const length = (head + source + '\\n})').length;
    const evil = "process.stdout.write('FORGED\\\\n'); process.exit(0); /*";
    const forged = evil + ' '.repeat(length - evil.length - 2) + '*/';
    if (forged.length !== length) throw new Error('length');
    process.stdout.write(new Script(forged, { filename: ${JSON.stringify(BUNDLE)} }).createCachedData().toString('base64'));
  `;
  const r = spawnSync(process.execPath, ['-e', make], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(r.status, r.stderr).toBe(0);
  return Buffer.from(r.stdout, 'base64');
}

/** The file the CLI said it wrote its cache to. */
function producedFile(stderr: string): string {
  const m = /code cache: produced (\S+)/.exec(stderr);
  expect(m, stderr).not.toBeNull();
  return m![1]!;
}

beforeAll(() => {
  const built = spawnSync(process.execPath, ['scripts/build-node.mjs', '--if-stale', '--quiet'], { cwd: ROOT, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(nodeCaches)('a forged code cache (Node < 22.1)', () => {
  it('a same-length cache of another script, planted where the CLI keeps its cache, is refused; the command runs', () => {
    const { run } = sandbox('same-length');
    const file = producedFile(run().stderr);
    // Bare V8 data, as the bin used to store its cache.
    writeFileSync(file, forgedCache(), { mode: 0o600 });
    const r = run();
    ranTheCli(r);
    expect(r.stderr).toContain(`code cache: refused ${file}: not a cache of this format`);
    expect(r.stderr).toContain(`code cache: produced ${file}`);
    expect(run().stderr).toContain(`code cache: accepted ${file}`);
  });

  it('a cache that names another source file, or data that does not match its checksum, is refused', async () => {
    const { crc32 } = await import('node:zlib');
    const { run } = sandbox('digests');
    const file = producedFile(run().stderr);
    const forged = forgedCache();
    // The bundle's own identity but for its change time: the same path and size, rewritten since.
    const { readFileSync } = await import('node:fs');
    const identity = readFileSync(file, 'latin1').split('\n')[1]!.replace(/:\d+$/, ':1');
    writeFileSync(file, Buffer.concat([Buffer.from(`MCPV8C2\n${identity}\n${crc32(forged).toString(16).padStart(8, '0')}\n`), forged]));
    let r = run();
    ranTheCli(r);
    expect(r.stderr).toContain(`code cache: refused ${file}: made from another source`);
    const good = readFileSync(file);
    good.writeUInt8(good.readUInt8(good.length - 100) ^ 0xff, good.length - 100); // one flipped byte in the data
    writeFileSync(file, good);
    r = run();
    ranTheCli(r);
    expect(r.stderr).toContain(`code cache: refused ${file}: damaged`);
  });

  it('XDG_CACHE_HOME from the environment does not move the cache: a forged one there is never read', () => {
    const xdg = join(dir, 'repo-cache');
    const { cache, run } = sandbox('xdg', { XDG_CACHE_HOME: xdg });
    const first = run();
    ranTheCli(first);
    expect(producedFile(first.stderr).startsWith(cache + '/')).toBe(true);
    // What a repository could ship under its own .cache: the CLI's own file name, forged content.
    const name = producedFile(first.stderr).slice(cache.length + 1);
    mkdirSync(join(xdg, 'mcp-panel'), { recursive: true, mode: 0o700 });
    writeFileSync(join(xdg, 'mcp-panel', name), forgedCache(), { mode: 0o600 });
    rmSync(join(cache, name));
    const r = run();
    ranTheCli(r);
    expect(r.stderr).not.toContain(xdg);
  });

  it('a cache folder another user owns, or reached through a link, is not used; one open to others is made private', () => {
    const foreign = sandbox('foreign');
    mkdirSync(foreign.cache, { recursive: true, mode: 0o700 });
    chownSync(foreign.cache, 65534, 65534); // nobody: the tests run as root here
    let r = foreign.run();
    ranTheCli(r);
    expect(r.stderr).toContain(`code cache: refused ${foreign.cache}: ${foreign.cache} belongs to user 65534`);
    expect(readdirSync(foreign.cache)).toEqual([]);

    const linked = sandbox('linked');
    const real = join(dir, 'elsewhere');
    mkdirSync(real, { mode: 0o700 });
    mkdirSync(join(linked.home, '.cache'), { mode: 0o700 });
    symlinkSync(real, linked.cache);
    r = linked.run();
    ranTheCli(r);
    expect(r.stderr).toContain(`code cache: refused ${linked.cache}: ${linked.cache} is a symbolic link`);
    expect(readdirSync(real)).toEqual([]);

    const open = sandbox('open');
    mkdirSync(open.cache, { recursive: true, mode: 0o700 });
    chmodSync(open.cache, 0o777);
    r = open.run();
    ranTheCli(r);
    expect(r.stderr).toContain(`${open.cache} was mode 0777, open to other users; made it 0700`);
    expect(statSync(open.cache).mode & 0o777).toBe(0o700);
  });

  it('a cache file another user owns is refused even in our folder', () => {
    const { run } = sandbox('foreign-file');
    const file = producedFile(run().stderr);
    chownSync(file, 65534, 65534);
    const r = run();
    ranTheCli(r);
    expect(r.stderr).toContain(`code cache: refused ${file}: ${file} belongs to user 65534`);
    expect(existsSync(file)).toBe(true);
  });
});

describe.runIf(nodeCaches)('the compile cache (Node ≥ 22.1)', () => {
  it('is kept in the private cache folder, never in the shared temp folder', () => {
    const { cache, run } = sandbox('node22');
    ranTheCli(run());
    expect(readdirSync(join(cache, 'node-compile-cache')).length).toBeGreaterThan(0);
  });
});
