// SEC-3 / CFG-7: a crash or kill during a write leaves the old or the new file, never a
// truncated one. write-file-atomic gives temp file in the same folder + write + fsync +
// rename + original mode/owner kept; it does not fsync the folder, so the rename itself
// could be lost on power failure: we add that step.
import { open, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

export interface AtomicWriteOptions {
  /** Mode for a file that does not exist yet (an existing file keeps its own mode). */
  newFileMode?: number;
  /**
   * Runs after the temp file exists and before anything is renamed: throw to abort
   * (the temp file is removed, the target untouched). The conflict check lives here so
   * the window between "checked" and "replaced" is as small as the library allows.
   */
  beforeCommit?: () => Promise<void>;
}

export async function atomicWriteFile(path: string, text: string, opts: AtomicWriteOptions = {}): Promise<void> {
  const existingMode = await statMode(path);
  await writeFileAtomic(path, text, {
    encoding: 'utf8',
    fsync: true,
    // write-file-atomic copies mode and owner of an existing file by itself; only a new
    // file needs ours.
    ...(existingMode === null && opts.newFileMode !== undefined ? { mode: opts.newFileMode } : {}),
    // The library awaits this hook (its types say void); a throw aborts before rename.
    ...(opts.beforeCommit ? { tmpfileCreated: opts.beforeCommit as unknown as (tmp: string) => void } : {}),
  });
  await fsyncDir(dirname(path));
}

async function statMode(path: string): Promise<number | null> {
  try {
    return (await stat(path)).mode & 0o7777;
  } catch {
    return null;
  }
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
