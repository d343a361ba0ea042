// Import servers from another tool into a profile's layer, through the same writer and
// with the same refusals (CFG-1, CFG-7, CFG-8). The source files are only read.
import { resolve } from 'node:path';
import type { Dialect } from '../../../../shared/schemas/dialects';
import { readBoundedFile } from '../read-file';
import { describeFindings, findInlineSecrets, pointerEscape } from '../secrets/secret-rules';
import { type ConfigWriter, type WriteTarget } from '../writer/config-writer';
import { errResult, okResult, type WriteErrorCode, type WriteResult } from '../writer/errors';
import { dialectValidator, type ServerOp, SERVERS_KEY } from '../writer/server-ops';
import { parseConfigText } from '../writer/text-edit';
import { convertEntry } from './convert';
import { type ImportSource, type SourceContext, sourceFiles } from './sources';

export interface ForeignServer {
  name: string;
  entry: unknown;
  path: string;
  /** Pointer of the entry in its source file. */
  pointer: string;
}

export interface SourceFileState {
  path: string;
  state: 'ok' | 'missing' | 'invalid';
  error: string | null;
}

/** SEC-7: the same bounded, regular-file-only read as every config file (a source may be a link to /dev/zero). */
async function readSourceText(path: string): Promise<{ text: string } | { text: null; error: string | null }> {
  const read = await readBoundedFile(path);
  if (read.state === 'ok') return { text: read.bytes.toString('utf8') };
  return { text: null, error: read.state === 'void' ? read.error : null };
}

/** Every server of a source, later files overriding earlier ones by name. */
export async function readSource(source: ImportSource, ctx: SourceContext): Promise<{ servers: ForeignServer[]; files: SourceFileState[] }> {
  const byName = new Map<string, ForeignServer>();
  const files: SourceFileState[] = [];
  const texts = new Map<string, { text: string } | { text: null; error: string | null }>();
  for (const file of sourceFiles(source, ctx)) {
    if (!texts.has(file.path)) texts.set(file.path, await readSourceText(file.path));
    const read = texts.get(file.path)!;
    const seen = files.find((f) => f.path === file.path);
    const text = read.text;
    if (text === null) {
      if (!seen) files.push({ path: file.path, state: read.error === null ? 'missing' : 'invalid', error: read.error });
      continue;
    }
    const parsed = parseConfigText(text, true);
    if (!parsed.ok) {
      if (!seen) files.push({ path: file.path, state: 'invalid', error: `line ${parsed.error.line}, column ${parsed.error.column}: ${parsed.error.message}` });
      continue;
    }
    if (!seen) files.push({ path: file.path, state: 'ok', error: null });
    for (const { pointer, servers } of file.containers(parsed.value)) {
      for (const [name, entry] of Object.entries(servers)) {
        byName.delete(name); // keep the overriding entry's position at the end
        byName.set(name, { name, entry, path: file.path, pointer: `${pointer}/${pointerEscape(name)}` });
      }
    }
  }
  return { servers: [...byName.values()], files };
}

export interface ImportOptions {
  from: ImportSource;
  target: WriteTarget;
  /** Overwrite servers of the same name in the target file (default: skip them). */
  replace?: boolean;
  /** Only these server names (default: all). */
  only?: readonly string[];
}

export interface ImportedServer {
  name: string;
  from: string;
  notes: string[];
}

export interface SkippedServer {
  name: string;
  from: string;
  code: WriteErrorCode | 'unsupported_transport' | 'invalid_source';
  reason: string;
}

export interface ImportReport {
  source: ImportSource;
  /** The file written (or that would have been). */
  path: string;
  sourceFiles: SourceFileState[];
  imported: ImportedServer[];
  skipped: SkippedServer[];
  changed: boolean;
}

export async function importServers(writer: ConfigWriter, opts: ImportOptions, ctx: SourceContext): Promise<WriteResult<ImportReport>> {
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
  const report: ImportReport = { source: opts.from, path: file.value.path, sourceFiles: files, imported: [], skipped: [], changed: false };
  const ops: ServerOp[] = [];
  for (const s of servers) {
    if (opts.only && !opts.only.includes(s.name)) continue;
    const from = `${s.path}#${s.pointer}`;
    const skip = (code: SkippedServer['code'], reason: string) => report.skipped.push({ name: s.name, from, code, reason });
    const converted = convertEntry(s.entry, dialect, workspace);
    if (!converted.ok) {
      skip(converted.reason.includes('only') ? 'unsupported_transport' : 'invalid_source', converted.reason);
      continue;
    }
    // CFG-8: a literal secret in the source is named (pointer, length), never copied. Checked
    // after conversion so `${input:x}` / `${env:X}` count as the references they become.
    const secrets = findInlineSecrets(converted.value.entry);
    if (secrets.length > 0) {
      skip('inline_secret', `holds a literal secret in the source: ${describeFindings(secrets, s.pointer)}`);
      continue;
    }
    const issues = dialectValidator(dialect, converted.value.entry);
    if (issues.length > 0) {
      skip('invalid_entry', issues.map((i) => `${i.pointer || '/'}: ${i.message}`).join('; '));
      continue;
    }
    if (existing.has(s.name) && !opts.replace) {
      skip('exists', `a server "${s.name}" is already in ${file.value.path} (import with replace to overwrite it)`);
      continue;
    }
    ops.push({ op: existing.has(s.name) ? 'set' : 'add', name: s.name, entry: converted.value.entry });
    report.imported.push({ name: s.name, from, notes: converted.value.notes });
  }
  if (ops.length === 0) return okResult(report);
  const written = await writer.apply(opts.target, ops, { base: base.value });
  if (!written.ok) return written;
  report.changed = written.value.changed;
  return okResult(report);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
