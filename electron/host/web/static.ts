// Serves the built renderer (out/renderer) read-only; never a path outside it.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

export interface StaticFile {
  body: Buffer;
  type: string;
  immutable: boolean;
}

export async function readStatic(root: string, urlPath: string): Promise<StaticFile | null> {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath === '/' ? '/index.html' : urlPath);
  } catch {
    return null;
  }
  if (rel.includes('\0')) return null;
  const full = normalize(join(root, rel));
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    if (!(await stat(full)).isFile()) return null;
    return { body: await readFile(full), type: TYPES[extname(full)] ?? 'application/octet-stream', immutable: rel.startsWith('/assets/') };
  } catch {
    return null;
  }
}
