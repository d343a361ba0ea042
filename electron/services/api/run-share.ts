// Issue 44 item 1: one server, one process, however many agents list it. A one-shot command that
// reads several agents' servers (`status --all-agents --refresh`) connects each distinct server
// once: an entry that runs exactly what another agent's entry runs is answered from that
// connection instead of starting it again.
//
// AGENT-6 says a server may offer a client other tools for what it declares. The connection
// declares the union of what every agent listing the server declares, so nothing a more capable
// agent would get is missed. A 2026-07-28 server is then asked once more per other declaration,
// over the same connection (each request carries its client capabilities in `_meta`), so each
// agent gets exactly its own list; on a 2025-era one `status` tells an agent that declares less
// that its list was taken declaring more (`--exact`: a process per declaration instead).
import { createHash } from 'node:crypto';
import type { CapabilityObject, DeclaredCapabilities } from '../../../shared/profiles/types';
import { profileFacts } from '../../../shared/profiles';
import { isRecord } from '../../../shared/is-record';
import type { ConnectionSpec } from '../../../shared/schemas/server';
import { canonicalJson, isEmptyDiff, specFingerprint, type SnapshotStore } from '../connections/snapshots';
import { answeringPoolPort, type RecordedList } from './cached-pool';
import type { PoolPort } from './ports';
import { pinOf } from '../connections/pins';
import { mayUseOAuth } from '../auth/static-credentials';

/** What one command run has seen live (shared by the pools it makes), and what each connection declares. */
export interface RunShare {
  readonly lists: Map<string, RecordedList>;
  /** One entry per distinct server of the run: started together with the first agent's, as a bare client would start them all at once. */
  readonly prefetch: readonly ConnectionSpec[];
  /** What a connection declares: the union over the agents whose entries run it (see `planShare`). */
  declares(spec: ConnectionSpec): DeclaredCapabilities | null;
  /** What the other agents that list this server declare, where it is not the union (each asked per request of a 2026-07-28 server). */
  declarationsBesides(spec: ConnectionSpec): DeclaredCapabilities[];
  /** What this entry's answer was listed declaring, where that is more than its agent declares (undefined: what it declares). */
  listedAs(spec: ConnectionSpec): DeclaredCapabilities | null | undefined;
}

/** What makes two entries one server: how it starts or where it goes, and with what. */
function serverKey(spec: ConnectionSpec): string {
  const { transport, command, args, env, cwd, url, headers, bearerTokenEnv, bearerToken } = spec;
  // A variable may be filled from the keychain for this entry alone (SEC-6): entries that use one
  // are the same server only when they are the same entry (an entry differing only in a secret's
  // value is another server).
  const usesVars = bearerTokenEnv !== undefined || JSON.stringify([args, env, url, headers]).includes('${');
  const owner = usesVars ? (spec.secretOwner ?? spec.id) : null;
  return createHash('sha256').update(canonicalJson({ transport, command, args, env, cwd, url, headers, bearerTokenEnv, bearerToken, owner })).digest('hex');
}

const own = (spec: ConnectionSpec): DeclaredCapabilities | null => profileFacts(spec.profile).clientCapabilities;

function mergeObjects(a: CapabilityObject, b: CapabilityObject): CapabilityObject {
  const out: CapabilityObject = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const mine = out[k];
    out[k] = isRecord(mine) && isRecord(v) ? mergeObjects(mine as CapabilityObject, v as CapabilityObject) : mine === true || v === true ? true : (v ?? mine ?? null);
  }
  return out;
}

/** Everything either declares; null (an agent nobody documents: the panel declares its own full set) absorbs the rest. */
export function unionOf(a: DeclaredCapabilities | null, b: DeclaredCapabilities | null): DeclaredCapabilities | null {
  if (a === null || b === null) return null;
  return mergeObjects(a as CapabilityObject, b as CapabilityObject) as DeclaredCapabilities;
}

/**
 * The share for a run whose agents will list `specs`: each distinct server declares what all of
 * them declare. `exact`: a connection per server and declaration instead (AGENT-6 to the letter:
 * each agent's list is what a client declaring what it declares gets; more processes).
 */
export function planShare(specs: readonly ConnectionSpec[], opts: { exact?: boolean } = {}): RunShare {
  const unions = new Map<string, DeclaredCapabilities | null>();
  const owns = new Map<string, Map<string, DeclaredCapabilities>>();
  const first = new Map<string, ConnectionSpec>();
  for (const s of specs) {
    const k = opts.exact ? `${serverKey(s)}:${canonicalJson(own(s))}` : serverKey(s);
    if (!opts.exact) {
      unions.set(k, unions.has(k) ? unionOf(unions.get(k)!, own(s)) : own(s));
      const mine = own(s);
      if (mine) owns.set(k, (owns.get(k) ?? new Map()).set(canonicalJson(mine), mine));
    }
    // A server that may log in goes live for each entry anyway (its state follows the login).
    if (!first.has(k) && !mayUseOAuth(s)) first.set(k, s);
  }
  const lists = new Map<string, RecordedList>();
  const declares = (spec: ConnectionSpec) => {
    const k = serverKey(spec);
    return unions.has(k) ? unions.get(k)! : own(spec);
  };
  return {
    lists,
    prefetch: [...first.values()],
    declares,
    declarationsBesides: (spec) => [...(owns.get(serverKey(spec))?.entries() ?? [])].filter(([key]) => key !== canonicalJson(declares(spec))).map(([, d]) => d),
    listedAs: (spec) => {
      const mine = own(spec);
      const all = declares(spec);
      return canonicalJson(all) === canonicalJson(mine) || lists.has(connectionKey(spec, mine)) ? undefined : all;
    },
  };
}

