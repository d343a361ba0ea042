// CFG-7 / CFG-8 / SEC-3 / SEC-7: the one way the panel changes an agent's config file.
// Lock → read (bounded) → edit the text → check nothing changed on disk → atomic replace →
// verify → unlock. The lock is across processes (CLI, web host, app: SEC-7).
import { mkdir, realpath } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import lockfile from 'proper-lockfile';
import type { LayerKind, Profile } from '../../../../shared/schemas/server';
import type { ToolFilterPatch } from '../../../../shared/schemas/dialects/tool-filter';
import type { ToolMapPatch } from '../../../../shared/schemas/dialects/tool-map';
import { applyToolMapPatch } from './tool-map-op';
import { outsideOf } from '../bounded-read';
import { atomicWriteFile } from './atomic-write';
import { type ConflictData, inFile, refuse, type WriteError } from './errors';
import { type LayerFile, resolveLayerFile } from './layer-paths';
import { applyServerOps, dialectValidator, type EntryValidator, type ServerOp } from './server-ops';
import { type FileSnapshot, hashText, readSnapshot, sameContent, UnreadableFileError } from './snapshot';
import { type AddedLedger, loadLedger, saveLedger } from './added-ledger';
import { panelDataDir } from '../../paths';
import { applyListEdit, applyValueEdit, type ListPath } from './list-ops';
import { profileFacts } from '../../../../shared/profiles';
import type { ConfigFormat } from '../../../../shared/profiles/types';
import { ok, type Result } from '../../../../shared/result';

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
  /** Lock retries while another process writes the same file (default 100, 10–100 ms apart). */
  lockRetries?: number;
  /** Where the record of the panel's own additions is kept (added-ledger.ts); defaults to panelDataDir(env). */
  dataDir?: string;
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

/** What a write needs to know of its file (a layer file, or another file of an agent's such as `~/.claude.json`). */
export type EditableFile = Pick<LayerFile, 'path' | 'readOnly' | 'confineTo'>;

/** A file that is not one of the panel's layers, with the format its agent reads it in. */
export interface ListFile extends EditableFile {
  format: ConfigFormat;
}

/** A layer file's snapshot, or a one-line refusal naming it (SEC-7: not a file, too large). */
async function readResult(path: string): Promise<Result<FileSnapshot, WriteError>> {
  try {
    return ok(await readSnapshot(path));
  } catch (err) {
    if (err instanceof UnreadableFileError) return refuse('write.unreadable', { path }, { detail: err.message });
    return refuse('write.io.read', { path }, { detail: (err as Error).message });
  }
}

/**
 * Issue 21 F9: a project layer's file (or the folder it would be created in) that leads outside
 * its workspace is neither read nor written: a repository cannot aim the writer at `~/.ssh`.
 */
async function confined(file: EditableFile): Promise<Result<void, WriteError>> {
  if (file.confineTo === undefined) return ok(undefined);
  const outside = await outsideOf(file.path, file.confineTo);
  if (!outside) return ok(undefined);
  const params = { path: file.path, real: outside.real, workspace: outside.root };
  return refuse(outside.dangling ? 'write.read_only.dangling' : 'write.read_only.outside', params);
}

class OutsideSignal extends Error {
  constructor(readonly refusal: Result<never, WriteError>) {
    super('outside');
  }
}

class ConflictSignal extends Error {
  constructor(readonly theirs: FileSnapshot) {
    super('conflict');
  }
}

export class ConfigWriter {
  private readonly validate: EntryValidator;
  private readonly newFileMode: number;

  private readonly dataDir: string;

  constructor(private readonly deps: ConfigWriterDeps) {
    this.validate = deps.validate ?? dialectValidator;
    this.newFileMode = deps.newFileMode ?? 0o600;
    this.dataDir = deps.dataDir ?? panelDataDir(deps.env);
  }

  /** Which file the (profile, layer, workspace) maps to, and whether it may be written. */
  resolve(target: WriteTarget): Promise<Result<LayerFile, WriteError>> {
    return resolveLayerFile(target.profile, target.layer, { env: this.deps.env, home: this.deps.home, workspace: target.workspace ?? null });
  }

  /** Read a layer's file: keep the snapshot and pass it back as `base` when writing. */
  async read(target: WriteTarget): Promise<Result<FileSnapshot, WriteError>> {
    const file = await this.resolve(target);
    if (!file.ok) return file;
    const inside = await confined(file.value);
    return inside.ok ? readResult(file.value.path) : inside;
  }

