// BRIDGE-4: the running bridges, read from the records live.ts writes, for status, the tray
// and the servers view; through the data folder's check (SEC-8).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { LiveBridgeSchema, type LiveBridge } from '../../../shared/schemas/bridge';
import { listOwnFolder, readOwnJson } from '../own-folder';
import { LIVE_DIR } from './live';

const MAX_RECORD_BYTES = 8_192;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The agents' bridges running now (records of dead pids are dropped and their files removed; the panel's own are not listed). */
export async function listLiveBridges(dataDir: string): Promise<LiveBridge[]> {
  const dir = join(dataDir, LIVE_DIR);
  const names = listOwnFolder(dataDir, LIVE_DIR).filter((n) => /^\d+\.json$/.test(n));
  const out: LiveBridge[] = [];
  for (const name of names) {
    const file = join(dir, name);
    const pid = Number(name.slice(0, -5));
    if (!alive(pid)) {
      rmSync(file, { force: true });
      continue;
    }
    // SEC-7 / SEC-8: bounded, regular-file-only, the user's own. A record being replaced is
    // renamed whole, so one that does not parse is damage, not a race.
    const parsed = LiveBridgeSchema.safeParse(readOwnJson(dataDir, file, MAX_RECORD_BYTES));
    if (parsed.success && parsed.data.pid === pid && !parsed.data.byPanel) out.push(parsed.data);
  }
  return out.sort((a, b) => a.since - b.since || a.pid - b.pid);
}
