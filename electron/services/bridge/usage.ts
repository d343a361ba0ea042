// CTX-2 "unused": which servers an agent has called through the bridge, kept across bridge runs:
// one small record per agent and server in `<panelDataDir>/bridge-usage/` (since when a bridge has
// run it for that agent, how many tool calls, the last one). Only a bridged server can be known
// unused: an agent that reaches a server by itself tells the panel nothing. Written at most every
// few seconds while calls come and once at exit, with no schema library and no lock (a bridge's
// memory and start are what an agent pays for): two bridges of one server racing may lose a
// count, never the record, and the last call is at worst a few seconds old.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '../../../shared/is-record';
import { PROFILE_IDS } from '../../../shared/profiles/ids';
type Profile = (typeof PROFILE_IDS)[number];
import { readOwnFile, writeOwnFileSync } from '../own-folder';

export interface UsageRecord {
  profile: Profile;
  server: string;
  since: number;
  calls: number;
  lastCall: number | null;
}

const FLUSH_MS = 5_000;
export const USAGE_DIR = 'bridge-usage';
const fileOf = (dataDir: string, key: { profile: Profile; server: string }) =>
  join(dataDir, USAGE_DIR, `${key.profile}-${createHash('sha256').update(key.server).digest('hex').slice(0, 24)}.json`);

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

function parse(bytes: Buffer): UsageRecord | null {
  try {
    const r: unknown = JSON.parse(bytes.toString('utf8'));
    if (!isRecord(r) || !(PROFILE_IDS as readonly unknown[]).includes(r.profile) || typeof r.server !== 'string' || !num(r.since) || !num(r.calls)) return null;
    if (r.lastCall !== null && !num(r.lastCall)) return null;
    return { profile: r.profile as Profile, server: r.server, since: r.since, calls: r.calls, lastCall: r.lastCall };
  } catch {
    return null;
  }
}

function readOne(dataDir: string, file: string): UsageRecord | null {
  try {
    const r = readOwnFile(dataDir, file);
    return r.state === 'ok' ? parse(r.bytes) : null;
  } catch {
    return null;
  }
}

/** Every agent's records (a damaged one is left out: it says nothing). */
export function readUsage(dataDir: string): UsageRecord[] {
  let names: string[];
  try {
    names = readdirSync(join(dataDir, USAGE_DIR)).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return names.flatMap((n) => readOne(dataDir, join(dataDir, USAGE_DIR, n)) ?? []);
}

/** Adds `calls` made by `at` to the record of (profile, server), made (since `at`) if absent. */
export function recordUsage(dataDir: string, key: { profile: Profile; server: string }, calls: number, at: number): void {
  const file = fileOf(dataDir, key);
  const had = readOne(dataDir, file);
  if (had && calls === 0) return;
  const base = had ?? { ...key, since: at, calls: 0, lastCall: null };
  writeOwnFileSync(dataDir, file, JSON.stringify({ ...base, calls: base.calls + calls, lastCall: calls > 0 ? at : base.lastCall }));
}

export interface UsageCounter {
  called(): void;
  /** What is pending, written now (the bridge's exit). */
  close(): void;
}

/** The bridge's counter for one server: the record exists from the first run on; calls are added in batches. */
export function usageCounter(dataDir: string, key: { profile: Profile; server: string }, log: (line: string) => void, now: () => number = Date.now): UsageCounter {
  let pending = 0;
  let timer: NodeJS.Timeout | undefined;
  const write = (calls: number) => {
    try {
      recordUsage(dataDir, key, calls, now());
    } catch (e) {
      log(`usage record not written: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const flush = () => {
    timer = undefined;
    const n = pending;
    pending = 0;
    write(n);
  };
  write(0);
  return {
    called() {
      pending++;
      if (!timer) (timer = setTimeout(flush, FLUSH_MS)).unref();
    },
    close() {
      if (timer) clearTimeout(timer);
      if (pending) flush();
    },
  };
}
