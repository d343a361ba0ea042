// Import servers from another tool into a profile's layer, through the same writer and
// with the same refusals (CFG-1, CFG-7, CFG-8). The source files are only read; what is
// written is the plan of plan.ts restricted to the servers the user picked.
import type { ImportReport } from '../../../../shared/contract/editor';
import type { ConfigWriter } from '../writer/config-writer';
import { type WriteError } from '../writer/errors';
import type { ServerOp } from '../writer/server-ops';
import { said } from './convert';
import { computePlan, needsAsking, type PlanOptions } from './plan';
import type { SourceContext } from './sources';
import { ok, type Result } from '../../../../shared/result';

export type { ImportReport };

export interface ImportOptions extends PlanOptions {
  /**
   * The server names to import. Absent (CLI without --only): every server except project
   * servers headed for the user layer, which must be named; refusals are reported as skipped.
   */
  only?: readonly string[];
}

export async function importServers(writer: ConfigWriter, opts: ImportOptions, ctx: SourceContext): Promise<Result<ImportReport, WriteError>> {
  const computed = await computePlan(writer, opts, ctx);
  if (!computed.ok) return computed;
  const { plan, entries, base } = computed.value;
  const picked = new Set(opts.only ?? plan.servers.filter((s) => !needsAsking(s, plan.layer)).map((s) => s.name));
  const report: ImportReport = { source: plan.source, path: plan.path, sourceFiles: plan.sourceFiles, imported: [], skipped: [], notPicked: [], changed: false };
  const ops: ServerOp[] = [];
  for (const s of plan.servers) {
    if (!picked.delete(s.name)) {
      report.notPicked.push({ name: s.name, scope: s.scope });
      continue;
    }
    const entry = entries.get(s.name);
    if (s.skip || !entry) {
      const fallback = said('editor.importWhy', 'not_importable');
      const { code, reason, why } = s.skip ?? { code: 'invalid_source' as const, reason: fallback.text, why: fallback.coded };
      report.skipped.push({ name: s.name, from: s.from, code, reason, ...(why ? { why } : {}) });
      continue;
    }
    ops.push({ op: s.verdict === 'replace' ? 'set' : 'add', name: s.name, entry });
    report.imported.push({ name: s.name, from: s.from, notes: s.notes, ...(s.noteCodes ? { noteCodes: s.noteCodes } : {}) });
  }
  // Names the source no longer has (edited since the preview, or a typo in --only).
  for (const name of picked) {
    const { text, coded } = said('editor.importWhy', 'not_found', { name, source: plan.source });
    report.skipped.push({ name, from: plan.source, code: 'not_found', reason: text, why: coded });
  }
  if (ops.length === 0) return ok(report);
  const written = await writer.apply(opts.target, ops, { base });
  if (!written.ok) return written;
  report.changed = written.value.changed;
  return ok(report);
}
