// SEC-7 / CONN-4: a stdio server runs as the leader of its own process group (POSIX; `taskkill
// /T` walks the tree on Windows), so ending it ends every process it started, and no server
// outlives the panel. This module is the one place that signals a group and that identifies a
// process across time (pid + start time), so a reused pid is never mistaken for ours.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

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

let bootId: string | null | undefined;
function linuxBootId(): string | null {
  if (bootId === undefined) {
    try {
      bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      bootId = null;
    }
  }
  return bootId;
}

/**
 * A string that names one process for its whole life: boot id + start time in clock ticks
 * (/proc/<pid>/stat field 22) on Linux, `ps -o lstart` elsewhere on POSIX. Null when the
 * process does not exist, is a zombie (it has exited), or the platform cannot tell.
 */
export function processStartId(pid: number): string | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Field 2 (comm) is in parentheses and may itself hold spaces and ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z' || fields[0] === 'X') return null; // field 3: state
      const ticks = fields[19]; // field 22: starttime
      return ticks ? `${linuxBootId() ?? 'boot'}:${ticks}` : null;
    } catch {
      return null;
    }
  }
  if (WINDOWS) return null;
  try {
    const out = execFileSync('ps', ['-o', 'stat=,lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 2_000 }).trim();
    return out && !out.startsWith('Z') ? out.replace(/^\S+\s+/, '') : null;
  } catch {
    return null;
  }
}

/** Set in every stdio server's environment; its helpers inherit it (see markedMembers). */
export const GROUP_MARKER_ENV = 'MCP_PANEL_GROUP';

/**
 * Linux: the processes still in group `pgid` whose environment carries our marker. Used when
 * the leader is gone but its helpers stayed: its pid may since have been reused by someone
 * else's daemon that leads a group of the same number, and only the marker tells them apart.
 */
export function markedMembers(pgid: number, token: string): number[] {
  if (process.platform !== 'linux') return [];
  const marker = Buffer.from(`${GROUP_MARKER_ENV}=${token}\0`);
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  for (const e of entries) {
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pgid) continue; // field 5: pgrp
      const environ = readFileSync(`/proc/${e}/environ`);
      if (environ.includes(marker)) found.push(Number(e)); // entries are NUL-terminated
    } catch {
      /* gone, or not ours to read */
    }
  }
  return found;
}

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
