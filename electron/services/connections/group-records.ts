// SEC-7: a host killed with SIGKILL runs no cleanup, and a server that ignores stdin EOF then
// outlives it. So every started group is written down under the panel data dir, struck off
// when it ends, and the next host start ends the groups whose recording host is dead. A group
// of a host that is still running (another panel or CLI at the same time) is never touched,
// and a pid is only signalled while its start time still matches the record (no pid reuse).
// SEC-8: the records are read through the data folder's check: a record another user planted
// would have the next start signal the processes it names.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { listOwnFolder, readOwnJson, writeOwnFileSync } from '../own-folder';
import { groupExists, killGroup } from '../mcp/process-group';
import { markedMembers, processStartId } from './process-identity';

const DIR = 'process-groups';
const MAX_RECORD_BYTES = 4_096;

const RecordSchema = z.object({
  pid: z.number().int().positive(),
  pgid: z.number().int().positive(),
  start: z.string(),
  command: z.string(),
  hostPid: z.number().int().positive(),
  hostStart: z.string(),
  /** The GROUP_MARKER_ENV value the server (and so its helpers) started with. */
  token: z.string(),
  at: z.number(),
});
export type GroupRecord = z.infer<typeof RecordSchema>;

let hostStart: string | null | undefined;
function thisHostStart(): string | null {
  if (hostStart === undefined) hostStart = processStartId(process.pid);
  return hostStart;
}

/**
 * Writes the record of a group just started (synchronously: the host may die any moment after
 * the spawn). Returns the function that strikes it off, or null when the platform cannot
 * identify processes (then nothing is recorded and nothing will be swept).
 */
export function recordGroup(dataDir: string, pid: number, command: string, token: string): (() => void) | null {
  const start = processStartId(pid);
  const host = thisHostStart();
  if (start === null || host === null) return null;
  const dir = join(dataDir, DIR);
  const file = join(dir, `${pid}-${start.replace(/[^\w.-]+/g, '_')}.json`);
  const record: GroupRecord = { pid, pgid: pid, start, command: command.slice(0, 500), hostPid: process.pid, hostStart: host, token, at: Date.now() };
  try {
    // No fsync: a power loss ends the recorded processes too, and it costs every stdio start.
    writeOwnFileSync(dataDir, file, JSON.stringify(record));
  } catch {
    return null; // an unwritable data dir must not stop the server; only the sweep is lost
  }
  return () => remove(file);
}

function remove(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    /* a record we cannot remove is only swept again (and found stale) */
  }
}

export interface SweepResult {
  /** Groups of dead hosts that were ended. */
  ended: GroupRecord[];
  /** Records left alone because their host still runs. */
  kept: number;
}

/**
 * Ends the recorded groups of dead hosts: SIGTERM to the group, SIGKILL after `graceMs` (also
 * for grandchildren that ignore SIGTERM), and removes their records (also stale ones).
 */
export async function sweepStaleGroups(dataDir: string, opts: { graceMs?: number } = {}): Promise<SweepResult> {
  const dir = join(dataDir, DIR);
  const names = listOwnFolder(dataDir, DIR).filter((n) => n.endsWith('.json'));
  const ended: GroupRecord[] = [];
  const led: GroupRecord[] = []; // groups whose leader we identified: those may be signalled whole
  let kept = 0;
  for (const name of names) {
    const file = join(dir, name);
    // SEC-7 / SEC-8: bounded, regular-file-only, the user's own.
    const parsed = RecordSchema.safeParse(readOwnJson(dataDir, file, MAX_RECORD_BYTES));
    if (parsed.success) {
      const r = parsed.data;
      if (processStartId(r.hostPid) === r.hostStart) {
        kept++;
        continue;
      }
      if (processStartId(r.pid) === r.start) {
        killGroup(r.pgid, 'SIGTERM');
        led.push(r);
        ended.push(r);
      } else if (groupExists(r.pgid)) {
        // The server left on stdin EOF, its helpers did not: end exactly those that carry the marker.
        const helpers = markedMembers(r.pgid, r.token);
        for (const p of helpers) signal(p);
        if (helpers.length > 0) ended.push(r);
      }
    }
    remove(file);
  }
  if (led.length > 0) {
    await until(() => led.every((r) => processStartId(r.pid) !== r.start), opts.graceMs ?? 2_000);
    // The leader's pid stays reserved while any member lives, so the pgid still names our group.
    for (const r of led) if (groupExists(r.pgid)) killGroup(r.pgid, 'SIGKILL');
  }
  return { ended, kept };
}

function signal(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* exited meanwhile */
  }
}

/** No exit event exists for a process that is not our child: poll, with a hard deadline. */
async function until(done: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}
