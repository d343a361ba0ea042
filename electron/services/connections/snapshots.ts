// CONN-11: every discovered tool list is stored once under its sha256 (seed 002 dedups the
// same way); each server remembers its latest and its accepted snapshot, and a change from
// the accepted one is reported field by field (a server must not silently change its tools).
// SEC-8: the index and the lists are read through the data folder's check: a list another
// user planted would approve a changed tool list (drift) or answer the CLI from a cache.
import { createHash } from 'node:crypto';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { readOwnJson, writeOwnFile } from '../own-folder';
import type { ToolDef } from '../../../shared/schemas/server';
import type { ToolChange, ToolDiff } from './types';
import { withEntry, type Pin, type PinOwner } from './pins';

interface ServerEntry {
  latest: string;
  accepted: string | null;
  history: Array<{ sha: string; at: number }>;
  /** Fingerprint of the entry the latest list came from: a cached list is only reused for the same entry. */
  spec?: string;
  /** What the entry runs (pins.ts): its accepted list is the pin's, shared by every entry running it. */
  identity?: string;
}
interface Index {
  version: 1;
  servers: Record<string, ServerEntry>;
  /** Approved lists by server identity (issue 38 item 1); absent in an index from before them. */
  pins?: Record<string, Pin>;
}

const DIR = 'tool-snapshots';
/** A stored list may be as large as a hostile server's (CONN-9 bounds each message at 10 MB, lists add up). */
const MAX_LIST_BYTES = 64 * 1024 * 1024;
const MAX_INDEX_BYTES = 8 * 1024 * 1024;
const FIELDS: ToolChange['fields'] = ['title', 'description', 'inputSchema', 'outputSchema', 'annotations'];
const HISTORY = 20;

/** JSON with sorted keys: equal lists hash equal whatever the server's key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function canonicalTools(tools: ToolDef[]): string {
  return canonicalJson([...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)));
}

export function toolsSha(tools: ToolDef[]): string {
  return createHash('sha256').update(canonicalTools(tools)).digest('hex');
}

/** A hash of an entry (never its text: env values may be secrets), stored beside its latest list. */
export function specFingerprint(spec: object): string {
  return createHash('sha256').update(canonicalJson(spec)).digest('hex');
}

export function diffTools(before: ToolDef[], after: ToolDef[]): Pick<ToolDiff, 'added' | 'removed' | 'changed'> {
  const old = new Map(before.map((t) => [t.name, t]));
  const cur = new Map(after.map((t) => [t.name, t]));
  const added = [...cur.keys()].filter((n) => !old.has(n)).sort();
  const removed = [...old.keys()].filter((n) => !cur.has(n)).sort();
  const changed: ToolChange[] = [];
  for (const [name, t] of cur) {
    const o = old.get(name);
    if (!o) continue;
    const fields = FIELDS.filter((f) => canonicalJson(o[f] ?? null) !== canonicalJson(t[f] ?? null));
    if (fields.length) changed.push({ name, fields });
  }
  changed.sort((a, b) => (a.name < b.name ? -1 : 1));
  return { added, removed, changed };
}

export function isEmptyDiff(d: Pick<ToolDiff, 'added' | 'removed' | 'changed'>): boolean {
  return d.added.length === 0 && d.removed.length === 0 && d.changed.length === 0;
}

export class SnapshotStore {
  private readonly root: string;
  private index: Index | null = null;
  /** Writes are serialised in-process; the files themselves are replaced atomically. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.root = join(dataDir, DIR);
  }

  private async load(): Promise<Index> {
    if (this.index) return this.index;
    const parsed = readOwnJson(this.dataDir, join(this.root, 'index.json'), MAX_INDEX_BYTES) as Index | undefined;
    this.index = parsed && typeof parsed === 'object' && parsed.servers && typeof parsed.servers === 'object' ? parsed : { version: 1, servers: {} };
    return this.index;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.then(fn, fn);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async saveIndex(index: Index): Promise<void> {
    await writeOwnFile(this.dataDir, join(this.root, 'index.json'), JSON.stringify(index, null, 1) + '\n');
  }

  /**
   * Stores the list (once per sha) as the server's latest; the first list is accepted (trust
   * on first use). With `owner`, the accepted list is the pin of what the entry runs: an entry
   * renamed or copied into another agent finds the approval its server already has, and an
   * entry approved before pins existed hands its approval to the pin. The index is flushed in
   * the background, coalesced: a round of 50 servers writes it a few times, not 50 (flush()).
   */
  record(serverId: string, tools: ToolDef[], spec?: string, owner?: PinOwner): Promise<{ sha: string; stored: boolean; diff: ToolDiff }> {
    return this.serial(async () => {
      const text = canonicalTools(tools);
      const sha = createHash('sha256').update(text).digest('hex');
      const stored = await this.writeObject(sha, text);
      const index = await this.load();
      const known = index.servers[serverId];
      const entry = known ?? { latest: sha, accepted: sha, history: [] };
      if (entry.history.at(-1)?.sha !== sha) entry.history = [...entry.history, { sha, at: this.now() }].slice(-HISTORY);
      let changed = entry.latest !== sha || !known || entry.spec !== spec || entry.identity !== owner?.identity;
      entry.latest = sha;
      if (spec === undefined) delete entry.spec;
      else entry.spec = spec;
      if (owner) {
        entry.identity = owner.identity;
        const pins = (index.pins ??= {});
        const pin = (pins[owner.identity] ??= { accepted: known?.accepted ?? sha, entries: [] });
        changed = withEntry(pin, serverId, owner) || changed;
        entry.accepted = pin.accepted;
      } else delete entry.identity;
      index.servers[serverId] = entry;
      if (changed) this.scheduleFlush();
      return { sha, stored, diff: await this.diffAgainst(entry.accepted, sha, tools) };
    });
  }

