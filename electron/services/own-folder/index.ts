// SEC-8: the panel's own folders for the services: every record in the data folder is read,
// listed and written through here, so the one check (check.ts) runs on every open. A refusal is
// an OwnFolderError (`refused`, with the fix): the CLI prints it and exits 1, the page shows
// it, the bridge tells the agent; nothing in such a folder is read or honoured.
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readdirSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { AppError } from '../../../shared/errors';
import type { BytesRead } from '../config/bounded-read';
import { DEFAULT_MAX_BYTES } from '../config/bounded-read';
import { checkOwnFolder, describeFolderProblem, readOwnRecord, type FolderProblem } from './check';

export { currentUid, describeFolderProblem, type FolderProblem } from './check';

export class OwnFolderError extends AppError {
  constructor(readonly problem: FolderProblem) {
    super('refused', describeFolderProblem(problem), { reason: 'own_folder', problem });
  }
}

let sayRepair = (line: string): void => void process.stderr.write(`mcp-panel: ${line}\n`);

/** Where a repair (a folder or record made private again) is said; a host may log it instead. */
export function onOwnFolderRepair(say: (line: string) => void): void {
  sayRepair = say;
}

const said = new Set<string>();
function report(repaired: readonly string[]): void {
  for (const line of repaired) {
    if (said.has(line)) continue;
    said.add(line);
    sayRepair(line);
  }
}

/** `file` as a folder below `root` and a name; a path outside `root` is a programming error. */
function split(root: string, file: string): { rel: string; name: string } {
  const rel = relative(root, file);
  if (rel === '' || rel.startsWith('..')) throw new Error(`${file} is not inside ${root}`);
  const at = rel.lastIndexOf(sep);
  return at < 0 ? { rel: '', name: rel } : { rel: rel.slice(0, at), name: rel.slice(at + 1) };
}

/** The folder `root`/`rel`, made (0700) and checked, for writing into; throws OwnFolderError. */
export function ownFolder(root: string, rel = ''): string {
  const r = checkOwnFolder(root, rel, true);
  if (r.ok === false) throw new OwnFolderError(r.problem);
  if (r.ok === 'missing') throw new OwnFolderError({ code: 'unreadable', path: root, message: 'could not be created' });
  report(r.check.repaired);
  return r.check.path;
}

/**
 * The data folder is the user's (made 0700 if missing, repaired, or refused): the hosts' and the
 * CLI's first step. One that cannot be made (a read-only home) is no refusal: nothing can be
 * read from it, and writes say why they fail.
 */
export function openDataFolder(dataDir: string): string {
  const r = checkOwnFolder(dataDir, '', true);
  if (r.ok === false && r.problem.code !== 'unreadable') throw new OwnFolderError(r.problem);
  if (r.ok === true) report(r.check.repaired);
  return dataDir;
}

/**
 * The bytes of the record `file` (below `root`), through the check; `missing` when it or its
 * folder is not there, `void` when it is over `maxBytes`; throws OwnFolderError when refused.
 */
export function readOwnFile(root: string, file: string, maxBytes = DEFAULT_MAX_BYTES): BytesRead {
  const { rel, name } = split(root, file);
  const repaired: string[] = [];
  const r = readOwnRecord(root, rel, name, maxBytes, repaired);
  report(repaired);
  switch (r.state) {
    case 'missing':
      return { state: 'missing' };
    case 'too_big':
      return { state: 'void', error: `${file} is ${r.size} bytes, over the ${maxBytes}-byte limit of the panel's records; move it aside` };
    case 'refused':
      throw new OwnFolderError(r.problem);
    case 'ok':
      return { state: 'ok', bytes: r.bytes, realPath: file, mode: r.stats.mode & 0o7777 };
  }
}

/** A record parsed as JSON; undefined when missing, too big or not JSON (callers fall back as they did). */
export function readOwnJson(root: string, file: string, maxBytes = DEFAULT_MAX_BYTES): unknown {
  const read = readOwnFile(root, file, maxBytes);
  if (read.state !== 'ok') return undefined;
  try {
    return JSON.parse(read.bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The names in the folder `root`/`rel` (none when it is missing); throws OwnFolderError when refused. */
export function listOwnFolder(root: string, rel: string): string[] {
  const r = checkOwnFolder(root, rel, false);
  if (r.ok === 'missing') return [];
  if (r.ok === false) throw new OwnFolderError(r.problem);
  report(r.check.repaired);
  try {
    return readdirSync(r.check.path);
  } catch {
    return [];
  }
}

/** A temp name in the record's own folder: created with O_EXCL (never through a link), renamed over the record. */
function tempFor(dir: string, name: string): string {
  return join(dir, `.${name}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
}

/**
 * Writes the record `file` (below `root`) whole, 0600: a temp file in its checked folder, then a
 * rename over the record. Unlike the agents' files (written through a link to the file it
 * names, owner kept: config/writer/atomic-write.ts), a link here is replaced, never followed,
 * and what is written is the user's own. Throws OwnFolderError when the folder is refused.
 */
export async function writeOwnFile(root: string, file: string, text: string | Uint8Array, opts: { fsync?: boolean } = {}): Promise<void> {
  const { rel, name } = split(root, file);
  const dir = ownFolder(root, rel);
  const tmp = tempFor(dir, name);
  try {
    const fh = await open(tmp, 'wx', 0o600);
    try {
      await fh.writeFile(text, typeof text === 'string' ? 'utf8' : undefined);
      if (opts.fsync !== false) await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, join(dir, name));
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}

/** writeOwnFile for the records written where a host may die the next moment (process groups, live bridges). */
export function writeOwnFileSync(root: string, file: string, text: string): void {
  const { rel, name } = split(root, file);
  const dir = ownFolder(root, rel);
  const tmp = tempFor(dir, name);
  try {
    const fd = openSync(tmp, 'wx', 0o600);
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, join(dir, name));
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      // never created
    }
    throw err;
  }
}
