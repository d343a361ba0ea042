// The machine an agent's files module sees (shared/profiles/loading.ts AgentIo): the path
// functions of the OS asked for (so a Windows layout resolves the same on any host) and the
// loader's own bounded reads (SEC-7), so no profile does I/O of its own.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join, posix, win32 } from 'node:path';
import type { AgentIo } from '../../../../shared/profiles/loading';
import { readConfigFile } from '../read-file';

export function pathsFor(platform: NodeJS.Platform = process.platform): typeof posix {
  return platform === 'win32' ? win32 : posix;
}

export async function exists(p: string): Promise<boolean> {
  try {
    await fs.lstat(p);
    return true;
  } catch {
    return false;
  }
}

async function isDir(p: string): Promise<boolean> {
  try {
    return (await fs.stat(p)).isDirectory();
  } catch {
    return false;
  }
}

/** Seed 002: the project root is the git root (a `.git` folder or file), else null. */
export async function gitRoot(start: string): Promise<string | null> {
  for (let dir = posix.resolve(start); ; ) {
    if (await exists(posix.join(dir, '.git'))) return dir;
    const up = posix.dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

/** The nearest folder up from `start` that holds a folder `name`, unless that folder is `except` (by realpath). */
async function findUp(start: string, name: string, except: string): Promise<string | null> {
  const realExcept = await fs.realpath(except).catch(() => posix.resolve(except));
  for (let dir = posix.resolve(start); ; ) {
    const candidate = posix.join(dir, name);
    if (await isDir(candidate)) {
      const real = await fs.realpath(candidate).catch(() => candidate);
      if (real !== realExcept) return dir;
    }
    const up = posix.dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

export function agentIo(platform?: NodeJS.Platform): AgentIo {
  return {
    path: pathsFor(platform),
    exists,
    async readValue(path, format) {
      const read = await readConfigFile(path, format ? { format } : {});
      return read.state === 'ok' ? read.doc.value : undefined;
    },
    async listFiles(dir) {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      return entries.filter((d) => d.isFile()).map((d) => d.name).sort();
    },
    async listDirs(dir) {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      const dirs = await Promise.all(entries.map(async (d) => (d.isDirectory() || (d.isSymbolicLink() && (await fs.stat(join(dir, d.name)).then((s) => s.isDirectory(), () => false))) ? d.name : null)));
      return dirs.filter((n): n is string => n !== null).sort();
    },
    gitRoot,
    findUp,
    sha256Hex: (text) => createHash('sha256').update(text).digest('hex'),
  };
}
