// REG-3: a verified bundle unpacked into a fresh, empty, owner-only folder. The zip is read with
// JSZip (its central directory first, nothing inflated), and every entry is checked before one
// byte is written (entries.ts): a bundle with one bad entry leaves nothing behind. Then each
// file is inflated as a stream and its bytes counted against the bound as they come (a declared
// size can lie: a zip bomb stops at the bound), written with O_EXCL so nothing already there is
// followed or overwritten. JSZip, not the `@anthropic-ai/mcpb` package's own `unpackExtension`:
// that one inflates the whole archive at once with no bound, and writes a link as a file.
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type JSZip from 'jszip';
import { entryKindOf, entryPathProblem, fileModeOf, sizeText, type BundleBounds, type EntryKind } from './entries';

export type BundleErrorCode = 'digest' | 'too_big' | 'timeout' | 'download' | 'not_zip' | 'unsafe_entry' | 'manifest' | 'unsupported' | 'no_digest';

export class BundleError extends Error {
  constructor(
    readonly code: BundleErrorCode,
    message: string,
  ) {
    super(message);
  }
}

interface Planned {
  name: string;
  kind: EntryKind;
  mode: number;
  file: JSZip.JSZipObject;
}

const unixModeOf = (f: JSZip.JSZipObject): number | null => (typeof f.unixPermissions === 'number' ? f.unixPermissions : null);

/** Every entry checked; the first few problems said at once. Throws BundleError before anything is written. */
function plan(zip: JSZip, bounds: Pick<BundleBounds, 'maxEntries'>, label: string): Planned[] {
  const files = Object.values(zip.files);
  if (files.length > bounds.maxEntries) throw new BundleError('too_big', `${label} holds ${files.length} entries, over the ${bounds.maxEntries} a bundle may have; not unpacked`);
  const problems: string[] = [];
  const out: Planned[] = [];
  for (const f of files) {
    // JSZip resolves `..` in a file's name and keeps what the zip said as `unsafeOriginalName`: that is what is checked.
    const name = f.unsafeOriginalName ?? f.name;
    const pathProblem = entryPathProblem(name);
    const kind = entryKindOf(unixModeOf(f), f.dir);
    if (pathProblem) problems.push(`"${name.slice(0, 200)}": ${pathProblem}`);
    else if (typeof kind !== 'string') problems.push(`"${name.slice(0, 200)}": ${kind.refused}`);
    else out.push({ name: name.replace(/\/$/, ''), kind, mode: fileModeOf(unixModeOf(f)), file: f });
  }
  if (problems.length) throw new BundleError('unsafe_entry', `${label} was refused, nothing of it was unpacked: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}`);
  return out;
}

/** One file inflated into `path` (created, never opened through anything already there), its bytes counted against what is left. */
function inflateTo(entry: Planned, path: string, left: number, onTooBig: () => BundleError): Promise<number> {
  return new Promise((resolve, reject) => {
    const fd = openSync(path, 'wx', entry.mode);
    let written = 0;
    let done = false;
    const finish = (err: Error | null) => {
      if (done) return;
      done = true;
      closeSync(fd);
      if (err) reject(err);
      else resolve(written);
    };
    const stream = entry.file.nodeStream('nodebuffer');
    stream.on('data', (chunk: Buffer) => {
      if (done) return;
      written += chunk.length;
      if (written > left) {
        stream.pause();
        finish(onTooBig());
        return;
      }
      writeSync(fd, chunk);
    });
    stream.on('error', (err: Error) => finish(new BundleError('not_zip', `${entry.name} could not be inflated: ${err.message}`)));
    stream.on('end', () => finish(null));
  });
}

/**
 * `bytes` (a bundle whose digest was checked) unpacked into `into`, which must not exist yet (it
 * is made 0700); every file 0600, or 0700 when the zip marks it executable. Throws BundleError:
 * the caller removes `into` on failure.
 */
export async function unpackBundle(bytes: Buffer, into: string, bounds: Pick<BundleBounds, 'maxEntries' | 'maxUnpackedBytes'>, label: string): Promise<{ files: number; bytes: number }> {
  // Loaded with the first bundle, not with every command and host start.
  const { default: Zip } = await import('jszip');
  let zip: JSZip;
  try {
    zip = await Zip.loadAsync(bytes);
  } catch (err) {
    throw new BundleError('not_zip', `${label} is not a zip archive (an .mcpb bundle is one): ${(err as Error).message}`);
  }
  const entries = plan(zip, bounds, label);
  mkdirSync(into, { mode: 0o700 });
  let total = 0;
  let files = 0;
  const tooBig = () => new BundleError('too_big', `${label} unpacks to over ${sizeText(bounds.maxUnpackedBytes)}, the bound for a bundle; refused, nothing of it kept`);
  // Folders first (a parent before its children), then files; parents a zip leaves out are made too.
  for (const e of entries.filter((x) => x.kind === 'dir').sort((a, b) => a.name.length - b.name.length)) mkdirSync(join(into, e.name), { recursive: true, mode: 0o700 });
  for (const e of entries) {
    if (e.kind !== 'file') continue;
    const path = join(into, e.name);
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    total += await inflateTo(e, path, bounds.maxUnpackedBytes - total, tooBig);
    files++;
  }
  return { files, bytes: total };
}
