// CTX-2: a plan written, and undone byte for byte. The install's approach (install/apply.ts):
// one record per plan in the panel's data folder, on disk before any agent file changes, holding
// for each file the one span the plan changed and the hash of what it left; undo puts the span
// back while the file is still exactly as the plan left it, and says so where it is not.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { PlanResult, PlanUndo } from '../../../shared/contract';
import { LayerKindSchema, ProfileSchema, type Profile } from '../../../shared/schemas/server';
import { differingSpan } from '../bridge/install';
import { dropInstall, putInstall, readRecords, updateRecordsFile } from '../bridge/install-records';
import { hashText } from '../config/writer';
import type { ConfigWriter } from '../config/writer/config-writer';
import type { PlannedWrite } from './plan';
import { fileChanges, undoneText } from './plan-fields';

const FileSchema = z.object({
  path: z.string(),
  layer: LayerKindSchema,
  workspace: z.string().nullable(),
  undo: z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative(), text: z.string(), afterHash: z.string() }),
  /** Servers whose entry became a bridge line (their install records go with the undo). */
  bridged: z.array(z.string()).optional(),
  /** What the plan changed, field by field: undone so when the agent has rewritten the file since. */
  changes: z
    .object({
      entries: z.array(z.object({ server: z.string(), before: z.record(z.string(), z.unknown()), after: z.record(z.string(), z.unknown()) })),
      map: z.array(z.object({ key: z.string(), before: z.boolean().nullable(), after: z.boolean().nullable() })),
    })
    .optional(),
});
const PlanRecordSchema = z.object({ id: z.string(), profile: ProfileSchema, at: z.number(), dropped: z.number().int(), files: z.array(FileSchema) });
type PlanRecord = z.infer<typeof PlanRecordSchema>;

export const planRecordsPath = (dataDir: string) => join(dataDir, 'context-plans.json');

export async function listPlans(dataDir: string) {
  const all = (await readRecords(planRecordsPath(dataDir), PlanRecordSchema)) ?? [];
  return all.map((r) => ({ id: r.id, profile: r.profile, at: r.at, files: r.files.map((f) => f.path), dropped: r.dropped })).sort((a, b) => b.at - a.at);
}

/** Writes each planned file as previewed (a file changed since is refused by the writer: CFG-7). */
export async function applyPlan(writer: ConfigWriter, dataDir: string, profile: Profile, writes: readonly PlannedWrite[], dropped: number, now = Date.now()): Promise<PlanResult> {
  if (writes.length === 0) return { id: null, written: [], failed: [] };
  const id = `${now.toString(36)}-${randomBytes(3).toString('hex')}`;
  const files = writes.map((w) => ({
    path: w.path,
    layer: w.target.layer,
    workspace: w.target.workspace ?? null,
    undo: differingSpan(w.base.text ?? '', w.after),
    // A bridged entry goes back from its install record; the rest field by field when the span cannot.
    ...(w.installs.length ? { bridged: w.installs.map((r) => r.server) } : { changes: fileChanges(w.base.text, w.after, w.file, w.servers) }),
  }));
  const path = planRecordsPath(dataDir);
  await updateRecordsFile(path, PlanRecordSchema, (all) => ({ installs: [...all, { id, profile, at: now, dropped, files }], result: undefined }));
  const result: PlanResult = { id, written: [], failed: [] };
  for (const w of writes) {
    // The bridge finds what to start in its install record: on disk before the line is.
    for (const rec of w.installs) await putInstall(dataDir, rec);
    const r = await writer.editFile(w.file, () => ({ ok: true, value: w.after }), { base: w.base });
    if (r.ok) result.written.push({ path: w.path, layer: w.target.layer });
    else {
      result.failed.push({ path: w.path, code: r.error.code, message: r.error.message });
      for (const rec of w.installs) await dropInstall(dataDir, rec);
    }
  }
  // Only what was written can be undone; a record with nothing in it is dropped.
  const done = new Set(result.written.map((f) => f.path));
  await updateRecordsFile(path, PlanRecordSchema, (all) => ({ installs: all.flatMap((r) => (r.id !== id ? [r] : done.size ? [{ ...r, files: r.files.filter((f) => done.has(f.path)) }] : [])), result: undefined }));
  if (done.size === 0) result.id = null;
  return result;
}

