// REG-3: what one entry of an MCPB bundle (a zip) may be before anything of it is written: a
// path that stays inside the bundle's folder (relative, forward slashes, no `..` or `.` part, no
// empty part, no drive letter or backslash a Windows reader would take as a separator, no
// control character), and a regular file or a folder. A zip has no hard links; a symbolic link
// is an entry whose Unix mode (the high 16 bits of its external attributes) says S_IFLNK, and its
// text is the target: the panel makes no links at all, so a bundle holding one (in or out) is
// refused rather than unpacked with a file in its place that the server would not expect.
// Zip-slip: https://security.snyk.io/research/zip-slip-vulnerability; APPNOTE 4.4.17 (names).

export type EntryKind = 'file' | 'dir';

export interface BundleBounds {
  /** Bytes of the bundle as downloaded. */
  maxDownloadBytes: number;
  /** Bytes of every file once unpacked, counted as they are inflated (a declared size can lie). */
  maxUnpackedBytes: number;
  /** Entries (files and folders). */
  maxEntries: number;
  /** Milliseconds for the download, headers and body. */
  timeoutMs: number;
}

/** A Node server's bundle carries its node_modules: tens of MB and thousands of files, with room. */
export const DEFAULT_BUNDLE_BOUNDS: BundleBounds = { maxDownloadBytes: 128 * 1024 * 1024, maxUnpackedBytes: 512 * 1024 * 1024, maxEntries: 20_000, timeoutMs: 120_000 };

/** A bound as said to the user: MB from one MB up, else KB. */
export const sizeText = (bytes: number): string => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

const MAX_PATH = 1024;
const MAX_DEPTH = 64;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

/** Why `name` (as the zip spells it) cannot be unpacked inside the bundle's folder; null when it can. */
export function entryPathProblem(name: string): string | null {
  if (name === '' || name === '/') return 'an entry with no name';
  if (name.length > MAX_PATH) return `a name over ${MAX_PATH} characters`;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'a control character in a name';
  if (name.includes('\\')) return 'a backslash, which Windows reads as a folder separator';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'an absolute path';
  const parts = name.replace(/\/$/, '').split('/');
  if (parts.length > MAX_DEPTH) return `folders nested over ${MAX_DEPTH} deep`;
  for (const p of parts) {
    if (p === '..') return 'a ".." part, which leaves the bundle\'s folder';
    if (p === '.' || p === '') return 'an empty or "." part';
  }
  return null;
}

/** What the entry is by its Unix mode (null: none recorded, e.g. made on Windows) and folder flag; a string says why it is refused. */
export function entryKindOf(unixMode: number | null, isDir: boolean): EntryKind | { refused: string } {
  const type = unixMode === null ? 0 : unixMode & S_IFMT;
  if (type === S_IFLNK) return { refused: 'a symbolic link (a bundle is unpacked without links, so none can point out of its folder)' };
  if (type === S_IFDIR || (type === 0 && isDir)) return 'dir';
  if (type === S_IFREG || type === 0) return isDir ? { refused: 'a folder entry marked as a file' } : 'file';
  return { refused: 'a device, pipe or socket' };
}

/** The mode a file is written with: owner only (SEC-8), executable when the bundle said so (a binary server). */
export const fileModeOf = (unixMode: number | null): number => ((unixMode ?? 0) & 0o100 ? 0o700 : 0o600);
