// Node 20 has no compile cache for ES modules (module.enableCompileCache is 22.1+), and
// compiling the CLI's modules was a quarter of its start. So the built CLI is also one CommonJS
// bundle (out/cli/mcp-panel.cjs), run here through vm.Script with V8's code cache: a `status`
// with a warm cache skips nearly all parsing and compiling (figures: scripts/build-node.mjs).
// Not v8-compile-cache(-lib): it keeps its blobs under os.tmpdir() without checking who owns
// them, and makes them right after compiling, when the lazily compiled functions (most of a
// command's code) are not in them yet.
//
// The cache is code we run (issue 35: V8 checks only the source's length, so a cache built from
// another script of the same length ran in place of the CLI, in every bridge an agent spawns):
// - it lives only in `$HOME/.cache/mcp-panel`, through SEC-8's check of the panel's own folders
//   (ours, private, no link on the way; repaired or refused). XDG_CACHE_HOME is not honoured:
//   devcontainers, direnv layouts and an agent's `env` set it to a folder inside a repository;
//   HOME they do not, and whoever sets HOME already decides the panel's data folder;
// - each file is named by, and carries, the identity of the exact source file it was made from
//   (device, inode, size, and its modification and change times to the nanosecond: any write
//   moves the change time, which no program can set back), and a CRC-32 of its own data; both
//   are checked before V8 sees the data: another script's cache, or a damaged one, is refused
//   and replaced, and the command runs from source as before. Not a SHA-256 of the source and
//   data: that was 5.8 MB hashed at every start (4 % of a `collisions` at scale, more of a bridge
//   start), and guarded against nothing more: the folder is this user's alone (above), and
//   whoever can write in it can write the bundle too.
// On Node ≥ 22.1 the bin uses module.enableCompileCache with a folder of the same check
// (compileCacheDir), never the shared temp folder Node picks by default.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getHeapCodeStatistics } from 'node:v8';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';
import { checkOwnFolder, describeFolderProblem, readOwnRecord } from '../services/own-folder/check';
import { homeDir } from '../services/paths';

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
/** Far above a real cache (~2–4 MB): a larger file is not read. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
/** `MCPV8C2\n<the source file's identity>\n<CRC-32 of the data, 8 hex>\n` before the data. */
const MAGIC = 'MCPV8C2\n';
/** Far above a header: the identity is a few numbers. */
const MAX_HEADER_BYTES = 512;

type Debug = (line: string) => void;

/** The cache folder: `$HOME/.cache/mcp-panel` (see the top); none where owners and modes cannot be checked (Windows). */
export function codeCacheDir(env: NodeJS.ProcessEnv): string | undefined {
  if (process.platform === 'win32' || !process.getuid) return undefined;
  return join(homeDir(env), '.cache', 'mcp-panel');
}

/** The folder `rel` of the cache folder, made and checked (SEC-8); undefined when it may not be used. */
function usableDir(env: NodeJS.ProcessEnv, rel: string, debug: Debug): string | undefined {
  const root = codeCacheDir(env);
  if (!root) return debug('refused: not on this platform'), undefined;
  try {
    const r = checkOwnFolder(root, rel, true);
    if (r.ok === true) {
      for (const line of r.check.repaired) debug(line);
      return r.check.path;
    }
    debug(`refused ${join(root, rel)}: ${r.ok === false ? describeFolderProblem(r.problem) : 'could not be made'}`);
  } catch (err) {
    debug(`refused ${join(root, rel)}: ${(err as Error).message}`);
  }
  return undefined;
}

/** Node ≥ 22.1's compile cache folder (bin: module.enableCompileCache(dir)); undefined: leave it off. */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return usableDir(env, 'node-compile-cache', () => {});
}

const crcHex = (data: Buffer) => crc32(data).toString(16).padStart(8, '0');

/** The source file's identity: the same only while its bytes are (any write moves ctime). */
function identityOf(fd: number): string {
  const st = fstatSync(fd, { bigint: true });
  return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
}

/** The data of a cache file, if it was made from the source file `identity` names and is whole; else why not. */
function verified(file: Buffer, identity: string): { data: Buffer } | { why: string } {
  const first = file.toString('latin1', 0, MAGIC.length) === MAGIC ? file.indexOf(10, MAGIC.length) : -1;
  const end = first < 0 ? -1 : file.indexOf(10, first + 1);
  if (end < 0 || end > MAX_HEADER_BYTES) return { why: 'not a cache of this format' };
  const [made, crc] = file.toString('latin1', MAGIC.length, end).split('\n');
  const data = file.subarray(end + 1);
  if (made !== identity) return { why: 'made from another source' };
  if (crc !== crcHex(data)) return { why: 'damaged' };
  return { data };
}

/** Temp file (O_EXCL, 0600) + rename: a concurrent run reads the old cache or the new one, never half of one. */
function writeAtomically(file: string, parts: Buffer[]): void {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    const fd = openSync(temp, 'wx', 0o600);
    try {
      for (const p of parts) writeSync(fd, p);
    } finally {
      closeSync(fd);
    }
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

/** The verified cache data for this source in `dir`, or undefined (and why, for the debug line). */
function readCache(dir: string, name: string, identity: string, debug: Debug): Buffer | undefined {
  const file = join(dir, name);
  const read = readOwnRecord(dir, '', name, MAX_CACHE_BYTES, [], true);
  if (read.state === 'missing') return undefined;
  if (read.state === 'refused') return debug(`refused ${file}: ${describeFolderProblem(read.problem)}`), undefined;
  if (read.state === 'too_big') return debug(`refused ${file}: ${read.size} bytes`), undefined;
  const v = verified(read.bytes, identity);
  if ('why' in v) return debug(`refused ${file}: ${v.why}`), undefined;
  return v.data;
}

/**
 * Runs the CommonJS bundle at `file` and returns its exports. The cache is written at exit,
 * after the command ran, so the functions it compiled on demand are in it.
 * MCP_PANEL_DEBUG_CODE_CACHE=1 says on stderr what happened to the cache.
 */
export function requireWithCodeCache(file: string, env: NodeJS.ProcessEnv = process.env): unknown {
  const debug: Debug = env.MCP_PANEL_DEBUG_CODE_CACHE === '1' ? (line) => process.stderr.write(`code cache: ${line}\n`) : () => {};
  // The build makes the bundle ASCII-only (scripts/build-node.mjs), so latin1 is exact, and
  // cheaper than decoding UTF-8. `#!` is only valid as the very first characters: `//` keeps the offsets.
  // The identity before and after the read: a file written meanwhile has neither, and no cache is used.
  const fd = openSync(file, 'r');
  let bytes: Buffer;
  let identity: string | undefined;
  try {
    const before = identityOf(fd);
    bytes = readFileSync(fd);
    identity = identityOf(fd) === before ? before : undefined;
  } finally {
    closeSync(fd);
  }
  const source = bytes.toString('latin1').replace(/^#!/, '//');
  const dir = identity ? usableDir(env, '', debug) : undefined;
  const key = identity ? createHash('sha256').update(`${file}\n${identity}`).digest('hex') : '';
  const cacheFile = dir ? join(dir, `cli-${key}-${process.version}-${process.arch}.v8cache`) : undefined;
  const cachedData = dir && cacheFile ? readCache(dir, cacheFile.slice(dir.length + 1), identity!, debug) : undefined;

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
        writeAtomically(cacheFile, [Buffer.from(`${MAGIC}${identity}\n${crcHex(data)}\n`, 'latin1'), data]);
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

