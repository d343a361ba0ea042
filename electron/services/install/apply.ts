// AGENT-3: write the plan (plan.ts) through the config writer, one file per agent, and keep an
// install record so `install --undo ID` puts every file back byte for byte. The record is the
// bridge install's approach (bridge/install-records.ts: one locked file in the panel's data dir,
// the single changed span of each file with the hash of what install left): on disk before any
// agent's file changes, so a crash between the two loses nothing.
import { randomBytes } from 'node:crypto';
import { stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { profileFacts } from '../../../shared/profiles';
import { InstallActionSchema, type InstallResult, type InstallSummary, type UndoResult } from '../../../shared/schemas/install';
import { LayerKindSchema, ProfileSchema } from '../../../shared/schemas/server';
import { differingSpan } from '../bridge/install';
import { readRecords, updateRecordsFile } from '../bridge/install-records';
import { applyServerOps, hashText, type ServerOp } from '../config/writer';
import type { ConfigWriter } from '../config/writer/config-writer';
import { spanEditor } from '../config/writer/span-editor';
import type { PlannedTarget } from './plan';
import { withoutInputs } from './agent-inputs';
import { isRecord } from '../../../shared/is-record';

const FileRecordSchema = z.object({
  profile: ProfileSchema,
  layer: LayerKindSchema,
  workspace: z.string().nullable(),
  path: z.string(),
  action: InstallActionSchema,
  /** The file did not exist before: undo removes it. */
  created: z.boolean(),
  /** The entry before (undefined: install added it) and the one install wrote. */
  original: z.unknown().optional(),
  written: z.record(z.string(), z.unknown()),
  undo: z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative(), text: z.string(), afterHash: z.string() }),
  /** The agent's own inputs the install added beside the entry (VS Code `inputs`: agent-inputs.ts). */
  inputsAdded: z.array(z.string()).optional(),
});

const ServerInstallSchema = z.object({ id: z.string(), server: z.string(), installedAt: z.number(), files: z.array(FileRecordSchema) });
type ServerInstall = z.infer<typeof ServerInstallSchema>;

export const serverInstallsPath = (dataDir: string) => join(dataDir, 'server-installs.json');

const newId = (now: number) => `${now.toString(36)}-${randomBytes(3).toString('hex')}`;

const summary = (r: ServerInstall): InstallSummary => ({ id: r.id, server: r.server, installedAt: r.installedAt, files: r.files.map((f) => ({ profile: f.profile, layer: f.layer, path: f.path, action: f.action })) });

export async function listInstalls(dataDir: string): Promise<InstallSummary[]> {
  return ((await readRecords(serverInstallsPath(dataDir), ServerInstallSchema)) ?? []).map(summary).sort((a, b) => b.installedAt - a.installedAt);
}

/** The planned text as it is (the entry and the agent's own inputs: agent-inputs.ts), if the file is still the one planned on. */
async function writeWhole(writer: ConfigWriter, write: NonNullable<PlannedTarget['write']>) {
  const file = await writer.resolve(write.target);
  if (!file.ok) return file;
  return writer.editFile(file.value, () => ({ ok: true, value: write.after }), { base: write.base });
}

export async function applyInstall(writer: ConfigWriter, dataDir: string, server: string, plan: readonly PlannedTarget[], now = Date.now()): Promise<InstallResult> {
  const writes = plan.filter((p) => p.write !== null);
  if (writes.length === 0) return { id: null, written: [], failed: [] };
  const id = newId(now);
  const files = writes.map(({ view, write }) => ({
    profile: view.profile,
    layer: view.layer,
    workspace: write!.target.workspace ?? null,
    path: view.path!,
    action: view.action,
    created: !write!.base.exists,
    original: write!.original,
    written: view.entry ?? {},
    undo: differingSpan(write!.base.text ?? '', write!.after),
    ...(write!.inputsAdded.length ? { inputsAdded: write!.inputsAdded } : {}),
  }));
  const path = serverInstallsPath(dataDir);
  await updateRecordsFile(path, ServerInstallSchema, (all) => ({ installs: [...all, { id, server, installedAt: now, files }], result: undefined }));
  const result: InstallResult = { id, written: [], failed: [] };
  for (const { view, write } of writes) {
    const r = write!.whole ? await writeWhole(writer, write!) : await writer.apply(write!.target, write!.ops, { base: write!.base });
    if (r.ok) result.written.push({ profile: view.profile, layer: view.layer, path: r.value.path, action: view.action });
    else result.failed.push({ profile: view.profile, path: view.path, code: r.error.code, message: r.error.message });
  }
  // Only what was written can be undone; a record with nothing in it is dropped.
  const done = new Set(result.written.map((w) => w.path));
  await updateRecordsFile(path, ServerInstallSchema, (all) => ({
    installs: all.flatMap((r) => (r.id !== id ? [r] : done.size ? [{ ...r, files: r.files.filter((f) => done.has(f.path)) }] : [])),
    result: undefined,
  }));
  if (done.size === 0) result.id = null;
  return result;
}

