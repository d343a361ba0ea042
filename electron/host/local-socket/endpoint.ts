// Where the running panel answers the CLI (issue 22 item 5), and the checks both ends make
// before trusting that place: a Unix socket in the panel's private data folder (0700, ours)
// with mode 0600, or a per-user named pipe on Windows. Never a TCP port: nothing another
// local user or a browser page can reach.
import { createHash } from 'node:crypto';
import { lstat, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';

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
  | { code: 'dir_not_directory'; path: string }
  | { code: 'dir_owner'; path: string; uid: number }
  | { code: 'dir_mode'; path: string; mode: string }
  | { code: 'socket_not_socket'; path: string }
  | { code: 'socket_owner'; path: string; uid: number }
  | { code: 'socket_mode'; path: string; mode: string };

export function describeProblem(p: EndpointProblem): string {
  switch (p.code) {
    case 'path_too_long':
      return `${p.path} is longer than a Unix socket path may be; set MCP_PANEL_DATA_DIR to a shorter folder`;
    case 'dir_missing':
      return `${p.path} does not exist`;
    case 'dir_not_directory':
      return `${p.path} is not a folder (or is a symbolic link)`;
    case 'dir_owner':
      return `${p.path} belongs to user ${p.uid}, not to you: the panel's socket is not trusted there`;
    case 'dir_mode':
      return `${p.path} is open to other users (mode ${p.mode}); run chmod 700 ${JSON.stringify(p.path)}`;
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

/** The current user's id; null where there is none (Windows). */
export function currentUid(): number | null {
  return typeof process.getuid === 'function' ? process.getuid() : null;
}

/** The data folder: a real folder (not a link), ours, closed to group and others. */
export async function checkPrivateDir(dir: string, uid = currentUid()): Promise<EndpointProblem | null> {
  if (uid === null) return null;
  const st = await lstat(dir).catch(() => null);
  if (!st) return { code: 'dir_missing', path: dir };
  if (!st.isDirectory()) return { code: 'dir_not_directory', path: dir };
  if (st.uid !== uid) return { code: 'dir_owner', path: dir, uid: st.uid };
  if ((st.mode & 0o077) !== 0) return { code: 'dir_mode', path: dir, mode: octal(st.mode) };
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
  const dir = await checkPrivateDir(dataDir);
  if (dir) return { ...ep, problem: dir };
  return { ...ep, problem: await checkSocketFile(ep.path) };
}

export function pathFits(path: string): boolean {
  return Buffer.byteLength(path) <= UNIX_PATH_MAX;
}
