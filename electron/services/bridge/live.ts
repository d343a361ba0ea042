// BRIDGE-4: each running bridge says so in `<panelDataDir>/bridges/<pid>.json`, so status, the
// tray and the servers view can show which agent uses which server through the panel. Written
// synchronously and atomically (a record is tiny; a sync write cannot be cut in half by the
// exit hook that removes it), at most once a second, and removed when the bridge exits. A
// bridge killed with SIGKILL leaves its file: readers drop records whose pid is gone.
// The readers (status, tray, servers view) are in live-list.ts: a bridge start loads no schema.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { LiveBridge } from '../../../shared/schemas/bridge';
import { writeOwnFileSync } from '../own-folder';
import { STARTED_BY_PANEL } from '../connections/expand';

export const LIVE_DIR = 'bridges';
const MIN_INTERVAL_MS = 1_000;

export type LiveBridgeStart = Pick<LiveBridge, 'server' | 'profile' | 'workspace' | 'origin'>;

export interface LiveRecord {
  /** One call forwarded (a request from the agent). */
  call(): void;
  /** The last error the agent saw (kept short; never a secret: callers pass their own words). */
  error(message: string | null): void;
  /** Writes what is pending now and removes the record. */
  close(): void;
}

function agentName(ppid: number): string | null {
  try {
    return readFileSync(`/proc/${ppid}/comm`, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Starts this process's record. An unwritable data dir costs the record, never the bridge. */
export function startLiveRecord(dataDir: string, init: LiveBridgeStart, now: () => number = Date.now): LiveRecord {
  const dir = join(dataDir, LIVE_DIR);
  const file = join(dir, `${process.pid}.json`);
  const since = now();
  const byPanel = process.env[STARTED_BY_PANEL] === '1';
  const rec: LiveBridge = { pid: process.pid, agentPid: process.ppid, agentName: agentName(process.ppid), ...(byPanel ? { byPanel } : {}), ...init, since, calls: 0, lastError: null, updatedAt: since };
  let lastWrite = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const write = (): void => {
    timer = undefined;
    if (closed) return;
    rec.updatedAt = lastWrite = now();
    try {
      writeOwnFileSync(dataDir, file, JSON.stringify(rec));
    } catch {
      /* the record is a courtesy to the panel; forwarding goes on without it */
    }
  };
  const schedule = (): void => {
    if (timer || closed) return;
    const wait = lastWrite + MIN_INTERVAL_MS - now();
    if (wait <= 0) return write();
    timer = setTimeout(write, wait);
    timer.unref();
  };
  const remove = (): void => {
    closed = true;
    if (timer) clearTimeout(timer);
    try {
      rmSync(file, { force: true });
    } catch {
      /* readers drop it once our pid is gone */
    }
  };
  process.once('exit', remove);
  write();
  return {
    call() {
      rec.calls++;
      schedule();
    },
    error(message) {
      rec.lastError = message === null ? null : message.slice(0, 500);
      schedule();
    },
    close() {
      process.removeListener('exit', remove);
      remove();
    },
  };
}