  private known = new Set<string>();
  private async writeObject(sha: string, text: string): Promise<boolean> {
    if (this.known.has(sha)) return false;
    const file = join(this.root, 'objects', `${sha}.json`);
    try {
      await access(file);
      this.known.add(sha);
      return false;
    } catch {
      await writeOwnFile(this.dataDir, file, text);
      this.known.add(sha);
      return true;
    }
  }

  private flushing: Promise<void> | null = null;
  private dirty = false;
  private scheduleFlush(): void {
    this.dirty = true;
    if (this.flushing) return;
    this.flushing = (async () => {
      while (this.dirty && this.index) {
        this.dirty = false;
        await this.saveIndex(this.index);
      }
    })().finally(() => (this.flushing = null));
    this.flushing.catch(() => undefined);
  }

  /** Resolves once every recorded change is on disk (pool dispose, CLI). */
  async flush(): Promise<void> {
    await this.chain;
    await this.drain();
  }

  private async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  async read(sha: string): Promise<ToolDef[] | null> {
    // A name from the index: only what a sha256 looks like (never `../`).
    if (!/^[0-9a-f]{64}$/.test(sha)) return null;
    const list = readOwnJson(this.dataDir, join(this.root, 'objects', `${sha}.json`), MAX_LIST_BYTES);
    return Array.isArray(list) ? (list as ToolDef[]) : null;
  }

  private async diffAgainst(acceptedSha: string | null, currentSha: string, tools: ToolDef[]): Promise<ToolDiff> {
    if (acceptedSha === currentSha) return { acceptedSha, currentSha, added: [], removed: [], changed: [] };
    const accepted = acceptedSha ? await this.read(acceptedSha) : null;
    return { acceptedSha, currentSha, ...diffTools(accepted ?? [], tools) };
  }

  /** The list accepted for the entry: its pin's where it has one (another entry may have approved it since). */
  private acceptedOf(index: Index, entry: ServerEntry | undefined): string | null {
    if (!entry) return null;
    return (entry.identity && index.pins?.[entry.identity]?.accepted) || entry.accepted;
  }

  /** What changed in `tools` since the server's accepted snapshot (all added when none). */
  async diffFromAccepted(serverId: string, tools: ToolDef[]): Promise<ToolDiff> {
    const index = await this.load();
    return this.diffAgainst(this.acceptedOf(index, index.servers[serverId]), toolsSha(tools), tools);
  }

  /**
   * Accepts the server's latest snapshot (`tools accept SERVER`) for every entry that runs the
   * same server, in every agent; null when none was recorded.
   */
  accept(serverId: string): Promise<string | null> {
    return this.serial(async () => {
      const index = await this.load();
      const entry = index.servers[serverId];
      if (!entry) return null;
      entry.accepted = entry.latest;
      const pin = entry.identity ? index.pins?.[entry.identity] : undefined;
      if (pin) pin.accepted = entry.latest;
      this.scheduleFlush();
      await this.drain();
      return entry.latest;
    });
  }

  /** The entries (other agents' included) that one approval of this server's list applies to. */
  async sharing(serverId: string): Promise<Pin['entries']> {
    const index = await this.load();
    const identity = index.servers[serverId]?.identity;
    return (identity && index.pins?.[identity]?.entries) || [];
  }

  async status(serverId: string): Promise<{ latest: string; accepted: string | null } | null> {
    const index = await this.load();
    const entry = index.servers[serverId];
    return entry ? { latest: entry.latest, accepted: this.acceptedOf(index, entry) } : null;
  }

  /**
   * The latest list recorded for the server, when it came from the entry with this fingerprint
   * (the CLI's answer without a panel, issue 22); `at` is when that list was last seen.
   */
  async cached(serverId: string, spec: string): Promise<{ tools: ToolDef[]; at: number; diff: ToolDiff } | null> {
    const entry = (await this.load()).servers[serverId];
    if (!entry || entry.spec !== spec) return null;
    const tools = await this.read(entry.latest);
    if (!tools) return null;
    const at = entry.history.findLast((h) => h.sha === entry.latest)?.at ?? 0;
    return { tools, at, diff: await this.diffAgainst(this.acceptedOf(await this.load(), entry), entry.latest, tools) };
  }

  /** Re-reads the index from disk (another process, e.g. the CLI, may have accepted). */
  reload(): void {
    this.index = null;
    this.known.clear();
  }
}
