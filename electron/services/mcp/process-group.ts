// SEC-7 / CONN-4: a stdio server runs as the leader of its own process group (POSIX; `taskkill
// /T` walks the tree on Windows), so ending it ends every process it started, and no server
// outlives the panel. This module is the one place that signals a group; telling a process
// apart across time (pid + start time, read from /proc) is connections/process-identity.ts.
import { spawn, spawnSync } from 'node:child_process';

const WINDOWS = process.platform === 'win32';

/** Signals the whole group led by `pid`. Never throws: a group already gone is fine. */
export function killGroup(pid: number, signal: NodeJS.Signals): void {
  if (WINDOWS) {
    // Job-object stand-in: /T ends the tree, /F because console servers ignore WM_CLOSE.
    const tk = spawn('taskkill', ['/T', '/F', '/PID', String(pid)], { stdio: 'ignore', windowsHide: true });
    tk.on('error', () => undefined);
    return;
  }
  try {
    process.kill(-pid, signal);
  } catch {
    /* the group is gone */
  }
}

/** Whether any process of the group led by `pgid` exists (zombies included). */
export function groupExists(pgid: number): boolean {
  try {
    process.kill(WINDOWS ? pgid : -pgid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Set in every stdio server's environment; its helpers inherit it (see markedMembers). */
export const GROUP_MARKER_ENV = 'MCP_PANEL_GROUP';

// Every group we started and have not seen end: killed synchronously if the host exits
// without disposing (CONN-4: no orphans), and listed for leak checks in tests.
const live = new Map<number, () => void>();
let exitHook = false;

/** Registers a started group; `forget` runs when the host exits with it still live. */
export function trackGroup(pid: number, forget: () => void): void {
  live.set(pid, forget);
  if (exitHook) return;
  exitHook = true;
  process.on('exit', () => {
    for (const [p, onExit] of live) {
      if (WINDOWS) spawnSync('taskkill', ['/T', '/F', '/PID', String(p)], { stdio: 'ignore', windowsHide: true });
      else killGroup(p, 'SIGKILL');
      onExit();
    }
  });
}

export function untrackGroup(pid: number): void {
  live.delete(pid);
}

/** Pids of stdio children started by any pool in this process that have not exited yet. */
export function liveChildPids(): number[] {
  return [...live.keys()];
}
