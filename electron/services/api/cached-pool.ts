// The CLI without a running panel (issue 22 item 5): each server whose entry is unchanged since
// its tool list was last recorded (CONN-11 snapshots, kept by the panel and every CLI run) is
// answered from that list; only the others are started, through the real pool. `--refresh`
// does not come here: it reconnects everything.
import type { ConnectionSpec, ServerState, ToolDef } from '../../../shared/schemas/server';
import { mayUseOAuth } from '../auth/static-credentials';
import { applyLimits } from '../connections/limits';
import { isEmptyDiff, specFingerprint, type SnapshotStore } from '../connections/snapshots';
import type { ToolDiff } from '../connections/types';
import { OwnFolderError } from '../own-folder';
import type { PoolDetails, PoolInfo, PoolPort } from './ports';
import { ownFindingCount } from '../../../shared/trust/own';

interface Cached {
  state: ServerState;
  /** After the entry's CONN-8 filter, and as recorded (the tool filter's "before"). */
  tools: ToolDef[];
  raw: ToolDef[];
  diff: ToolDiff | null;
}

/** A tool list recorded for a server's entry: when, the list, and how it differed from the one before. */
export interface RecordedList {
  at: number;
  tools: ToolDef[];
  diff: ToolDiff | null;
  /** The state it was seen in, when it was seen live in this run (issue 44); else it says "cached". */
  state?: Extract<ServerState, { kind: 'connected' }>;
}

/** Where a server's list may come from instead of the server itself; null: the server goes live. */
export type ListSource = (spec: ConnectionSpec) => Promise<RecordedList | null>;

/** The CONN-11 snapshots: the list last recorded for exactly this entry (issue 22 item 5). */
export function snapshotSource(snapshots: SnapshotStore): ListSource {
  return async (spec) => {
    // A list that cannot be read is a miss (the server goes live); one the data folder's
    // check refuses (SEC-8: another user's) is said, never worked around.
    const hit = await snapshots.cached(spec.id, specFingerprint(spec)).catch((err: unknown) => {
      if (err instanceof OwnFolderError) throw err;
      return null;
    });
    return hit ? { at: hit.at, tools: hit.tools, diff: isEmptyDiff(hit.diff) ? null : hit.diff } : null;
  };
}

export function cachedPoolPort(inner: PoolPort, snapshots: SnapshotStore): PoolPort {
  return answeringPoolPort(inner, snapshotSource(snapshots));
}

/** Servers whose list `source` has are answered from it; the others run through `inner`. */
export function answeringPoolPort(inner: PoolPort, source: ListSource): PoolPort {
  const cached = new Map<string, Cached>();
  let all: ConnectionSpec[] = [];
  // The servers that do not run, as the api hands them (CONN-5: DISABLED, not REMOVED).
  let rest: Parameters<PoolPort['setServers']>[1];
  const live = () => all.filter((s) => !cached.has(s.id));
  /** Anything that needs the server itself (a call, a reconnect) starts it for real. */
  const goLive = async (id: string) => {
    if (cached.delete(id)) await inner.setServers(live(), rest);
  };
  return {
    async setServers(specs, opts) {
      all = specs;
      rest = opts;
      cached.clear();
      let pluginTools = 0;
      for (const spec of specs) {
        // Its state follows a login the entry does not show (after a logout the recorded list
        // would still say connected), so such a server always goes live.
        if (mayUseOAuth(spec)) continue;
        const hit = await source(spec);
        if (!hit) continue;
        // CONN-8 as the connection applies it to a fresh list.
        const limited = applyLimits(spec.name, hit.tools, spec.limits, pluginTools);
        if (!limited.ok) {
          // Seen live in this run (issue 44): this entry's limits refuse that list as its own connection
          // would, so it fails the same way without starting the server again. A kept list may be stale: that goes live.
          if (hit.state) cached.set(spec.id, { state: { kind: 'failed', code: 'too_many_tools', reason: limited.error, since: hit.at, retryAt: null }, tools: [], raw: hit.tools, diff: hit.diff });
          continue;
        }
        if (spec.limits.pluginCaps) pluginTools += limited.tools.length;
        const at = new Date(hit.at).toISOString();
        cached.set(spec.id, {
          state: hit.state ? { ...hit.state, toolCount: limited.tools.length } : { kind: 'connected', code: 'cached', params: { at }, reason: '', since: hit.at, toolCount: limited.tools.length, connectMs: 0 },
          tools: limited.tools,
          raw: hit.tools,
          diff: hit.diff,
        });
      }
      return inner.setServers(live(), opts);
    },
    discover: () => inner.discover(),
    async reconnect(id, fresh) {
      await goLive(id);
      return inner.reconnect(id, fresh);
    },
    info(id): PoolInfo | undefined {
      const c = cached.get(id);
      if (!c) return inner.info(id);
      // Counted when read: waiting for discovery to settle asks every server's state, not its findings.
      return { state: c.state, toolCount: c.tools.length, connectMs: null, lastError: c.state.kind === 'failed' ? c.state.reason : null, snapshotDiff: c.diff, get findings() { return ownFindingCount(c.tools); } };
    },
    details(id): PoolDetails | undefined {
      const c = cached.get(id);
      return c ? { stderrTail: [], traffic: [], live: false, pid: null, snapshotDiff: c.diff } : inner.details(id);
    },
    onStateChanged: (listener) => inner.onStateChanged(listener),
    tools: async (id) => cached.get(id)?.tools ?? inner.tools(id),
    rawTools: async (id) => cached.get(id)?.raw ?? inner.rawTools(id),
    callTool: async (id, tool, args, opts) => (await goLive(id), inner.callTool(id, tool, args, opts)),
    request: async (id, fn) => (await goLive(id), inner.request(id, fn)),
    acceptSnapshot: (id) => inner.acceptSnapshot(id),
    ...(inner.skillsAccepted ? { skillsAccepted: inner.skillsAccepted } : {}),
    ...(inner.readSnapshot ? { readSnapshot: inner.readSnapshot } : {}),
    ...(inner.snapshotSharing ? { snapshotSharing: inner.snapshotSharing } : {}),
    ...(inner.snapshotStatus ? { snapshotStatus: inner.snapshotStatus } : {}),
    dispose: () => inner.dispose(),
  };
}