/** The key a connection is shared by: the server, and what it was connected declaring. */
function connectionKey(spec: ConnectionSpec, declares: DeclaredCapabilities | null): string {
  return `${serverKey(spec)}:${canonicalJson(declares)}`;
}

/**
 * `inner` answered from what this run saw live, and what it sees live kept for the next pool. An
 * entry answered so records the list as its own (CONN-11): its next read answers from it, and a
 * list other than the one accepted for this entry still shows as drift.
 */
export function runSharedPoolPort(inner: PoolPort, share: RunShare, snapshots: SnapshotStore, settleWithinMs: number): PoolPort {
  const keys = new Map<string, string>();
  const byId = new Map<string, ConnectionSpec>();
  const recording = new Set<Promise<void>>();
  const port = answeringPoolPort(inner, async (spec) => {
    // Listed as its own agent declares (a 2026-07-28 server asked per request), else as the connection declared.
    const seen = share.lists.get(connectionKey(spec, own(spec))) ?? share.lists.get(connectionKey(spec, share.declares(spec)));
    if (!seen) return null;
    const { diff } = await snapshots.record(spec.id, seen.tools, specFingerprint(spec), pinOf(spec));
    return { ...seen, diff: isEmptyDiff(diff) ? null : diff };
  });
  inner.onStateChanged((id, info) => {
    const key = keys.get(id);
    const spec = byId.get(id);
    const state = info.state;
    if (!key || !spec || state.kind !== 'connected') return;
    const p = inner.rawTools(id).then(
      async (tools) => {
        share.lists.set(key, { at: state.since, tools, diff: null, state });
        // AGENT-6 without another process: a 2026-07-28 server is asked as each other agent declares.
        if (state.era !== 'modern') return;
        for (const d of share.declarationsBesides(spec)) {
          const listed = await inner.request(id, (s) => s.listToolsDeclaring(d, settleWithinMs)).catch(() => null);
          if (listed) share.lists.set(connectionKey(spec, d), { at: state.since, tools: listed.tools, diff: null, state: { ...state, toolCount: listed.tools.length } });
        }
      },
      () => undefined,
    );
    recording.add(p);
    void p.finally(() => recording.delete(p));
  });
  // The run's other distinct servers start with the first agent's (one burst, as a bare client
  // starts them); the next agent's selection waits until each has answered or failed.
  let prefetched: Promise<void> | null = null;
  const settledOnce = (ids: ReadonlySet<string>) =>
    new Promise<void>((done) => {
      const waiting = new Set([...ids].filter((id) => (inner.info(id)?.state.kind ?? 'pending') === 'pending'));
      if (waiting.size === 0) return done();
      // Bounded like the run's own settling: a server that never answers is started again by its agent.
      const deadline = setTimeout(() => (off(), done()), settleWithinMs);
      const off = inner.onStateChanged((id, info) => {
        if (info.state.kind === 'pending' || !waiting.delete(id) || waiting.size > 0) return;
        clearTimeout(deadline);
        off();
        done();
      });
    });
  return {
    ...port,
    // What this pool saw is kept before it goes, for the next agent's pool.
    async dispose() {
      await Promise.all(recording);
      await port.dispose();
    },
    // The next agent of the run (profiles.select on the same pool) is answered from what the last one saw.
    async setServers(specs, opts) {
      if (prefetched) await prefetched;
      await Promise.all(recording);
      keys.clear();
      byId.clear();
      for (const s of specs) keys.set(s.id, connectionKey(s, share.declares(s)));
      for (const s of specs) byId.set(s.id, s);
      let all = specs;
      if (prefetched === null) {
        const mine = new Set(keys.values());
        const extra = share.prefetch.filter((s) => !mine.has(connectionKey(s, share.declares(s))) && !share.lists.has(connectionKey(s, share.declares(s))));
        for (const s of extra) {
          keys.set(s.id, connectionKey(s, share.declares(s)));
          byId.set(s.id, s);
        }
        all = [...specs, ...extra];
        const ids = new Set(extra.map((s) => s.id));
        const r = port.setServers(all, opts);
        prefetched = settledOnce(ids);
        return r;
      }
      return port.setServers(all, opts);
    },
  };
}
