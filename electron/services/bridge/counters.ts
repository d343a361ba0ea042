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
  // A call is one increment (issue 40: nothing per call but a counter); calls made while the
  // usage module loads are handed to it once it has.
  let usage: UsageCounter | null | undefined = profile && process.env[STARTED_BY_PANEL] !== '1' ? undefined : null;
  let early = 0;
  const loaded =
    usage === null
      ? Promise.resolve()
      : import('./usage').then((u) => {
          usage = u.usageCounter(dataDir, { profile: profile!, server }, log);
          for (; early > 0; early--) usage.called();
        });
  return {
    live,
    onRequest(method) {
      live.call();
      if (method !== 'tools/call') return;
      if (usage) usage.called();
      else if (usage === undefined) early++;
    },
    async close() {
      live.close();
      await loaded;
      usage?.close();
    },
  };
}
