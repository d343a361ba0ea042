// BRIDGE-4: the running bridges, read from the records live.ts writes, for status, the tray
// and the servers view.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LiveBridgeSchema, type LiveBridge } from '../../../shared/schemas/bridge';
import { readBoundedFile } from '../config/bounded-read';
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

/** The bridges running now (records of dead pids are dropped and their files removed). */
export async function listLiveBridges(dataDir: string): Promise<LiveBridge[]> {
  const dir = join(dataDir, LIVE_DIR);
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
