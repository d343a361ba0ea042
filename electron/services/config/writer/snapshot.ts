// What the writer remembers about a file when it reads it (CFG-7 conflict check): the
// exact bytes' sha256. mtime is not used: it has 1 s resolution on some file systems and
// editors can restore it; a content hash cannot be fooled that way.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';

export interface FileSnapshot {
  path: string;
  exists: boolean;
  /** UTF-8 text, null when the file does not exist. */
  text: string | null;
  /** sha256 hex of the bytes, null when the file does not exist. */
  hash: string | null;
  /** Permission bits, null when the file does not exist. */
  mode: number | null;
}

export function hashText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Throws only for errors other than "does not exist" (EACCES, EISDIR…). */
export async function readSnapshot(path: string): Promise<FileSnapshot> {
  let buf: Buffer;
  try {
    buf = await readFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { path, exists: false, text: null, hash: null, mode: null };
    throw err;
  }
  const mode = (await stat(path).catch(() => null))?.mode ?? null;
  return {
    path,
    exists: true,
    text: buf.toString('utf8'),
    hash: createHash('sha256').update(buf).digest('hex'),
    mode: mode === null ? null : mode & 0o7777,
  };
}

export function sameContent(a: FileSnapshot, b: FileSnapshot): boolean {
  return a.exists === b.exists && a.hash === b.hash;
}
