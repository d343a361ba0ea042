// Where the running panel answers the CLI (issue 22 item 5), and the checks both ends make
// before trusting that place: a Unix socket in the panel's private data folder (0700, ours)
// with mode 0600, or a per-user named pipe on Windows. Never a TCP port: nothing another
// local user or a browser page can reach. The folder is judged by the one check of the panel's
// own folders (SEC-8, services/own-folder): repaired when it is the user's, refused otherwise.
import { createHash } from 'node:crypto';
import { lstat, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { checkOwnFolder, currentUid, describeFolderProblem, type FolderProblem } from '../../services/own-folder/check';

export const SOCKET_NAME = 'panel.sock';

/**
 * sockaddr_un.sun_path is 108 bytes on Linux and 104 on macOS (with the NUL): a longer path
 * cannot be bound or connected, so the panel does not listen and the CLI reads its caches.
 */
const UNIX_PATH_MAX = 103;

/** Why a place is not used; the CLI says it under --verbose, the panel logs it. */
export type EndpointProblem =
  | { code: 'path_too_long'; path: string }
  | { code: 'dir_missing'; path: string }
  | { code: 'dir'; problem: FolderProblem }
  | { code: 'socket_not_socket'; path: string }
  | { code: 'socket_owner'; path: string; uid: number }
  | { code: 'socket_mode'; path: string; mode: string };

export function describeProblem(p: EndpointProblem): string {
  switch (p.code) {
    case 'path_too_long':
      return `${p.path} is longer than a Unix socket path may be; set MCP_PANEL_DATA_DIR to a shorter folder`;
    case 'dir_missing':
      return `${p.path} does not exist`;
    case 'dir':
      return describeFolderProblem(p.problem);
    case 'socket_not_socket':
      return `${p.path} is not a socket; it is left alone`;
    case 'socket_owner':
      return `${p.path} belongs to user ${p.uid}, not to you: it is not the panel's socket`;
    case 'socket_mode':
      return `${p.path} is open to other users (mode ${p.mode}); it is not used`;
  }
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/** The socket path (or pipe name) for a data folder. */
export function endpointFor(dataDir: string, platform: NodeJS.Platform = process.platform): { path: string; pipe: boolean } {
  if (platform === 'win32') {
    // A pipe name is global: name it after the user and the data folder so two users (or two
    // data folders) never meet. The pipe's default ACL gives other users no access.
    const tag = createHash('sha256').update(`${userInfo().username}\u0000${dataDir.toLowerCase()}`).digest('hex').slice(0, 24);
    return { path: `\\\\.\\pipe\\mcp-panel-${tag}`, pipe: true };
  }
  return { path: join(dataDir, SOCKET_NAME), pipe: false };
}

export { currentUid };

/**
 * The data folder through the one check (SEC-8): a real folder (not a link), ours, closed to
 * group and others (made so when it is ours); `repaired` says what was changed.
 */
export function checkPrivateDir(dir: string, repaired: string[] = []): EndpointProblem | null {
  if (currentUid() === null) return null;
  const r = checkOwnFolder(dir, '', false);
  if (r.ok === 'missing') return { code: 'dir_missing', path: dir };
  if (r.ok === false) return { code: 'dir', problem: r.problem };
  repaired.push(...r.check.repaired);
  return null;
}

/** An existing socket file: a socket, ours, 0600. `null` when fine; 'absent' when there is none. */
export async function checkSocketFile(path: string, uid = currentUid()): Promise<EndpointProblem | 'absent' | null> {
  if (uid === null) return null;
  const st = await lstat(path).catch(() => null);
  if (!st) return 'absent';
  if (!st.isSocket()) return { code: 'socket_not_socket', path };
  if (st.uid !== uid) return { code: 'socket_owner', path, uid: st.uid };
  if ((st.mode & 0o077) !== 0) return { code: 'socket_mode', path, mode: octal(st.mode) };
  return null;
}

/** Both checks for a Unix endpoint, as the CLI makes them before it connects. */
export async function checkEndpoint(dataDir: string): Promise<{ path: string; pipe: boolean; problem: EndpointProblem | 'absent' | null }> {
  const ep = endpointFor(dataDir);
  if (ep.pipe) return { ...ep, problem: null };
  if (Buffer.byteLength(ep.path) > UNIX_PATH_MAX) return { ...ep, problem: { code: 'path_too_long', path: ep.path } };
  // A missing folder means no panel ever ran here: nothing to report.
  if (!(await stat(dataDir).catch(() => null))) return { ...ep, problem: 'absent' };
  const dir = checkPrivateDir(dataDir);
  if (dir) return { ...ep, problem: dir };
  return { ...ep, problem: await checkSocketFile(ep.path) };
}

export function pathFits(path: string): boolean {
  return Buffer.byteLength(path) <= UNIX_PATH_MAX;
}
