// SEC-8: the one check behind everything the panel reads from its own folders (the data folder:
// trust decisions, install records, tool snapshots, cached lists, bridge and process records,
// locks, the socket; the cache folder: the CLI's compiled code). Issue 35: `trust.json` in a
// folder another user owned (a shared MCP_PANEL_DATA_DIR made first by them, or a folder left
// 0777 by a loose umask) made a repository trusted, and its server ran as the victim.
//
// A folder of ours is checked on its open descriptor (O_DIRECTORY | O_NOFOLLOW, then fstat):
// a real folder, not a link, owned by the user, closed to group and others (repaired with
// fchmod 0700 when the user owns it; never when it is a shared sticky folder such as /tmp).
// The folders above it may be the system's (owned by root) or the user's, writable by nobody
// else unless sticky; a symbolic link on the way must belong to root or the user (a home
// under a linked /home is fine, a link another user planted is not). A record is opened with
// O_NOFOLLOW and judged on its descriptor too: a regular file the user owns (group/other
// write removed when it is the user's). Another user's folder or record is refused, never
// repaired, with the fix. No dependencies beyond node:fs, so the CLI's bin loads it at start.
import { closeSync, constants, fchmodSync, fstatSync, lstatSync, mkdirSync, openSync, readSync, realpathSync, type Stats } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

export type FolderProblem =
  | { code: 'foreign'; path: string; uid: number }
  | { code: 'shared'; path: string; mode: string }
  | { code: 'link'; path: string }
  | { code: 'unsafe_parent'; path: string; parent: string; why: string }
  | { code: 'not_folder'; path: string }
  | { code: 'not_file'; path: string }
  | { code: 'was_open'; path: string; mode: string }
  | { code: 'unreadable'; path: string; message: string };

const CHUNK = 64 * 1024;
const octal = (mode: number) => `0${(mode & 0o7777).toString(8)}`;
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_DIRECTORY = constants.O_DIRECTORY ?? 0;
// O_NONBLOCK: opening a FIFO planted as a record must not wait for a writer.
const O_FILE = constants.O_RDONLY | O_NOFOLLOW | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** The user the panel runs as; null where owners and modes cannot be checked (Windows). */
export function currentUid(): number | null {
  return typeof process.getuid === 'function' && process.platform !== 'win32' ? process.getuid() : null;
}

/** One sentence: what is wrong and what to do. */
export function describeFolderProblem(p: FolderProblem): string {
  switch (p.code) {
    case 'foreign':
      return `${p.path} belongs to user ${p.uid}, not to you (user ${currentUid() ?? '?'}): the panel does not read or write there; have its owner (or root) remove it, or keep the panel's folder elsewhere`;
    case 'shared':
      return `${p.path} is a shared folder (mode ${p.mode}: anyone may add to it): the panel keeps its files only in a folder of your own; point it at one, e.g. MCP_PANEL_DATA_DIR=~/.mcp-panel`;
    case 'link':
      return `${p.path} is a symbolic link: the panel's folders and records must be real (a link may lead anywhere); replace it with a real folder or file (mv it aside)`;
    case 'unsafe_parent':
      return `${p.parent}, on the way to ${p.path}, ${p.why}, so another user could swap what is inside; run chmod go-w ${JSON.stringify(p.parent)} or keep the panel's folder elsewhere`;
    case 'not_folder':
      return `${p.path} is not a folder; move it aside and the panel makes its own`;
    case 'not_file':
      return `${p.path} is not a regular file (a device, pipe, socket or folder); remove it`;
    case 'was_open':
      return `${p.path} was writable by other users (mode ${p.mode}); it is private now, but what it held is not used`;
    case 'unreadable':
      return `cannot read ${p.path}: ${p.message}`;
  }
}

function errCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException).code;
}

/**
 * The folders above `path`: each real one owned by root or the user and writable by no one else
 * unless sticky; each link on the way owned by root or the user.
 */
function checkParents(path: string, uid: number): FolderProblem | null {
  const parent = dirname(path);
  const steps = parent.split(sep).filter((s) => s !== '');
  let at = parent.startsWith(sep) ? sep : '';
  for (const step of steps) {
    at = at === '' || at.endsWith(sep) ? `${at}${step}` : `${at}${sep}${step}`;
    const st = lstatSync(at, { throwIfNoEntry: false });
    if (st?.isSymbolicLink() && st.uid !== 0 && st.uid !== uid) return { code: 'unsafe_parent', path, parent: at, why: `is a link that belongs to user ${st.uid}` };
  }
  let real: string;
  try {
    real = realpathSync(parent);
  } catch (err) {
    return { code: 'unreadable', path, message: `${parent}: ${errCode(err) ?? String(err)}` };
  }
  for (let p = real; ; p = dirname(p)) {
    const st = lstatSync(p);
    if (st.uid !== 0 && st.uid !== uid) return { code: 'unsafe_parent', path, parent: p, why: `belongs to user ${st.uid}` };
    if ((st.mode & 0o022) !== 0 && (st.mode & 0o1000) === 0) return { code: 'unsafe_parent', path, parent: p, why: `is writable by ${st.mode & 0o002 ? 'everyone' : 'its group'} (mode ${octal(st.mode)})` };
    if (dirname(p) === p) return null;
  }
}

