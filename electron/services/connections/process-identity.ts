// SEC-7: a process named across time (pid + start time), so a reused pid is never mistaken
// for one the panel started; the start-up sweep (group-records.ts) decides by it. It reads
// /proc, so it lives here, above the MCP seam, which does no file I/O of its own.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { GROUP_MARKER_ENV } from '../mcp/process-group';

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
  if (process.platform === 'win32') return null;
  try {
    const out = execFileSync('ps', ['-o', 'stat=,lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 2_000 }).trim();
    return out && !out.startsWith('Z') ? out.replace(/^\S+\s+/, '') : null;
  } catch {
    return null;
  }
}

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