  async apply(target: WriteTarget, ops: readonly ServerOp[], opts: WriteOptions = {}): Promise<Result<WriteOutcome, WriteError>> {
    const file = await this.resolve(target);
    if (!file.ok) return file;
    return this.applyToFile(file.value, ops, opts);
  }

  /** The same, for a file already resolved (or any path in a known dialect). */
  async applyToFile(file: LayerFile, ops: readonly ServerOp[], opts: WriteOptions = {}): Promise<Result<WriteOutcome, WriteError>> {
    return this.editWithLedger(file, (text, ledger) => applyServerOps(text, file.dialect, ops, this.validate, file.container, ledger), opts);
  }

  /**
   * A text edit of the caller's own under the same lock, checks and atomic write (BRIDGE-4:
   * `bridge uninstall` puts an entry's exact original text back, which no server op can say).
   * `edit` must refuse what it cannot vouch for: its text is written as returned (null: the file
   * stays missing).
   */
  async editFile(file: EditableFile, edit: (text: string | null) => Result<string | null, WriteError>, opts: WriteOptions = {}): Promise<Result<WriteOutcome, WriteError>> {
    return this.guarded(file, opts, () => this.applyLocked(file, edit, opts));
  }

  /**
   * An edit that may add members the panel must later take back out exactly (issue 42): the
   * file's ledger (added-ledger.ts) is read under the file's lock and saved after the write. A
   * ledger that cannot be saved costs only that exactness (the way back then flips in place), so
   * the write that already happened is still reported as done.
   */
  private editWithLedger(file: EditableFile, edit: (text: string | null, ledger: AddedLedger) => Result<string | null, WriteError>, opts: WriteOptions): Promise<Result<WriteOutcome, WriteError>> {
    return this.guarded(file, opts, async () => {
      const ledger = await loadLedger(this.dataDir, file.path);
      const result = await this.applyLocked(file, (text) => edit(text, ledger), opts);
      if (result.ok && result.value.changed && ledger.changed) await saveLedger(this.dataDir, ledger).catch(() => undefined);
      return result;
    });
  }

  /** The checks every write makes before it takes the file's lock, then `body` under the lock. */
  private async guarded(file: EditableFile, opts: WriteOptions, body: () => Promise<Result<WriteOutcome, WriteError>>): Promise<Result<WriteOutcome, WriteError>> {
    if (file.readOnly) return refuse('write.read_only', { path: file.path }, { detail: file.readOnly });
    if (opts.base && opts.base.path !== file.path) return refuse('write.invalid_target.snapshot', { path: file.path, other: opts.base.path });
    const inside = await confined(file);
    if (!inside.ok) return inside;
    return this.locked(file.path, body);
  }

