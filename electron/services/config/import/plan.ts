// The import plan (CFG-1, CFG-7, CFG-8): what importing a source into a layer would do, per
// server, computed without writing. `importServers` applies exactly this plan, so the preview
// the user saw and the write they asked for cannot disagree.
import { resolve } from 'node:path';
import type { ImportPlan, ImportPlanItem } from '../../../../shared/contract/editor';
import type { Dialect } from '../../../../shared/schemas/dialects';
import { findInlineSecrets } from '../../../../shared/secrets/secret-rules';
import type { ConfigWriter, WriteTarget } from '../writer/config-writer';
import { errResult, type WriteError } from '../writer/errors';
import { dialectValidator, SERVERS_KEY } from '../writer/server-ops';
import type { FileSnapshot } from '../writer/snapshot';
import { parseConfigText } from '../writer/text-edit';
import { convertEntry, said } from './convert';
import { readSource } from './read-source';
import type { ImportSource, SourceContext } from './sources';
import { profileFacts } from '../../../../shared/profiles';
import { entryEnabled } from '../../../../shared/profiles/kit';
import { inferTransport } from '../../../../shared/schemas/dialects';
import { agentVerdict } from '../../agent-view/verdict';
import { rulesFor } from '../../agent-view/registry';
import { otherReaders } from '../../agent-view/shared-files';
import { homeDir } from '../../paths';
import { isRecord } from '../../../../shared/is-record';
import { ok, type Result } from '../../../../shared/result';

export type { ImportPlan, ImportPlanItem };

export interface PlanOptions {
  from: ImportSource;
  target: WriteTarget;
  /** Overwrite servers of the same name in the target file (default: skip them). */
  replace?: boolean;
}

/** The plan plus what applying it needs: the converted entries and the target as read. */
export interface ComputedPlan {
  plan: ImportPlan;
  entries: Map<string, Record<string, unknown>>;
  base: FileSnapshot;
}


type Verdict = Pick<ImportPlanItem, 'verdict' | 'notes' | 'noteCodes' | 'skip'> & { entry?: Record<string, unknown> };
type Skip = NonNullable<ImportPlanItem['skip']>;

function judge(raw: unknown, pointer: string, name: string, dialect: Dialect, workspace: string | null, existing: Set<string>, targetPath: string, replace: boolean): Verdict {
  const converted = convertEntry(raw, dialect, workspace);
  if (!converted.ok) return { verdict: 'skip', notes: [], skip: { code: converted.error.why.code === 'http_only' ? 'unsupported_transport' : 'invalid_source', reason: converted.error.reason, why: converted.error.why } };
  const { entry, notes, noteCodes } = converted.value;
  // UI-9: the reason in English from the catalogue, and its code for the page's language.
  const skip = (code: Skip['code'], params: Record<string, string>): Verdict => {
    const { text, coded } = said('editor.importWhy', code, params);
    return { verdict: 'skip', notes, noteCodes, skip: { code, reason: text, why: coded } };
  };
  // CFG-8: a literal secret in the source is named (pointer, length), never copied. Checked
  // after conversion so `${input:x}` / `${env:X}` count as the references they become.
  const secrets = findInlineSecrets(entry);
  if (secrets.length > 0) return skip('inline_secret', { pointers: secrets.map((f) => `${pointer}${f.pointer}`).join(', ') });
  const issues = dialectValidator(dialect, entry);
  if (issues.length > 0) return skip('invalid_entry', { issues: issues.map((i) => `${i.pointer || '/'}: ${i.message}`).join('; ') });
  if (existing.has(name) && !replace) return skip('exists', { name, target: targetPath });
  return { verdict: existing.has(name) ? 'replace' : 'import', notes, noteCodes, skip: null, entry };
}

/** "Never move project servers into the user layer unasked": shown and offered, never assumed. */
export function needsAsking(item: Pick<ImportPlanItem, 'scope'>, layer: WriteTarget['layer']): boolean {
  return item.scope === 'project' && layer === 'user';
}

export async function computePlan(writer: ConfigWriter, opts: PlanOptions, ctx: SourceContext): Promise<Result<ComputedPlan, WriteError>> {
  const file = await writer.resolve(opts.target);
  if (!file.ok) return file;
  if (file.value.readOnly) return errResult('read_only', `${file.value.path}: ${file.value.readOnly}`);
  const dialect: Dialect = file.value.dialect;
  const base = await writer.read(opts.target);
  if (!base.ok) return base;
  const parsedTarget = base.value.text === null ? null : parseConfigText(base.value.text);
  if (parsedTarget && !parsedTarget.ok) {
    const { line, column, message } = parsedTarget.error;
    return errResult('parse_error', `${file.value.path}: the file does not parse (line ${line}, column ${column}: ${message}); fix it by hand first`, parsedTarget.error);
  }
  const targetValue = parsedTarget?.ok ? parsedTarget.value : undefined;
  const existing = new Set(Object.keys(isRecord(targetValue) && isRecord(targetValue[SERVERS_KEY]) ? targetValue[SERVERS_KEY] : {}));

  const workspace = ctx.workspace ? resolve(ctx.workspace) : null;
  const { servers, files } = await readSource(opts.from, ctx);
  const entries = new Map<string, Record<string, unknown>>();
  // What the target agent will make of each entry as written there (the one verdict, agent-view/):
  // a `${GITHUB_TOKEN}` where it does not expand is sent as text, and the preview says so with the fix.
  const rules = rulesFor(opts.target.profile);
  const seenBy = (name: string, entry: Record<string, unknown>) =>
    agentVerdict({
      rules,
      server: { name, layer: opts.target.layer, entry, transport: inferTransport(entry, profileFacts(dialect).transportKeys), enabled: entryEnabled(profileFacts(dialect), entry), trusted: true, error: null, spec: null, subagent: false },
      state: null,
      connectMs: null,
      auth: 'unknown',
      held: new Set(),
      env: ctx.env,
      workspace,
    });
  const items: ImportPlanItem[] = servers.map((s) => {
    const { entry, ...v } = judge(s.entry, s.pointer, s.name, dialect, workspace, existing, file.value.path, opts.replace === true);
    if (entry) entries.set(s.name, entry);
    const selected = v.verdict !== 'skip' && !needsAsking(s, opts.target.layer);
    return { name: s.name, from: `${s.path}#${s.pointer}`, path: s.path, pointer: s.pointer, scope: s.scope, ...v, selected, ...(entry ? { agent: seenBy(s.name, entry) } : {}) };
  });
  const sharedWith = await otherReaders(opts.target.profile, file.value.path, { env: ctx.env, home: homeDir(ctx.env), workspace });
  const plan: ImportPlan = { source: opts.from, layer: opts.target.layer, path: file.value.path, sourceFiles: files, servers: items, ...(sharedWith.length ? { sharedWith } : {}) };
  return ok({ plan, entries, base: base.value });
}

/** The preview: the plan alone. Reads the source and the target file; writes nothing. */
export async function planImport(writer: ConfigWriter, opts: PlanOptions, ctx: SourceContext): Promise<Result<ImportPlan, WriteError>> {
  const r = await computePlan(writer, opts, ctx);
  return r.ok ? ok(r.value.plan) : r;
}
