// REG-1 as one service for the CLI and the page alike: the registries (sources.ts), each one's
// cached catalogue (catalogue.ts), search over them, one entry with its versions, and the entry
// an install starts from. A catalogue older than `maxAgeMs` is refreshed first when the
// registry can be reached; when it cannot, the last good one answers and the error is said
// beside it (the catalogue works with the network gone).
import { indexCatalogue, searchIndex } from '../../../shared/registry/search';
import { CatalogueStore, type RefreshResult } from './catalogue';
import { DEFAULT_BUNDLE_BOUNDS, type BundleBounds } from './mcpb/entries';
import { BundleStore } from './mcpb/store';
import { DEFAULT_BOUNDS, RegistryClient, RegistryError, type RegistryBounds, type RegistryRecord } from './client';
import { RegistrySources, type RegistrySource } from './sources';
import { IconCache } from './icons';

export interface RegistryServiceOptions {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  bounds?: Partial<RegistryBounds>;
  /** REG-3: an MCPB bundle's download and unpacked size, entries and time. */
  bundleBounds?: Partial<BundleBounds>;
  fetch?: typeof fetch;
  now?: () => number;
  /** A catalogue older than this is refreshed before it answers (default 6 h). */
  maxAgeMs?: number;
}

/** How a source's catalogue stands after a call: its time, whether it is whole, and the error a refresh met. */
export interface SourceState {
  source: RegistrySource;
  fetchedAt: string | null;
  partial: boolean;
  entries: number;
  refreshed: RefreshResult | null;
  error: { code: string; message: string } | null;
}

export interface Found {
  source: RegistrySource;
  record: RegistryRecord;
}

export type RefreshPolicy = 'auto' | 'always' | 'never';

export class RegistryService {
  readonly sources: RegistrySources;
  /** REG-3: the bundles fetched, verified and unpacked in the data folder, by digest. */
  readonly bundles: BundleStore;
  /** REG-1: entries' icons, fetched once (https, raster, bounded) and shown from the data folder. */
  readonly icons: IconCache;
  private readonly bounds: RegistryBounds;
  private readonly now: () => number;
  private readonly maxAgeMs: number;

  constructor(private readonly opts: RegistryServiceOptions) {
    this.sources = new RegistrySources(opts.dataDir, opts.env ?? {});
    this.bundles = new BundleStore(opts.dataDir, { ...DEFAULT_BUNDLE_BOUNDS, ...opts.bundleBounds }, opts.fetch);
    this.icons = new IconCache(opts.dataDir, opts.fetch);
    this.bounds = { ...DEFAULT_BOUNDS, ...opts.bounds };
    this.now = opts.now ?? Date.now;
    this.maxAgeMs = opts.maxAgeMs ?? 6 * 3600_000;
  }

  client(source: RegistrySource): RegistryClient {
    return new RegistryClient(source.url, this.bounds, this.opts.fetch);
  }

  store(source: RegistrySource): CatalogueStore {
    return new CatalogueStore(this.opts.dataDir, source.id, this.client(source), this.bounds, this.now);
  }

  /** Each source's catalogue, refreshed per `policy`; a refresh that fails leaves the last good one, with its error. */
  async catalogues(policy: RefreshPolicy = 'auto', which?: string): Promise<Array<SourceState & { records: RegistryRecord[] }>> {
    const out = [];
    for (const source of this.sources.pick(which)) {
      const store = this.store(source);
      let cat = store.load();
      const stale = !cat || cat.partial || cat.fetchedAt === null || this.now() - Date.parse(cat.fetchedAt) > this.maxAgeMs;
      let refreshed: RefreshResult | null = null;
      let error: SourceState['error'] = null;
      if (policy === 'always' || (policy === 'auto' && stale)) {
        try {
          refreshed = await store.refresh();
          cat = store.load();
        } catch (err) {
          if (!(err instanceof RegistryError)) throw err;
          error = { code: err.code, message: err.message };
        }
      }
      out.push({ source, fetchedAt: cat?.fetchedAt ?? null, partial: cat?.partial ?? false, entries: cat?.records.length ?? 0, refreshed, error, records: cat?.records ?? [] });
    }
    return out;
  }

  async search(query: string, opts: { policy?: RefreshPolicy; source?: string; limit?: number } = {}): Promise<{ results: Found[]; sources: SourceState[] }> {
    const cats = await this.catalogues(opts.policy, opts.source);
    const docs = cats.flatMap((c) => c.records.map((record) => ({ server: record.server, meta: record.meta, source: c.source, record })));
    const hits = searchIndex(indexCatalogue(docs), query, { limit: opts.limit ?? 50 });
    return { results: hits.map((h) => ({ source: h.source, record: h.record })), sources: cats.map(({ records: _r, ...state }) => state) };
  }

  /**
   * One server: a given version from the registry itself, else the latest the catalogue holds
   * (refreshed per policy); its versions when the registry can be asked. Null: no such server.
   */
  async show(name: string, opts: { version?: string; source?: string; policy?: RefreshPolicy } = {}): Promise<{ found: Found; versions: RegistryRecord[] | null; versionsError: string | null; sources: SourceState[] } | null> {
    const cats = await this.catalogues(opts.policy, opts.source);
    const states = cats.map(({ records: _r, ...state }) => state);
    let found: Found | null = null;
    for (const c of cats) {
      const rec = c.records.find((r) => r.server.name === name);
      if (rec) {
        found = { source: c.source, record: rec };
        break;
      }
    }
    // A version other than the cached one is asked of the registry that has the server (or each, in turn);
    // a name the catalogue does not offer, too: a deleted entry is then shown as deleted (REG-4), not as unknown.
    const wanted = opts.version ?? (found || opts.policy === 'never' ? undefined : 'latest');
    if (wanted && found?.record.server.version !== wanted) {
      const order = found ? [found.source, ...cats.map((c) => c.source).filter((s) => s.id !== found!.source.id)] : cats.map((c) => c.source);
      found = null;
      let lastError: RegistryError | null = null;
      for (const source of order) {
        try {
          found = { source, record: await this.client(source).get(name, wanted) };
          break;
        } catch (err) {
          if (!(err instanceof RegistryError)) throw err;
          if (err.code !== 'not_found') lastError = err;
        }
      }
      // Unreachable registries are an error for a version asked by name; for a name alone, "no such server".
      if (!found && lastError && opts.version) throw lastError;
    }
    if (!found) return null;
    let versions: RegistryRecord[] | null = null;
    let versionsError: string | null = null;
    if (opts.policy !== 'never') {
      try {
        versions = (await this.client(found.source).versions(name)).records;
      } catch (err) {
        if (!(err instanceof RegistryError)) throw err;
        versionsError = err.message;
      }
    }
    return { found, versions, versionsError, sources: states };
  }
}
