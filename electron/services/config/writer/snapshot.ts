// What the writer remembers about a file when it reads it (CFG-7 conflict check): the
// exact bytes' sha256. mtime is not used: it has 1 s resolution on some file systems and
// editors can restore it; a content hash cannot be fooled that way. The bytes come from the
// one bounded, regular-file-only read (SEC-7, ../read-file.ts).
import { createHash } from 'node:crypto';
import { invalidUtf8Offset, readBoundedFile } from '../bounded-read';

export interface FileSnapshot {
  path: string;
  exists: boolean;
  /** UTF-8 text, null when the file does not exist. */
  text: string | null;
  /** sha256 hex of the bytes, null when the file does not exist. */
  hash: string | null;
  /** Permission bits, null when the file does not exist. */
  mode: number | null;
  /** CFG-7: byte offset of the first invalid UTF-8 byte (`text` is then lossy: never written back). */
  invalidUtf8At?: number;
}

/** The file exists but is not one the panel may read: not a regular file, too large, unreadable. */
export class UnreadableFileError extends Error {}

export function hashText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Throws UnreadableFileError for anything but a readable regular file or "does not exist";
 * with `confineTo`, also for a file that leads outside that folder (issue 21 F9).
 */
export async function readSnapshot(path: string, confineTo?: string): Promise<FileSnapshot> {
  const read = await readBoundedFile(path, confineTo === undefined ? {} : { confineTo });
  if (read.state === 'missing') return { path, exists: false, text: null, hash: null, mode: null };
  if (read.state === 'void') throw new UnreadableFileError(read.error);
  const bad = invalidUtf8Offset(read.bytes);
  return {
    path,
    exists: true,
    text: read.bytes.toString('utf8'),
    hash: createHash('sha256').update(read.bytes).digest('hex'),
    mode: read.mode,
    ...(bad >= 0 ? { invalidUtf8At: bad } : {}),
  };
}

export function sameContent(a: FileSnapshot, b: FileSnapshot): boolean {
  return a.exists === b.exists && a.hash === b.hash;
}
