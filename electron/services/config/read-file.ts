// Reading one config file safely: missing, unreadable, oversize, outside its workspace or
// unparseable files become data (a layer state plus a message), never an exception.
import { promises as fs } from 'node:fs';
import { relative, isAbsolute } from 'node:path';
import { JsonDoc, parseDoc } from './json-doc';

export type FileRead =
  | { state: 'missing' }
  /** Ignored as a whole (CFG-4): unreadable, too large, outside the workspace, not a file. */
  | { state: 'void'; error: string }
  /** Does not parse (CFG-5): the message names line and column. */
  | { state: 'invalid'; error: string; text: string; line: number; column: number }
  | { state: 'ok'; doc: JsonDoc; realPath: string };

export interface ReadOptions {
  /** CFG-4: larger files are void. */
  maxBytes?: number;
  /** CFG-4: the file's realpath must stay inside this directory's realpath. */
  confineTo?: string;
}

export function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function errText(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e.code ? `${e.code}: ${e.message}` : String(err);
}

export async function readConfigFile(path: string, opts: ReadOptions = {}): Promise<FileRead> {
  try {
    await fs.lstat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') {
      return { state: 'missing' };
    }
    return { state: 'void', error: `cannot read ${path}: ${errText(err)}` };
  }
  let realPath: string;
  try {
    realPath = await fs.realpath(path);
  } catch (err) {
    return { state: 'void', error: `${path} is a link that leads nowhere (${errText(err)})` };
  }
  if (opts.confineTo !== undefined) {
    let root: string;
    try {
      root = await fs.realpath(opts.confineTo);
    } catch (err) {
      return { state: 'void', error: `workspace ${opts.confineTo} cannot be resolved: ${errText(err)}` };
    }
    if (!isInside(root, realPath)) {
      return { state: 'void', error: `${path} resolves to ${realPath}, outside the workspace ${root}; the file is ignored` };
    }
  }
  let buf: Buffer;
  try {
    const st = await fs.stat(realPath);
    if (!st.isFile()) return { state: 'void', error: `${path} is not a regular file` };
    if (opts.maxBytes !== undefined && st.size > opts.maxBytes) {
      return { state: 'void', error: `${path} is ${st.size} bytes, over the ${opts.maxBytes}-byte limit; the file is ignored` };
    }
    buf = await fs.readFile(realPath);
  } catch (err) {
    return { state: 'void', error: `cannot read ${path}: ${errText(err)}` };
  }
  // The size may have changed between stat and read.
  if (opts.maxBytes !== undefined && buf.length > opts.maxBytes) {
    return { state: 'void', error: `${path} is ${buf.length} bytes, over the ${opts.maxBytes}-byte limit; the file is ignored` };
  }
  const text = buf.toString('utf8');
  const parsed = parseDoc(text);
  if (!parsed.ok) return { state: 'invalid', error: parsed.message, text, line: parsed.line, column: parsed.column };
  return { state: 'ok', doc: parsed.doc, realPath };
}
