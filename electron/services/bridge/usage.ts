// CTX-2 "unused": which servers an agent has called through the bridge, kept across bridge runs in
// `<panelDataDir>/bridge-usage.json` (one record per agent and server: since when a bridge has run
// it, how many tool calls, the last one). Only a bridged server can be known unused: an agent
// that reaches a server by itself tells the panel nothing. Written under the records lock, at
// most every few seconds while calls come and once at exit, so a bridge start never waits on it.
import { join } from 'node:path';
import { z } from 'zod';
import { ProfileSchema, type Profile } from '../../../shared/schemas/server';
import { readRecords, updateRecordsFile } from './install-records';

export const UsageRecordSchema = z.object({ profile: ProfileSchema, server: z.string(), since: z.number(), calls: z.number().int().nonnegative(), lastCall: z.number().nullable() });
export type UsageRecord = z.infer<typeof UsageRecordSchema>;

const FLUSH_MS = 5_000;
export const usagePath = (dataDir: string) => join(dataDir, 'bridge-usage.json');

export async function readUsage(dataDir: string): Promise<UsageRecord[]> {
  return (await readRecords(usagePath(dataDir), UsageRecordSchema)) ?? [];
}

/** Adds `calls` made by `at` to the record of (profile, server), creating it (since `at`) if absent. */
export function recordUsage(dataDir: string, key: { profile: Profile; server: string }, calls: number, at: number): Promise<void> {
  return updateRecordsFile(usagePath(dataDir), UsageRecordSchema, (all) => {
    const i = all.findIndex((r) => r.profile === key.profile && r.server === key.server);
    const had = i >= 0 ? all[i]! : { ...key, since: at, calls: 0, lastCall: null };
    if (i >= 0 && calls === 0) return { installs: null, result: undefined };
    const next = { ...had, calls: had.calls + calls, lastCall: calls > 0 ? at : had.lastCall };
    return { installs: i >= 0 ? all.map((r, j) => (j === i ? next : r)) : [...all, next], result: undefined };
  });
}

export interface UsageCounter {
  called(): void;
  /** What is pending, written now (the bridge's exit). */
  close(): Promise<void>;
}

/** The bridge's counter for one server: the record exists from the first run on; calls are added in batches. */
export function usageCounter(dataDir: string, key: { profile: Profile; server: string }, log: (line: string) => void, now: () => number = Date.now): UsageCounter {
  let pending = 0;
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<void> = Promise.resolve();
  const write = (calls: number) => {
    chain = chain.then(() => recordUsage(dataDir, key, calls, now())).catch((e: unknown) => log(`usage record not written: ${e instanceof Error ? e.message : String(e)}`));
    return chain;
  };
  const flush = () => {
    timer = undefined;
    const n = pending;
    pending = 0;
    return write(n);
  };
  void write(0);
  return {
    called() {
      pending++;
      if (!timer) (timer = setTimeout(() => void flush(), FLUSH_MS)).unref();
    },
    close() {
      if (timer) clearTimeout(timer);
      return pending ? flush() : chain;
    },
  };
}
