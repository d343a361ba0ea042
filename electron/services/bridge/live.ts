// BRIDGE-4: each running bridge says so in `<panelDataDir>/bridges/<pid>.json`, so status, the
// tray and the servers view can show which agent uses which server through the panel. Written
// synchronously and atomically (a record is tiny; a sync write cannot be cut in half by the
// exit hook that removes it), at most once a second, and removed when the bridge exits. A
// bridge killed with SIGKILL leaves its file: readers drop records whose pid is gone.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { LiveBridgeSchema, type LiveBridge } from '../../../shared/schemas/bridge';
import { readBoundedFile } from '../config/read-file';

const DIR = 'bridges';
const MAX_RECORD_BYTES = 8_192;
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
  const dir = join(dataDir, DIR);
  const file = join(dir, `${process.pid}.json`);
  const since = now();
  const rec: LiveBridge = { pid: process.pid, agentPid: process.ppid, agentName: agentName(process.ppid), ...init, since, calls: 0, lastError: null, updatedAt: since };
  let lastWrite = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const write = (): void => {
    timer = undefined;
    if (closed) return;
    rec.updatedAt = lastWrite = now();
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileAtomic.sync(file, JSON.stringify(rec), { mode: 0o600, fsync: false });
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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The bridges running now (records of dead pids are dropped and their files removed). */
export async function listLiveBridges(dataDir: string): Promise<LiveBridge[]> {
  const dir = join(dataDir, DIR);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => /^\d+\.json$/.test(n));
  } catch {
    return [];
  }
  const out: LiveBridge[] = [];
  for (const name of names) {
    const file = join(dir, name);
    const pid = Number(name.slice(0, -5));
    if (!alive(pid)) {
      rmSync(file, { force: true });
      continue;
    }
    // SEC-7: bounded, regular-file-only read, confined to the records folder.
    const read = await readBoundedFile(file, { maxBytes: MAX_RECORD_BYTES, confineTo: dir });
    if (read.state !== 'ok') continue;
    let json: unknown;
    try {
      json = JSON.parse(read.bytes.toString('utf8'));
    } catch {
      continue; // a record being replaced is renamed whole, so this is damage, not a race
    }
    const parsed = LiveBridgeSchema.safeParse(json);
    if (parsed.success && parsed.data.pid === pid) out.push(parsed.data);
  }
  return out.sort((a, b) => a.since - b.since || a.pid - b.pid);
}
