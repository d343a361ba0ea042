// Node 20 has no compile cache for ES modules (module.enableCompileCache is 22.1+), and
// compiling the CLI's modules was a quarter of its start. So the built CLI is also one CommonJS
// bundle (out/cli/mcp-panel.cjs), run here through vm.Script with V8's code cache: a `status`
// with a warm cache skips nearly all parsing and compiling (figures: scripts/build-node.mjs).
// Not v8-compile-cache(-lib): it keeps its blobs under os.tmpdir() without checking who owns
// them, and makes them right after compiling, when the lazily compiled functions (most of a
// command's code) are not in them yet.
//
// The cache is code we run, so only a file the user owns in a folder only the user can write is
// read; anything unexpected (refused, unreadable, rejected by V8) just means compiling as before.
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { getHeapCodeStatistics } from 'node:v8';
import { Script } from 'node:vm';

/**
 * A run that compiled this much more bytecode than it started with (e.g. `status` after a cache
 * made by `help`) writes the cache again, so it grows to cover the commands in use. Node's own
 * modules count too: `status` from its own cache adds ~0.2 MB, from `help`'s ~0.9 MB.
 */
const REFRESH_GROWTH = 512 * 1024;
/** Caches of other builds or Node versions (a checkout beside an installed copy) kept besides ours. */
const KEEP_OTHERS = 3;
/** A temp file this old was left by a run that died between writing and renaming it. */
const STALE_TEMP_MS = 10 * 60_000;

/** `$XDG_CACHE_HOME/mcp-panel`, else `~/.cache/mcp-panel`; none where owner and mode bits cannot be checked (Windows). */
export function codeCacheDir(env: NodeJS.ProcessEnv): string | undefined {
  if (process.platform === 'win32' || !process.getuid) return undefined;
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache'), 'mcp-panel');
}

/** Ours and not writable by group or others (a file: also a plain file, checked on the open descriptor). */
function trusted(st: { uid: number; mode: number }): boolean {
  return st.uid === process.getuid!() && (st.mode & 0o022) === 0;
}

/** The folder, created 0700 if missing; undefined (and why, for the debug line) when it may not be used. */
function usableDir(dir: string): { ok: true } | { ok: false; why: string } {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = statSync(dir);
    if (!st.isDirectory()) return { ok: false, why: 'not a folder' };
    if (st.uid !== process.getuid!()) return { ok: false, why: 'owned by another user' };
    if (st.mode & 0o022) return { ok: false, why: 'writable by others' };
    return { ok: true };
  } catch (err) {
    return { ok: false, why: (err as Error).message };
  }
}

function readTrusted(file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    const st = fstatSync(fd);
    return st.isFile() && trusted(st) ? readFileSync(fd) : undefined;
  } catch {
    return undefined; // none yet, or unreadable: compile
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Temp file + rename: a concurrent run reads the old cache or the new one, never half of one. */
function writeAtomically(file: string, data: Buffer): void {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(temp, data, { mode: 0o600, flag: 'wx' });
    renameSync(temp, file);
  } catch (err) {
    try {
      unlinkSync(temp);
    } catch {
      // never created
    }
    throw err;
  }
}

/** Bounds the folder: every rebuild or Node upgrade makes a new key, and so a new ~2 MB file. */
function prune(dir: string, keep: string): void {
  const now = Date.now();
  const caches: Array<{ path: string; mtime: number }> = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    try {
      const { mtimeMs } = statSync(path);
      if (name.endsWith('.tmp') && now - mtimeMs > STALE_TEMP_MS) unlinkSync(path);
      else if (name.endsWith('.v8cache') && path !== keep) caches.push({ path, mtime: mtimeMs });
    } catch {
      // removed by a concurrent run
    }
  }
  caches.sort((a, b) => b.mtime - a.mtime);
  for (const { path } of caches.slice(KEEP_OTHERS)) {
    try {
      unlinkSync(path);
    } catch {
      // removed by a concurrent run
    }
  }
}

/**
 * Runs the CommonJS bundle at `file` and returns its exports. The cache is written at exit,
 * after the command ran, so the functions it compiled on demand are in it.
 * MCP_PANEL_DEBUG_CODE_CACHE=1 says on stderr what happened to the cache.
 */
export function requireWithCodeCache(file: string, env: NodeJS.ProcessEnv = process.env): unknown {
  const debug = env.MCP_PANEL_DEBUG_CODE_CACHE === '1' ? (line: string) => process.stderr.write(`code cache: ${line}\n`) : () => {};
  // The build makes the bundle ASCII-only (scripts/build-node.mjs), so latin1 is exact, and
  // cheaper than decoding UTF-8. `#!` is only valid as the very first characters: `//` keeps the offsets.
  const bytes = readFileSync(file);
  const source = bytes.toString('latin1').replace(/^#!/, '//');
  const dir = codeCacheDir(env);
  const checked = dir ? usableDir(dir) : ({ ok: false, why: 'not on this platform' } as const);
  if (!checked.ok) debug(`refused ${dir ?? ''}: ${checked.why}`);
  const key = `cli-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}-${process.version}-${process.arch}.v8cache`;
  const cacheFile = dir && checked.ok ? join(dir, key) : undefined;
  const cachedData = cacheFile ? readTrusted(cacheFile) : undefined;

  const wrapper = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapper, { filename: file, cachedData });
  const accepted = cachedData !== undefined && script.cachedDataRejected === false;
  debug(cachedData === undefined ? 'none' : accepted ? `accepted ${cacheFile}` : `rejected ${cacheFile}`);

  if (cacheFile) {
    const bytecodeAtStart = getHeapCodeStatistics().bytecode_and_metadata_size;
    process.once('exit', () => {
      try {
        if (accepted && getHeapCodeStatistics().bytecode_and_metadata_size - bytecodeAtStart < REFRESH_GROWTH) return;
        const data = script.createCachedData();
        writeAtomically(cacheFile, data);
        debug(`produced ${cacheFile} (${data.length} bytes)`);
        prune(dir!, cacheFile);
      } catch (err) {
        debug(`not written: ${(err as Error).message}`); // a full disk is no reason to fail the command
      }
    });
  }

  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}