type FileRecord = z.infer<typeof FileRecordSchema>;


/** The entry named `server` in the file's text, as the agent reads it (undefined: none). */
function entryIn(f: FileRecord, text: string, container: readonly string[] | undefined, server: string): unknown {
  const parsed = spanEditor(profileFacts(f.profile).format, text)?.parse(text);
  if (!parsed?.ok) return undefined;
  let cur: unknown = parsed.value;
  for (const k of container ?? [profileFacts(f.profile).serversKey]) cur = isRecord(cur) ? cur[k] : undefined;
  return isRecord(cur) && Object.hasOwn(cur, server) ? cur[server] : undefined;
}

/**
 * Put one file back: untouched since install, the one span is undone (byte for byte; a file
 * install created is removed); else, while the entry is still what install wrote, only the entry
 * goes back (the user's other edits stay); else nothing, and why.
 */
async function undoFile(writer: ConfigWriter, server: string, f: FileRecord): Promise<{ how: 'exact' | 'entry' | 'removed' } | { code: string; message: string }> {
  const resolved = await writer.resolve({ profile: f.profile, layer: f.layer, workspace: f.workspace });
  if (!resolved.ok) return { code: resolved.error.code, message: resolved.error.message };
  const snap = await writer.read({ profile: f.profile, layer: f.layer, workspace: f.workspace });
  if (!snap.ok) return { code: snap.error.code, message: snap.error.message };
  const text = snap.value.text;
  if (text === null) return { code: 'edited', message: `${f.path} is gone; nothing to restore` };
  if (hashText(text) === f.undo.afterHash) {
    const out = text.slice(0, f.undo.offset) + f.undo.text + text.slice(f.undo.offset + f.undo.length);
    const w = await writer.editFile(resolved.value, () => ({ ok: true, value: out }), { base: snap.value });
    if (!w.ok) return { code: w.error.code, message: w.error.message };
    // The file did not exist before install: now empty, it goes (unless someone wrote it since).
    if (f.created && out === '' && (await stat(f.path).then((s) => s.size === 0, () => false))) await unlink(f.path).catch(() => undefined);
    return { how: 'exact' };
  }
  if (!isDeepStrictEqual(entryIn(f, text, resolved.value.container, server), f.written)) {
    return { code: 'edited', message: `${server} in ${f.path} was changed or removed since install; nothing restored there (edit the file by hand)` };
  }
  const ops: ServerOp[] = f.original === undefined ? [{ op: 'remove', name: server }] : [{ op: 'set', name: server, entry: f.original as Record<string, unknown> }];
  const served = applyServerOps(text, f.profile, ops, undefined, resolved.value.container);
  const planned = served.ok && f.inputsAdded?.length ? withoutInputs(served.value, profileFacts(f.profile).format, f.inputsAdded) : served;
  if (!planned.ok) return { code: planned.error.code, message: planned.error.message };
  const w = await writer.editFile(resolved.value, () => ({ ok: true, value: planned.value }), { base: snap.value });
  if (!w.ok) return { code: w.error.code, message: w.error.message };
  return { how: f.original === undefined ? 'removed' : 'entry' };
}

export class UnknownInstallError extends Error {}

/** One file an undo put back: its agent, layer, file and the entry install had written there. */
export type RestoredFile = Pick<FileRecord, 'profile' | 'layer' | 'path' | 'written'>;

export async function undoInstall(writer: ConfigWriter, dataDir: string, id: string, onRestored?: (server: string, f: RestoredFile) => Promise<void>): Promise<UndoResult> {
  const all = (await readRecords(serverInstallsPath(dataDir), ServerInstallSchema)) ?? [];
  const rec = all.find((r) => r.id === id);
  if (!rec) throw new UnknownInstallError(`no install ${id}; mcp-panel install --list shows them`);
  const result: UndoResult = { id, restored: [], failed: [] };
  for (const f of rec.files) {
    const r = await undoFile(writer, rec.server, f);
    if ('how' in r) {
      result.restored.push({ profile: f.profile, path: f.path, how: r.how });
      await onRestored?.(rec.server, f);
    }
    else result.failed.push({ profile: f.profile, path: f.path, code: r.code, message: r.message });
  }
  // What could not be put back stays recorded, to try again once the file is fixed.
  const left = new Set(result.failed.map((x) => x.path));
  await updateRecordsFile(serverInstallsPath(dataDir), ServerInstallSchema, (installs) => ({
    installs: installs.flatMap((r) => (r.id !== id ? [r] : left.size ? [{ ...r, files: r.files.filter((f) => left.has(f.path)) }] : [])),
    result: undefined,
  }));
  return result;
}
