// CFG-7 / CFG-8 / SEC-3: the one way the panel changes an agent's config file.
// Read → edit the text → check nothing changed on disk → atomic replace.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { LayerKind, Profile } from '../../../../shared/schemas/server';
import { atomicWriteFile } from './atomic-write';
import { type ConflictData, errResult, okResult, type WriteResult } from './errors';
import { type LayerFile, resolveLayerFile } from './layer-paths';
import { applyServerOps, dialectValidator, type EntryValidator, type ServerOp } from './server-ops';
import { type FileSnapshot, hashText, readSnapshot, sameContent } from './snapshot';

export interface WriteTarget {
  profile: Profile;
  layer: LayerKind;
  workspace?: string | null;
}

export interface ConfigWriterDeps {
  env: NodeJS.ProcessEnv;
  /** Defaults to homeDir(env). */
  home?: string;
  /** Defaults to the dialect's zod schema; tests and plugins may pass a stricter one. */
  validate?: EntryValidator;
  /** Mode of files the panel creates (CFG-8: owner-only, nothing to advise `chmod 600` about). */
  newFileMode?: number;
}

export interface WriteOptions {
  /**
   * The snapshot the user's edit is based on (from `read`). When the file on disk differs
   * from it, the write is refused with `conflict`. Without it, the file is read now and
   * only changes during the write itself are caught.
   */
  base?: FileSnapshot;
}

export interface WriteOutcome {
  path: string;
  /** False when the operations left the text as it was (nothing written). */
  changed: boolean;
  created: boolean;
  /** The snapshot of what is on disk now, to base the next edit on. */
  after: FileSnapshot;
}

class ConflictSignal extends Error {
  constructor(readonly theirs: FileSnapshot) {
    super('conflict');
  }
}

export class ConfigWriter {
  private readonly validate: EntryValidator;
  private readonly newFileMode: number;

  constructor(private readonly deps: ConfigWriterDeps) {
    this.validate = deps.validate ?? dialectValidator;
    this.newFileMode = deps.newFileMode ?? 0o600;
  }

  /** Which file the (profile, layer, workspace) maps to, and whether it may be written. */
  resolve(target: WriteTarget): Promise<WriteResult<LayerFile>> {
    return resolveLayerFile(target.profile, target.layer, { env: this.deps.env, home: this.deps.home, workspace: target.workspace ?? null });
  }

  /** Read a layer's file: keep the snapshot and pass it back as `base` when writing. */
  async read(target: WriteTarget): Promise<WriteResult<FileSnapshot>> {
    const file = await this.resolve(target);
    if (!file.ok) return file;
    try {
      return okResult(await readSnapshot(file.value.path));
    } catch (err) {
      return errResult('io', `cannot read ${file.value.path}: ${(err as Error).message}`);
    }
  }

  async apply(target: WriteTarget, ops: readonly ServerOp[], opts: WriteOptions = {}): Promise<WriteResult<WriteOutcome>> {
    const file = await this.resolve(target);
    if (!file.ok) return file;
    return this.applyToFile(file.value, ops, opts);
  }

  /** The same, for a file already resolved (or any path in a known dialect). */
  async applyToFile(file: LayerFile, ops: readonly ServerOp[], opts: WriteOptions = {}): Promise<WriteResult<WriteOutcome>> {
    if (file.readOnly) return errResult('read_only', `${file.path}: ${file.readOnly}`);
    let base: FileSnapshot;
    try {
      base = opts.base ?? (await readSnapshot(file.path));
    } catch (err) {
      return errResult('io', `cannot read ${file.path}: ${(err as Error).message}`);
    }
    if (base.path !== file.path) return errResult('invalid_target', `the snapshot is of ${base.path}, not ${file.path}`);
    const edited = applyServerOps(base.text, file.dialect, ops, this.validate);
    // Every refusal names the file, so a one-line CLI message is enough to act on.
    if (!edited.ok) return errResult(edited.error.code, `${file.path}: ${edited.error.message}`, edited.error.data);
    const ours = edited.value;
    if (base.exists && ours === base.text) {
      // Nothing to write, but the caller still must not act on a stale view.
      const now = await readSnapshot(file.path).catch(() => base);
      if (!sameContent(now, base)) return this.conflict(file.path, base, now, ours);
      return okResult({ path: file.path, changed: false, created: false, after: base });
    }
    try {
      await mkdir(dirname(file.path), { recursive: true });
      await atomicWriteFile(file.path, ours, {
        newFileMode: this.newFileMode,
        beforeCommit: async () => {
          const now = await readSnapshot(file.path);
          if (!sameContent(now, base)) throw new ConflictSignal(now);
        },
      });
    } catch (err) {
      if (err instanceof ConflictSignal) return this.conflict(file.path, base, err.theirs, ours);
      return errResult('io', `cannot write ${file.path}: ${(err as Error).message}`);
    }
    const after: FileSnapshot = { path: file.path, exists: true, text: ours, hash: hashText(ours), mode: null };
    const mode = (await readSnapshot(file.path).catch(() => null))?.mode ?? null;
    return okResult({ path: file.path, changed: true, created: !base.exists, after: { ...after, mode } });
  }

  private conflict(path: string, base: FileSnapshot, theirs: FileSnapshot, ours: string): WriteResult<never> {
    const data: ConflictData = { path, base: base.text, theirs: theirs.text, ours };
    return errResult('conflict', `${path} changed on disk since it was read; reload it and apply the change again (both versions are attached)`, data);
  }

  add(target: WriteTarget, name: string, entry: Record<string, unknown>, opts?: WriteOptions) {
    return this.apply(target, [{ op: 'add', name, entry }], opts);
  }

  set(target: WriteTarget, name: string, entry: Record<string, unknown>, opts?: WriteOptions) {
    return this.apply(target, [{ op: 'set', name, entry }], opts);
  }

  remove(target: WriteTarget, name: string, opts?: WriteOptions) {
    return this.apply(target, [{ op: 'remove', name }], opts);
  }

  enable(target: WriteTarget, name: string, opts?: WriteOptions) {
    return this.apply(target, [{ op: 'enable', name }], opts);
  }

  disable(target: WriteTarget, name: string, opts?: WriteOptions) {
    return this.apply(target, [{ op: 'disable', name }], opts);
  }

  rename(target: WriteTarget, name: string, to: string, opts?: WriteOptions) {
    return this.apply(target, [{ op: 'rename', name, to }], opts);
  }
}
