// What a running bridge counts, for both its runners (run.ts, run-local.ts): every request in the
// live record (BRIDGE-4), and tool calls in the usage record (CTX-2 "unused"), whose module loads
// after the start, not before: an agent waits for the start.
import type { Profile } from '../../../shared/schemas/server';
import { STARTED_BY_PANEL } from '../connections/expand';
import type { LiveRecord } from './live';
import type { UsageCounter } from './usage';

export interface BridgeCounters {
  live: LiveRecord;
  onRequest(method: string): void;
  close(): Promise<void>;
}

export function bridgeCounters(live: LiveRecord, dataDir: string, key: { profile: Profile | null; server: string }, log: (line: string) => void): BridgeCounters {
  const { profile, server } = key;
  // An ad-hoc `--url` bridge is no agent's entry, and the panel checking an entry (it starts the
  // line as the agent would) is not the agent using it: neither says a server used or unused.
  const usage: Promise<UsageCounter | null> = profile && process.env[STARTED_BY_PANEL] !== '1' ? import('./usage').then((u) => u.usageCounter(dataDir, { profile, server }, log)) : Promise.resolve(null);
  return {
    live,
    onRequest(method) {
      live.call();
      if (method === 'tools/call') void usage.then((u) => u?.called());
    },
    async close() {
      live.close();
      (await usage)?.close();
    },
  };
}
