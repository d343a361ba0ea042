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

interface ServerEntry {
  latest: string;
  accepted: string | null;
  history: Array<{ sha: string; at: number }>;
  /** Fingerprint of the entry the latest list came from: a cached list is only reused for the same entry. */
  spec?: string;
}
interface Index {
  version: 1;
  servers: Record<string, ServerEntry>;
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
   * on first use). The index is flushed in the background, coalesced: a round of 50 servers
   * writes it a few times, not 50 (see flush()).
   */
  record(serverId: string, tools: ToolDef[], spec?: string): Promise<{ sha: string; stored: boolean; diff: ToolDiff }> {
    return this.serial(async () => {
      const text = canonicalTools(tools);
      const sha = createHash('sha256').update(text).digest('hex');
      const stored = await this.writeObject(sha, text);
      const index = await this.load();
      const entry = index.servers[serverId] ?? { latest: sha, accepted: sha, history: [] };
      if (entry.history.at(-1)?.sha !== sha) entry.history = [...entry.history, { sha, at: this.now() }].slice(-HISTORY);
      const changed = entry.latest !== sha || !index.servers[serverId] || entry.spec !== spec;
      entry.latest = sha;
      if (spec === undefined) delete entry.spec;
      else entry.spec = spec;
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

  /** What changed in `tools` since the server's accepted snapshot (all added when none). */
  async diffFromAccepted(serverId: string, tools: ToolDef[]): Promise<ToolDiff> {
    const index = await this.load();
    return this.diffAgainst(index.servers[serverId]?.accepted ?? null, toolsSha(tools), tools);
  }

  /** Accepts the server's latest snapshot (`tools accept SERVER`); null when none was recorded. */
  accept(serverId: string): Promise<string | null> {
    return this.serial(async () => {
      const index = await this.load();
      const entry = index.servers[serverId];
      if (!entry) return null;
      entry.accepted = entry.latest;
      this.scheduleFlush();
      await this.drain();
      return entry.latest;
    });
  }

  async status(serverId: string): Promise<{ latest: string; accepted: string | null } | null> {
    const entry = (await this.load()).servers[serverId];
    return entry ? { latest: entry.latest, accepted: entry.accepted } : null;
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
    return { tools, at, diff: await this.diffAgainst(entry.accepted, entry.latest, tools) };
  }

  /** Re-reads the index from disk (another process, e.g. the CLI, may have accepted). */
  reload(): void {
    this.index = null;
    this.known.clear();
  }
}