/** Judges an open descriptor's folder; repairs its mode when it is ours. */
function judgeFolder(fd: number, path: string, uid: number, repaired: string[]): FolderProblem | null {
  const st = fstatSync(fd);
  if (!st.isDirectory()) return { code: 'not_folder', path };
  if (st.uid !== uid) return { code: 'foreign', path, uid: st.uid };
  if ((st.mode & 0o1002) === 0o1002) return { code: 'shared', path, mode: octal(st.mode) };
  if ((st.mode & 0o077) !== 0) {
    fchmodSync(fd, 0o700);
    repaired.push(`${path} was mode ${octal(st.mode)}, open to other users; made it 0700`);
  }
  return null;
}

/** Opens one folder without following a link, and judges it on the descriptor. */
function openFolder(path: string, uid: number, create: boolean, repaired: string[]): FolderProblem | 'missing' | null {
  if (create) {
    try {
      mkdirSync(path, { mode: 0o700 });
    } catch (err) {
      if (errCode(err) !== 'EEXIST') return { code: 'unreadable', path, message: errCode(err) ?? String(err) };
    }
  }
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  } catch (err) {
    const code = errCode(err);
    if (code === 'ENOENT') return 'missing';
    const st = lstatSync(path, { throwIfNoEntry: false });
    if (st?.isSymbolicLink()) return { code: 'link', path };
    if (code === 'ENOTDIR' || (st && !st.isDirectory())) return { code: 'not_folder', path };
    return { code: 'unreadable', path, message: code ?? String(err) };
  }
  try {
    return judgeFolder(fd, path, uid, repaired);
  } finally {
    closeSync(fd);
  }
}

export interface FolderCheck {
  /** The folder checked (`root` joined with `rel`). */
  path: string;
  /** What was repaired on the way (said once, on stderr or in the log). */
  repaired: string[];
}

/**
 * `root` (the data or cache folder) and each folder of `rel` below it: see the top of the file.
 * `create` makes what is missing (0700); without it a missing folder is `'missing'`.
 */
export function checkOwnFolder(root: string, rel: string, create: boolean): { ok: true; check: FolderCheck } | { ok: false; problem: FolderProblem } | { ok: 'missing' } {
  const top = resolve(root);
  const path = rel === '' ? top : join(top, rel);
  const repaired: string[] = [];
  const uid = currentUid();
  if (uid === null) {
    if (create) mkdirSync(path, { recursive: true });
    return { ok: true, check: { path, repaired } };
  }
  if (create) mkdirSync(dirname(top), { recursive: true, mode: 0o700 });
  const parents = checkParents(top, uid);
  if (parents) return lstatSync(dirname(top), { throwIfNoEntry: false }) || create ? { ok: false, problem: parents } : { ok: 'missing' };
  let at = top;
  for (const step of ['', ...rel.split(/[\\/]+/).filter((s) => s !== '')]) {
    at = step === '' ? top : join(at, step);
    const r = openFolder(at, uid, create, repaired);
    if (r === 'missing') return { ok: 'missing' };
    if (r) return { ok: false, problem: r };
  }
  return { ok: true, check: { path, repaired } };
}

export type OwnRead = { state: 'missing' } | { state: 'too_big'; size: number } | { state: 'ok'; bytes: Buffer; stats: Stats } | { state: 'refused'; problem: FolderProblem };

/**
 * A record `name` in the folder `root`/`rel`, read through the check: the folders first, then
 * the file on its own descriptor (a regular file the user owns; group/other write removed).
 * `distrustOpen`: a file that was writable by others is repaired but not read (code: whoever
 * could write it decided what it says).
 */
export function readOwnRecord(root: string, rel: string, name: string, maxBytes: number, repaired: string[] = [], distrustOpen = false): OwnRead {
  const folder = checkOwnFolder(root, rel, false);
  if (folder.ok === 'missing') return { state: 'missing' };
  if (folder.ok === false) return { state: 'refused', problem: folder.problem };
  repaired.push(...folder.check.repaired);
  const path = join(folder.check.path, name);
  const uid = currentUid();
  let fd: number;
  try {
    fd = openSync(path, O_FILE);
  } catch (err) {
    const code = errCode(err);
    if (code === 'ENOENT') return { state: 'missing' };
    if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) return { state: 'refused', problem: { code: 'link', path } };
    return { state: 'refused', problem: { code: 'unreadable', path, message: code ?? String(err) } };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { state: 'refused', problem: { code: 'not_file', path } };
    if (uid !== null && st.uid !== uid) return { state: 'refused', problem: { code: 'foreign', path, uid: st.uid } };
    if (uid !== null && (st.mode & 0o022) !== 0) {
      fchmodSync(fd, st.mode & 0o600);
      if (distrustOpen) return { state: 'refused', problem: { code: 'was_open', path, mode: octal(st.mode) } };
      repaired.push(`${path} was mode ${octal(st.mode)}, writable by other users; made it ${octal(st.mode & 0o600)}`);
    }
    if (st.size > maxBytes) return { state: 'too_big', size: st.size };
    // At most maxBytes + 1 whatever fstat said: the file may grow while it is read.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(CHUNK, maxBytes + 1 - total));
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      chunks.push(buf.subarray(0, n));
      total += n;
      if (total > maxBytes) return { state: 'too_big', size: total };
    }
    return { state: 'ok', bytes: Buffer.concat(chunks, total), stats: st };
  } finally {
    closeSync(fd);
  }
}

