// SEC-3 / CFG-7: a crash or kill during a write leaves the old or the new file, never a
// truncated one: temp file in the same folder, write, fsync, rename, fsync the folder.
// Our own temp names (`<file>.mcp-panel-tmp-<pid>-<random>`, SEC-3) rather than
// write-file-atomic's `<file>.<hash>`: a SIGKILLed writer leaves its temp file behind, and
// only a name that says "the panel's, and whose pid" can be removed later without ever
// touching a file of the user's (`mcp.json.1`, `mcp.json.bak`).
import { randomBytes } from 'node:crypto';
import { chown, lstat, open, readdir, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** Mode for a file that does not exist yet (an existing file keeps its own mode). */
  newFileMode?: number;
  /**
   * Runs after the temp file is complete and before anything is renamed: throw to abort
   * (the temp file is removed, the target untouched). The conflict check lives here so
   * the window between "checked" and "replaced" is as small as possible.
   */
  beforeCommit?: () => Promise<void>;
  /** A dead writer's temp file older than this is removed (default STALE_TEMP_MS). */
  staleTempMs?: number;
}

const TEMP_TAG = '.mcp-panel-tmp-';
/** SEC-3: long past any real write, so a live writer's temp file is never taken. */
export const STALE_TEMP_MS = 60_000;

export function tempNameFor(target: string, pid = process.pid): string {
  return `${target}${TEMP_TAG}${pid}-${randomBytes(6).toString('hex')}`;
}

export async function atomicWriteFile(path: string, text: string, opts: AtomicWriteOptions = {}): Promise<void> {
  // Write through a symlink to the file it names, as write-file-atomic did (a dotfiles repo).
  const target = await realpath(path).catch(() => path);
  await removeStaleTemps(target, opts.staleTempMs ?? STALE_TEMP_MS);
  const existing = await stat(target).catch(() => null);
  const mode = existing ? existing.mode & 0o7777 : opts.newFileMode;
  const tmp = tempNameFor(target);
  try {
    const fh = await open(tmp, 'wx', mode ?? 0o666);
    try {
      await fh.writeFile(text, 'utf8');
      // open() applies the umask: set the exact mode the old file had (or the one asked for).
      if (mode !== undefined) await fh.chmod(mode);
      await fh.sync();
    } finally {
      await fh.close();
    }
    if (existing && (existing.uid !== process.getuid?.() || existing.gid !== process.getgid?.())) {
      // Keep the owner where we may (root editing a user's file); others cannot chown: fine.
      await chown(tmp, existing.uid, existing.gid).catch(() => undefined);
    }
    await opts.beforeCommit?.();
    await rename(tmp, target);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  await fsyncDir(dirname(target));
}

function pidAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/** SEC-3: our temp files of this target whose writer is dead and that are old enough. */
export async function removeStaleTemps(target: string, maxAgeMs = STALE_TEMP_MS, now = Date.now()): Promise<string[]> {
  const dir = dirname(target);
  const prefix = basename(target) + TEMP_TAG;
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const m = /^(\d+)-[0-9a-f]{12}$/.exec(name.slice(prefix.length));
    if (!m || pidAlive(Number(m[1]))) continue;
    const file = join(dir, name);
    const st = await lstat(file).catch(() => null);
    if (!st?.isFile() || now - st.mtimeMs < maxAgeMs) continue;
    if (await unlink(file).then(() => true, () => false)) removed.push(file);
  }
  return removed;
}

/** Make the rename durable. Some file systems refuse fsync on a directory: not fatal. */
async function fsyncDir(dir: string): Promise<void> {
  let fh;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch {
    /* EISDIR/EINVAL/EPERM on exotic file systems: the rename is still atomic */
  } finally {
    await fh?.close();
  }
}
