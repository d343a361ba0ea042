// The bounded, regular-file-only read under every file the panel reads (SEC-7, CFG-4), without
// the config parsers (read-file.ts adds those): era verdicts, settings, records and the bridge
// read bytes through here and load no YAML, TOML or JSONC parser.
import { constants, promises as fs } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { basename, dirname, join, relative, isAbsolute, resolve } from 'node:path';
import type { ConfigFormat } from '../../../shared/profiles/types';

/** SEC-7: the cap for every file without a tighter one (minimax project files: 1 MiB, CFG-4). */
export const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;
const CHUNK = 64 * 1024;

/** The raw bytes of a regular file, at most `maxBytes` of them. */
export type BytesRead =
  | { state: 'missing' }
  | { state: 'void'; error: string }
  | { state: 'ok'; bytes: Buffer; realPath: string; mode: number };

export interface ReadOptions {
  /** Larger files are void (default DEFAULT_MAX_BYTES). */
  maxBytes?: number;
  /** CFG-4: the file's realpath must stay inside this directory's realpath. */
  confineTo?: string;
  /** The agent's format (default JSON with comments, no trailing commas). */
  format?: ConfigFormat;
}

export function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * CFG-4 / issue 21 F9: where `path` really leads (the file, or for a file not there yet the
 * folder it would be created in) when that is outside `root`'s realpath; null when inside.
 * A repository's `.kimi-code` or `.mcp.json` may be a link to `~/.ssh/…`: every project-layer
 * read and write asks this first.
 */
export interface Outside {
  /** Where `path` leads (for a link whose target does not exist: that target). */
  real: string;
  root: string;
  /** A link to nothing: it cannot be shown to stay inside, so it counts as outside. */
  dangling?: true;
}

export async function outsideOf(path: string, root: string): Promise<Outside | null> {
  const realRoot = await fs.realpath(root).catch(() => root);
  let real: string | null = null;
  let rest = '';
  for (let p = path; real === null; ) {
    try {
      real = rest ? join(await fs.realpath(p), rest) : await fs.realpath(p);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const up = dirname(p);
      // A dangling link: its target does not exist, so it cannot be shown to be inside. Named
      // by where it points (issue 35: the message named the link as its own target).
      if (code !== 'ENOENT' || up === p) return { real: p, root: realRoot };
      const target = await fs.readlink(p).catch(() => null);
      if (target !== null) return { real: join(resolve(dirname(p), target), rest), root: realRoot, dangling: true };
      rest = rest ? join(basename(p), rest) : basename(p);
      p = up;
    }
  }
  return isInside(realRoot, real) ? null : { real, root: realRoot };
}

/** A link to nothing, named by its target (read: the layer is void). */
function danglingText(path: string, target: string, root?: string): string {
  const inside = root === undefined ? '' : `, so it cannot be shown to stay inside the workspace ${root}`;
  return `${path} is a link to ${target}, which does not exist${inside}; the file is ignored (replace the link with a regular file${root === undefined ? '' : ' inside the workspace'})`;
}

/** The one sentence for a file that leads outside its workspace (read: the layer is void). */
export function outsideText(path: string, o: Outside): string {
  if (o.dangling) return danglingText(path, o.real, o.root);
  return `${path} leads to ${o.real}, outside the workspace ${o.root}; the file is ignored (replace the link with a regular file inside the workspace)`;
}

function errText(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e.code ? `${e.code}: ${e.message}` : String(err);
}

const tooBig = (path: string, max: number, size: number) => `${path} is ${size} bytes, over the ${max}-byte limit; the file is ignored (shrink it to use it)`;

// O_NONBLOCK: opening a FIFO must not wait for a writer. O_NOFOLLOW: the realpath was just
// resolved, so a link here means the path was swapped under us. Both are 0 where unknown.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0) | (constants.O_NOCTTY ?? 0);

export async function readBoundedFile(path: string, opts: ReadOptions = {}): Promise<BytesRead> {
  const max = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  try {
    await fs.lstat(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { state: 'missing' };
    return { state: 'void', error: `cannot read ${path}: ${errText(err)}` };
  }
  let realPath: string;
  try {
    realPath = await fs.realpath(path);
  } catch (err) {
    // Issue 35: named by where it points, not as its own target.
    const target = await fs.readlink(path).catch(() => null);
    if (target !== null) return { state: 'void', error: danglingText(path, resolve(dirname(path), target)) };
    return { state: 'void', error: `${path} is a link that leads nowhere (${errText(err)})` };
  }
  if (opts.confineTo !== undefined) {
    const outside = await outsideOf(path, opts.confineTo);
    if (outside) return { state: 'void', error: outsideText(path, outside) };
  }
  let fh: fs.FileHandle | undefined;
  try {
    fh = await fs.open(realPath, OPEN_FLAGS);
    // fstat of the opened descriptor: what we read is what we checked.
    const st = await fh.stat();
    if (!st.isFile()) return { state: 'void', error: `${path} is not a regular file (a device, pipe or folder); replace it with a regular file` };
    if (st.size > max) return { state: 'void', error: tooBig(path, max, st.size) };
    // Read at most max+1 bytes whatever stat said: the file may grow while we read.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(CHUNK, max + 1 - total));
      const { bytesRead } = await fh.read(buf, 0, buf.length, null);
      if (bytesRead === 0) break;
      chunks.push(buf.subarray(0, bytesRead));
      total += bytesRead;
      if (total > max) return { state: 'void', error: tooBig(path, max, total) };
    }
    return { state: 'ok', bytes: Buffer.concat(chunks, total), realPath, mode: st.mode & 0o7777 };
  } catch (err) {
    return { state: 'void', error: `cannot read ${path}: ${errText(err)}` };
  } finally {
    await fh?.close().catch(() => undefined);
  }
}

/** Byte offset of the first byte that is not valid UTF-8, or -1 (CFG-7: never rewrite such bytes). */
export function invalidUtf8Offset(buf: Buffer): number {
  if (isUtf8(buf)) return -1;
  for (let i = 0; i < buf.length; ) {
    const b = buf[i]!;
    const n = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (n === 0 || i + n > buf.length || !isUtf8(buf.subarray(i, i + n))) return i;
    i += n;
  }
  return buf.length;
}

