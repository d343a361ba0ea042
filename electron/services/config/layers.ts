// Where layers live (CFG-1): the shape every profile's `layerPaths` answers in, and the path
// helpers they share. Each profile module (profiles/<agent>.ts) says its own files; the loader
// and the writer both ask it (profiles/index.ts resolveLayerPaths), so they always agree on
// which file "the project layer of kimi" is.
import { promises as fs } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { LayerKind } from '../../../shared/schemas/server';
import { KIMI_DEFAULTS, MINARA_DEFAULTS, MINIMAX_DEFAULTS } from '../../../shared/schemas/dialects';

export interface LayerLocation {
  layer: LayerKind;
  /** The file the layer reads (and the writer edits); for minara the legacy file when only it exists. */
  path: string;
  /** minimax project files are read-only for the agent and the panel (CFG-7). */
  writable: boolean;
  /** Project layers start nothing until the workspace is trusted (CFG-10, SEC-5: every profile). */
  needsTrust: boolean;
  /** Set when `path` is a legacy fallback: the file new content should go to. */
  preferredPath?: string;
  /** Other spellings of this layer's file, not read while `path` exists (still scanned for secrets). */
  alternates?: string[];
  /** Where the servers object sits in the file, when not at the profile's servers key. */
  container?: string[];
  /**
   * Project layers: the folder the file must stay inside (by realpath) to be read or written
   * (issue 21 F9: a repository's link to `~/.ssh/authorized_keys` is neither).
   */
  confineTo?: string;
}

export interface LayerEnv {
  env: NodeJS.ProcessEnv;
  home: string;
  workspace: string | null;
  /** Defaults to process.platform; tests give another to resolve Windows or macOS paths. */
  platform?: NodeJS.Platform;
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

export function minimaxDataDir(home: string): string {
  return join(home, MINIMAX_DEFAULTS.dataDir);
}

export function kimiHome(home: string): string {
  return join(home, KIMI_DEFAULTS.dataDir);
}

/** Seed 001: MINARA_DATA_DIR overrides ~/.minara. */
export function minaraDataDir(env: NodeJS.ProcessEnv, home: string): string {
  return env.MINARA_DATA_DIR ? resolve(env.MINARA_DATA_DIR) : join(home, MINARA_DEFAULTS.dataDir);
}

/** Seed 002: the project root is the git root (a `.git` folder or file), else the workspace. */
export async function gitRoot(start: string): Promise<string | null> {
  let dir = resolve(start);
  for (;;) {
    if (await exists(join(dir, '.git'))) return dir;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

/**
 * Seed 001: walk up from the workspace to the nearest folder holding `.minara/`. The user
 * data dir (`~/.minara`) is not a project, so a walk that reaches home does not take it.
 */
export async function findMinaraRepo(start: string, dataDir: string): Promise<string | null> {
  let dir = resolve(start);
  const realData = await fs.realpath(dataDir).catch(() => resolve(dataDir));
  for (;;) {
    const candidate = join(dir, '.minara');
    if (await isDir(candidate)) {
      const real = await fs.realpath(candidate).catch(() => candidate);
      if (real !== realData) return dir;
    }
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

/** `new` unless only `legacy` exists (seed 001 fallbacks); the other spelling is an alternate. */
export async function withLegacy(preferred: string, legacy: string): Promise<{ path: string; preferredPath?: string; alternates: string[] }> {
  if (!(await exists(preferred)) && (await exists(legacy))) return { path: legacy, preferredPath: preferred, alternates: [preferred] };
  return { path: preferred, alternates: [legacy] };
}

