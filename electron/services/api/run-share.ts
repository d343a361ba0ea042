// Issue 44 item 1: one server, one process, however many agents list it. A one-shot command that
// runs several agents' servers in turn (`status --all-agents --refresh`) connects each distinct
// server once: a server seen live for one agent answers for the next agent's entry that runs
// exactly the same thing and declares the same client capabilities (AGENT-6: a server may offer
// another client other tools), instead of starting it again.
import { createHash } from 'node:crypto';
import type { DeclaredCapabilities } from '../../../shared/profiles/types';
import type { ConnectionSpec } from '../../../shared/schemas/server';
import { canonicalJson, isEmptyDiff, specFingerprint, type SnapshotStore } from '../connections/snapshots';
import { answeringPoolPort, type RecordedList } from './cached-pool';
import type { PoolPort } from './ports';
import { pinOf } from '../connections/pins';

/** What one command run has seen live, by connection (shared by the pools it makes). */
export type RunShare = Map<string, RecordedList>;

/** What makes two entries one connection: how it starts or where it goes, with what, declaring what. */
export function connectionKey(spec: ConnectionSpec, declares: DeclaredCapabilities | null): string {
  const { transport, command, args, env, cwd, url, headers, bearerTokenEnv, bearerToken } = spec;
  // A variable may be filled from the keychain for this entry alone (SEC-6): entries that use one
  // are the same connection only when they are the same entry (an entry differing only in a
  // secret's value is another server).
  const usesVars = bearerTokenEnv !== undefined || JSON.stringify([args, env, url, headers]).includes('${');
  const owner = usesVars ? (spec.secretOwner ?? spec.id) : null;
  return createHash('sha256').update(canonicalJson({ transport, command, args, env, cwd, url, headers, bearerTokenEnv, bearerToken, declares, owner })).digest('hex');
}

/**
 * `inner` answered from what this run saw live, and what it sees live kept for the next pool. An
 * entry answered so records the list as its own (CONN-11): its next read answers from it, and a
 * list other than the one accepted for this entry still shows as drift.
 */
export function runSharedPoolPort(inner: PoolPort, share: RunShare, declares: (spec: ConnectionSpec) => DeclaredCapabilities | null, snapshots: SnapshotStore): PoolPort {
  const keys = new Map<string, string>();
  const recording = new Set<Promise<void>>();
  const port = answeringPoolPort(inner, async (spec) => {
    const seen = share.get(connectionKey(spec, declares(spec)));
    if (!seen) return null;
    const { diff } = await snapshots.record(spec.id, seen.tools, specFingerprint(spec), pinOf(spec));
    return { ...seen, diff: isEmptyDiff(diff) ? null : diff };
  });
  inner.onStateChanged((id, info) => {
    const key = keys.get(id);
    const state = info.state;
    if (!key || state.kind !== 'connected') return;
    const p = inner.rawTools(id).then(
      (tools) => void share.set(key, { at: state.since, tools, diff: null, state }),
      () => undefined,
    );
    recording.add(p);
    void p.finally(() => recording.delete(p));
  });
  return {
    ...port,
    // What this pool saw is kept before it goes, for the next agent's pool.
    async dispose() {
      await Promise.all(recording);
      await port.dispose();
    },
    setServers(specs, opts) {
      keys.clear();
      for (const s of specs) keys.set(s.id, connectionKey(s, declares(s)));
      return port.setServers(specs, opts);
    },
  };
}
