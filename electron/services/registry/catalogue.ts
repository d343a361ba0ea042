// REG-1: one registry's catalogue, kept in the panel's data folder (own-folder checks, SEC-8)
// with the time it was read, so search and show work with the network gone. The first refresh
// reads every server's latest version page by page (`version=latest`); later ones ask only for
// what changed (`updated_since` = when the last complete refresh started; the registry then
// includes deleted entries too). A refresh reads at most `maxPages` pages and goes on from
// its cursor next time. Nothing is written until a refresh has read what it set out to: a
// registry that times out, answers junk or too much mid-way leaves the last good catalogue.
import { join } from 'node:path';
import { z } from 'zod';
import { readOwnFile, writeOwnFile } from '../own-folder';
import { OFFICIAL_META } from '../../../shared/registry/server-json';
import { parseRecord, type RegistryBounds, type RegistryClient, type RegistryRecord, type SkippedRecord } from './client';

/** A catalogue file's bound: 5,000 entries of a few KB each, with room. */
const MAX_CATALOGUE_BYTES = 64 * 1024 * 1024;

const StoredSchema = z.object({
  format: z.literal(1),
  url: z.string(),
  /** When the last complete refresh started: the next one's `updated_since`. */
  fetchedAt: z.string().nullable(),
  /** A refresh that stopped at its page bound: where the next one goes on. */
  resume: z.object({ cursor: z.string(), startedAt: z.string(), since: z.string().nullable() }).nullable(),
  entries: z.array(z.unknown()),
});

export interface Catalogue {
  url: string;
  fetchedAt: string | null;
  /** Not every page was read yet (the page bound stopped the last refresh). */
  partial: boolean;
  records: RegistryRecord[];
}

export interface RefreshResult {
  mode: 'full' | 'update';
  pages: number;
  /** Entries new to the catalogue, and ones that replaced what it had. */
  added: number;
  updated: number;
  skipped: SkippedRecord[];
  partial: boolean;
  fetchedAt: string | null;
  total: number;
}

/**
 * The newer word on a server replaces the older: the latest version, or a change (a status) to
 * the very version the catalogue holds. An older version's update is not the server's latest.
 */
function merge(into: Map<string, RegistryRecord>, rec: RegistryRecord): 'added' | 'updated' | null {
  const cur = into.get(rec.server.name);
  if (rec.meta.isLatest === false && (!cur || cur.server.version !== rec.server.version)) return null;
  into.set(rec.server.name, rec);
  return cur ? 'updated' : 'added';
}

export class CatalogueStore {
  readonly file: string;

  constructor(
    private readonly dataDir: string,
    id: string,
    private readonly client: RegistryClient,
    private readonly bounds: Pick<RegistryBounds, 'maxPages'>,
    private readonly now: () => number = Date.now,
  ) {
    this.file = join(dataDir, 'registry', `catalogue-${id}.json`);
  }

  private read(): z.infer<typeof StoredSchema> | null {
    const r = readOwnFile(this.dataDir, this.file, MAX_CATALOGUE_BYTES);
    if (r.state !== 'ok') return null;
    let value: unknown;
    try {
      value = JSON.parse(r.bytes.toString('utf8'));
    } catch {
      return null;
    }
    const parsed = StoredSchema.safeParse(value);
    return parsed.success && parsed.data.url === this.client.baseUrl ? parsed.data : null;
  }

  /** The catalogue as last read; null before the first refresh (or when its file is unusable). */
  load(): Catalogue | null {
    const s = this.read();
    if (!s) return null;
    // Entries were checked when they arrived; checked again here, since the file is only ours by its folder.
    const records = s.entries.flatMap((e) => {
      const r = parseRecord(e);
      return r.ok ? [r.record] : [];
    });
    return { url: s.url, fetchedAt: s.fetchedAt, partial: s.resume !== null, records };
  }

  async refresh(): Promise<RefreshResult> {
    const prev = this.read();
    const map = new Map<string, RegistryRecord>();
    for (const e of prev?.entries ?? []) {
      const r = parseRecord(e);
      if (r.ok) map.set(r.record.server.name, r.record);
    }
    const resume = prev?.resume ?? null;
    const since = resume ? resume.since : (prev?.fetchedAt ?? null);
    const mode = since === null ? 'full' : 'update';
    const startedAt = resume?.startedAt ?? new Date(this.now()).toISOString();
    let cursor: string | undefined = resume?.cursor;
    const out: RefreshResult = { mode, pages: 0, added: 0, updated: 0, skipped: [], partial: false, fetchedAt: null, total: 0 };
    for (;;) {
      const page = await this.client.list({ cursor, ...(since === null ? { version: 'latest' } : { updatedSince: since }) });
      out.pages++;
      for (const rec of page.records) {
        const how = merge(map, rec);
        if (how) out[how]++;
      }
      out.skipped.push(...page.skipped);
      if (!page.nextCursor) {
        cursor = undefined;
        break;
      }
      cursor = page.nextCursor;
      if (out.pages >= this.bounds.maxPages) break;
    }
    out.partial = cursor !== undefined;
    out.fetchedAt = out.partial ? (prev?.fetchedAt ?? null) : startedAt;
    out.total = map.size;
    const stored: z.infer<typeof StoredSchema> = {
      format: 1,
      url: this.client.baseUrl,
      fetchedAt: out.fetchedAt,
      resume: cursor !== undefined ? { cursor, startedAt, since } : null,
      entries: [...map.values()].map((r) => ({ server: r.server, _meta: { [OFFICIAL_META]: r.meta } })),
    };
    await writeOwnFile(this.dataDir, this.file, JSON.stringify(stored));
    return out;
  }
}
