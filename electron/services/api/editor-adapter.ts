// The EditorPort over the real config writer and importer (CFG-7, CFG-8, SEC-3). Snapshots
// read for `editor.layers` are kept by hash, so a save based on them detects a file that
// changed on disk in the meantime (CFG-7 "show both, let the user choose").
import { expansionFor } from '../../../shared/schemas/expansion';
import { AppError } from '../../../shared/errors';
import type { EffectiveServer, LayerKind } from '../../../shared/schemas/server';
import type { EditableLayer, Selection } from '../../../shared/contract';
import { ConfigWriter, toSharedError, type FileSnapshot, type ServerOp, type WriteError } from '../config/writer';
import { importServers, planImport } from '../config/import';
import type { EditorPort, EditorSave, ImportReport, ImportSource, SaveOutcome } from './ports';
import type { ImportPlan } from '../../../shared/contract';
import { maskConfigText, unmaskEntry } from './unmask';
import type { ConflictData } from '../config/writer';
import { type Result } from '../../../shared/result';

const EDITABLE: readonly LayerKind[] = ['user', 'project', 'project-local'];
const MAX_SNAPSHOTS = 64;

/** A writer refusal as the page sees it: conflict texts masked (SEC-2), the rest as written. */
export function toAppError(e: WriteError): AppError {
  const shared = toSharedError(e);
  if (e.code === 'conflict') {
    const d = e.data as ConflictData;
    const detail = { path: d.path, base: maskConfigText(d.base), theirs: maskConfigText(d.theirs), ours: maskConfigText(d.ours) ?? '' };
    return new AppError(shared.code, shared.message, { reason: 'conflict', conflict: detail });
  }
  return new AppError(shared.code, shared.message, shared.data);
}

function unwrap<T>(r: Result<T, WriteError>): T {
  if (!r.ok) throw toAppError(r.error);
  return r.value;
}

export class WriterEditor implements EditorPort {
  private readonly snapshots = new Map<string, FileSnapshot>();

  constructor(
    private readonly writer: ConfigWriter,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  private remember(s: FileSnapshot): string | null {
    if (s.hash === null) return null;
    this.snapshots.set(s.hash, s);
    if (this.snapshots.size > MAX_SNAPSHOTS) this.snapshots.delete(this.snapshots.keys().next().value!);
    return s.hash;
  }

  async layers(sel: Selection): Promise<EditableLayer[]> {
    const out: EditableLayer[] = [];
    for (const layer of EDITABLE) {
      const target = { profile: sel.profile, layer, workspace: sel.workspace };
      const file = await this.writer.resolve(target);
      if (!file.ok) continue; // no workspace → no project layers
      const snap = await this.writer.read(target);
      const hash = snap.ok ? this.remember(snap.value) : null;
      out.push({ layer, path: file.value.path, dialect: file.value.dialect, readOnly: file.value.readOnly, expansion: expansionFor(file.value.dialect, layer), hash });
    }
    return out;
  }

  private base(hash: string | null, overwrite: boolean): { base?: FileSnapshot } {
    // Overwrite = apply the edit onto the file as it is now (the user saw the diff).
    if (overwrite || hash === null) return {};
    const s = this.snapshots.get(hash);
    return s ? { base: s } : {};
  }

  private async outcome(r: Result<{ path: string; changed: boolean; created: boolean; after: FileSnapshot }, WriteError>): Promise<SaveOutcome> {
    const v = unwrap(r);
    return { path: v.path, changed: v.changed, created: v.created, hash: this.remember(v.after) };
  }

  async save(sel: Selection, input: EditorSave, original: EffectiveServer | null): Promise<SaveOutcome> {
    const target = { profile: sel.profile, layer: input.layer, workspace: sel.workspace };
    const entry = (original ? unmaskEntry(input.entry, original.entry) : input.entry) as Record<string, unknown>;
    const ops: ServerOp[] = [];
    if (input.originalName === null) ops.push({ op: 'add', name: input.name, entry });
    else {
      if (input.originalName !== input.name) ops.push({ op: 'rename', name: input.originalName, to: input.name });
      ops.push({ op: 'set', name: input.name, entry });
    }
    return this.outcome(await this.writer.apply(target, ops, this.base(input.baseHash, input.overwrite)));
  }

  async remove(sel: Selection, layer: LayerKind, name: string, baseHash: string | null): Promise<SaveOutcome> {
    return this.outcome(await this.writer.remove({ profile: sel.profile, layer, workspace: sel.workspace }, name, this.base(baseHash, false)));
  }

  async rename(sel: Selection, layer: LayerKind, name: string, to: string, baseHash: string | null): Promise<SaveOutcome> {
    return this.outcome(await this.writer.apply({ profile: sel.profile, layer, workspace: sel.workspace }, [{ op: 'rename', name, to }], this.base(baseHash, false)));
  }

  async importPreview(sel: Selection, from: ImportSource, layer: LayerKind, replace: boolean): Promise<ImportPlan> {
    const target = { profile: sel.profile, layer, workspace: sel.workspace };
    return unwrap(await planImport(this.writer, { from, target, replace }, { env: this.env, workspace: sel.workspace }));
  }

  async importFrom(sel: Selection, from: ImportSource, layer: LayerKind, only: readonly string[] | 'default', replace: boolean): Promise<ImportReport> {
    const target = { profile: sel.profile, layer, workspace: sel.workspace };
    return unwrap(await importServers(this.writer, { from, target, replace, ...(only === 'default' ? {} : { only }) }, { env: this.env, workspace: sel.workspace }));
  }
}