export class UnknownPlanError extends Error {}

async function undoFile(writer: ConfigWriter, dataDir: string, profile: Profile, f: PlanRecord['files'][number]): Promise<{ code: string; message: string } | null> {
  const target = { profile, layer: f.layer, workspace: f.workspace };
  const resolved = await writer.resolve(target);
  if (!resolved.ok) return { code: resolved.error.code, message: resolved.error.message };
  const snap = await writer.read(target);
  if (!snap.ok) return { code: snap.error.code, message: snap.error.message };
  const text = snap.value.text;
  if (text !== null && hashText(text) !== f.undo.afterHash && f.bridged?.length) return unbridge(writer, dataDir, profile, f);
  // Rewritten by the agent since: the plan's fields go back one by one, if they still say what it wrote.
  const byField = text !== null && hashText(text) !== f.undo.afterHash && f.changes ? undoneText(text, resolved.value, f.changes) : null;
  if (byField && !byField.ok) return { code: byField.error.code, message: byField.error.message };
  if (text === null || (hashText(text) !== f.undo.afterHash && !byField)) {
    return { code: 'edited', message: `${f.path} changed since the plan was written, and so did what the plan wrote there; nothing restored (the plan's change can be undone by hand, or with mcp-panel tools enable)` };
  }
  const out = byField?.ok ? byField.value : text.slice(0, f.undo.offset) + f.undo.text + text.slice(f.undo.offset + f.undo.length);
  const w = await writer.editFile(resolved.value, () => ({ ok: true, value: out }), { base: snap.value });
  if (!w.ok) return { code: w.error.code, message: w.error.message };
  for (const server of f.bridged ?? []) await dropInstall(dataDir, { profile, server, file: f.path });
  return null;
}

/**
 * A file the agent rewrites as it runs (Claude Code's ~/.claude.json keeps its start-up counts
 * there) is seldom as the plan left it: the entries the plan turned into bridge lines go back one
 * by one from their install records, as `bridge uninstall` puts them, the agent's own edits kept.
 */
async function unbridge(writer: ConfigWriter, dataDir: string, profile: Profile, f: PlanRecord['files'][number]): Promise<{ code: string; message: string } | null> {
  const { uninstallBridge } = await import('../bridge/install');
  const failed: string[] = [];
  for (const server of f.bridged ?? []) {
    const r = await uninstallBridge({ dataDir, writer }, { profile, server, layer: f.layer, workspace: f.workspace });
    if (!r.ok) failed.push(r.error.message);
  }
  return failed.length ? { code: 'edited', message: failed.join('; ') } : null;
}

export async function undoPlan(writer: ConfigWriter, dataDir: string, id: string): Promise<PlanUndo> {
  const rec = ((await readRecords(planRecordsPath(dataDir), PlanRecordSchema)) ?? []).find((r) => r.id === id);
  if (!rec) throw new UnknownPlanError(`no plan ${id}; mcp-panel plan --list shows them`);
  const result: PlanUndo = { id, restored: [], failed: [] };
  for (const f of rec.files) {
    const failed = await undoFile(writer, dataDir, rec.profile, f);
    if (failed) result.failed.push({ path: f.path, ...failed });
    else result.restored.push({ path: f.path });
  }
  // What could not be put back stays recorded, to try again once the file is as the plan left it.
  const left = new Set(result.failed.map((x) => x.path));
  await updateRecordsFile(planRecordsPath(dataDir), PlanRecordSchema, (all) => ({ installs: all.flatMap((r) => (r.id !== id ? [r] : left.size ? [{ ...r, files: r.files.filter((f) => left.has(f.path)) }] : [])), result: undefined }));
  return result;
}