  /**
   * SEC-7: read-check-write under a cross-process lock (`<file>.lock`, proper-lockfile,
   * as the name registry does), so two writers never both report success while one edit is lost.
   */
  private async locked<T>(path: string, body: () => Promise<Result<T, WriteError>>): Promise<Result<T, WriteError>> {
    let release: () => Promise<void>;
    let compromised: Error | null = null;
    try {
      await mkdir(dirname(path), { recursive: true });
      // The folder by realpath, so two spellings of one folder share one lock; the file itself
      // is not resolved (it may not exist yet, or be a link to something that is not a file).
      const lockTarget = join(await realpath(dirname(path)), basename(path));
      release = await lockfile.lock(lockTarget, {
        realpath: false,
        stale: 10_000,
        retries: { retries: this.deps.lockRetries ?? 100, minTimeout: 10, maxTimeout: 100, randomize: true },
        onCompromised: (err) => (compromised = err),
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ELOCKED') return refuse('write.busy', { path });
      return refuse('write.io.lock', { path }, { detail: (err as Error).message });
    }
    try {
      const result = await body();
      if (compromised && result.ok) return refuse('write.busy.takenOver', { path });
      return result;
    } finally {
      await release().catch(() => undefined);
    }
  }

  private async applyLocked(file: EditableFile, edit: (text: string | null) => Result<string | null, WriteError>, opts: WriteOptions): Promise<Result<WriteOutcome, WriteError>> {
    let base: FileSnapshot;
    if (opts.base) base = opts.base;
    else {
      const read = await readResult(file.path);
      if (!read.ok) return read;
      base = read.value;
    }
    // CFG-7: the text of a file that is not UTF-8 is lossy (U+FFFD); writing it back would
    // change bytes outside the edited span.
    if (base.invalidUtf8At !== undefined) {
      return refuse('write.encoding', { path: file.path, offset: base.invalidUtf8At }, { data: { offset: base.invalidUtf8At } });
    }
    const edited = edit(base.text);
    // Every refusal names the file, so a one-line CLI message is enough to act on.
    if (!edited.ok) return { ok: false, error: inFile(edited.error, file.path) };
    const ours = edited.value;
    if (ours === null || (base.exists && ours === base.text)) {
      // Nothing to write, but the caller still must not act on a stale view.
      const now = await readSnapshot(file.path).catch(() => base);
      if (!sameContent(now, base)) return this.conflict(file.path, base, now, ours ?? '');
      return ok({ path: file.path, changed: false, created: false, after: base });
    }
    try {
      await atomicWriteFile(file.path, ours, {
        newFileMode: this.newFileMode,
        beforeCommit: async () => {
          // Checked again at the last moment: a link swapped in since is refused too.
          const inside = await confined(file);
          if (!inside.ok) throw new OutsideSignal(inside);
          const now = await readSnapshot(file.path);
          if (!sameContent(now, base)) throw new ConflictSignal(now);
        },
      });
    } catch (err) {
      if (err instanceof OutsideSignal) return err.refusal;
      if (err instanceof ConflictSignal) return this.conflict(file.path, base, err.theirs, ours);
      return refuse('write.io.write', { path: file.path }, { detail: (err as Error).message });
    }
    // Never report success for a write that is not in the file (SEC-7): read it back.
    const onDisk = await readSnapshot(file.path).catch(() => null);
    if (onDisk?.hash !== hashText(ours)) {
      return this.conflict(file.path, base, onDisk ?? { path: file.path, exists: false, text: null, hash: null, mode: null }, ours);
    }
    return ok({ path: file.path, changed: true, created: !base.exists, after: onDisk });
  }

  private conflict(path: string, base: FileSnapshot, theirs: FileSnapshot, ours: string): Result<never, WriteError> {
    const data: ConflictData = { path, base: base.text, theirs: theirs.text, ours };
    return refuse('write.conflict', { path }, { data });
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

  /**
   * Issue 34 / AGENT-5: `value` in (`present`) or out of the string list at `path` of a JSON or
   * JSONC file (list-ops.ts), under the same lock, checks and atomic write as every edit. `file` is
   * a layer file, or any file of an agent's with its format (`~/.claude.json`, a settings.json).
   */
  editList(file: LayerFile | ListFile, path: ListPath, value: string, present: boolean, opts: WriteOptions = {}): Promise<Result<WriteOutcome, WriteError>> {
    const format = 'format' in file ? file.format : profileFacts(file.dialect).format;
    return this.editWithLedger(file, (text, ledger) => applyListEdit(text, format, { path, value, present }, ledger), opts);
  }

  /** AGENT-5: `value` set at `path` of a JSON or JSONC file, or (undefined) removed, under the same lock and checks. */
  editValue(file: ListFile, path: ListPath, value: unknown, opts: WriteOptions = {}): Promise<Result<WriteOutcome, WriteError>> {
    return this.editFile(file, (text) => applyValueEdit(text, file.format, path, value), opts);
  }

  /** CONN-8: the agent's per-tool filter of one server (shared/schemas/dialects/tool-filter.ts). */
  setToolFilter(target: WriteTarget, name: string, patch: ToolFilterPatch, opts?: WriteOptions) {
    return this.apply(target, [{ op: 'tools', name, patch }], opts);
  }

  /** CONN-8: writes into the file-wide tool map of the layer's file (OpenCode `tools`: tool-map-op.ts). */
  async setToolMap(target: WriteTarget, map: ToolMapPatch, opts?: WriteOptions): Promise<Result<WriteOutcome, WriteError>> {
    const file = await this.resolve(target);
    const facts = profileFacts(target.profile);
    if (!file.ok || !facts.toolMap) return file.ok ? refuse('write.unsupported.toolFilter', { profile: target.profile }) : file;
    const key = facts.toolMap.key;
    return this.editFile(file.value, (text) => applyToolMapPatch(text ?? '', facts.format, key, map), opts);
  }
}
