// Read one import source: every server of its files, later files overriding earlier ones by
// name as in the source tool. The files are only read (SEC-7 bounded reads).
import { escapePointer } from '../../../../shared/json-pointer';
import { readBoundedFile } from '../bounded-read';
import { parseConfigText } from '../writer/text-edit';
import { type ImportSource, type SourceContext, type SourceFile, sourceFiles } from './sources';

export interface ForeignServer {
  name: string;
  entry: unknown;
  path: string;
  /** Pointer of the entry in its source file. */
  pointer: string;
  scope: SourceFile['scope'];
}

export interface SourceFileState {
  path: string;
  state: 'ok' | 'missing' | 'invalid';
  error: string | null;
}

type SourceText = { text: string } | { text: null; error: string | null };

/** SEC-7: the same bounded, regular-file-only read as every config file (a source may be a link to /dev/zero). */
async function readSourceText(path: string, confineTo: string | undefined): Promise<SourceText> {
  const read = await readBoundedFile(path, confineTo === undefined ? {} : { confineTo });
  if (read.state === 'ok') return { text: read.bytes.toString('utf8') };
  return { text: null, error: read.state === 'void' ? read.error : null };
}

/** Every server of a source, later files overriding earlier ones by name. */
export async function readSource(source: ImportSource, ctx: SourceContext): Promise<{ servers: ForeignServer[]; files: SourceFileState[] }> {
  const byName = new Map<string, ForeignServer>();
  const files: SourceFileState[] = [];
  const texts = new Map<string, SourceText>();
  for (const file of sourceFiles(source, ctx)) {
    if (!texts.has(file.path)) texts.set(file.path, await readSourceText(file.path, file.confineTo));
    const read = texts.get(file.path)!;
    const seen = files.find((f) => f.path === file.path);
    if (read.text === null) {
      if (!seen) files.push({ path: file.path, state: read.error === null ? 'missing' : 'invalid', error: read.error });
      continue;
    }
    const parsed = parseConfigText(read.text, true);
    if (!parsed.ok) {
      if (!seen) files.push({ path: file.path, state: 'invalid', error: `line ${parsed.error.line}, column ${parsed.error.column}: ${parsed.error.message}` });
      continue;
    }
    if (!seen) files.push({ path: file.path, state: 'ok', error: null });
    for (const { pointer, servers } of file.containers(parsed.value)) {
      for (const [name, entry] of Object.entries(servers)) {
        byName.delete(name); // keep the overriding entry's position at the end
        byName.set(name, { name, entry, path: file.path, pointer: `${pointer}/${escapePointer(name)}`, scope: file.scope });
      }
    }
  }
  return { servers: [...byName.values()], files };
}
