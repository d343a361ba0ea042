// PROTO-2: the SDK keeps a server's lists as long as the server's `ttlMs` allows (2026-07-28
// cacheable results) and serves them without a round trip. The page must say when a list came
// from that cache and offer Refresh, so the cache is the SDK's own store behind a tap that notes
// when each list was last fetched from the server: an answer that wrote nothing came from cache.
import { type CacheEntry, type CacheKey, type CacheScope, InMemoryResponseCacheStore, type ResponseCacheStore } from '@modelcontextprotocol/client';

/** Where a list came from: null when the server answered it now. */
export interface ListCached {
  /** When the server sent it (ms since the epoch). */
  at: number;
  /** Until when the server allows it to be kept. */
  expiresAt: number;
}

type ListMethod = 'resources/list' | 'resources/templates/list' | 'prompts/list';

export class ListCacheTap implements ResponseCacheStore {
  private readonly inner = new InMemoryResponseCacheStore();
  /** Per list method: when it was last fetched and how long it may be kept. */
  private readonly fetched = new Map<string, { at: number; expiresAt?: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(key: CacheKey): CacheEntry | undefined {
    return this.inner.get(key);
  }
  set(key: CacheKey, entry: { value: string; expiresAt?: number; scope?: CacheScope }): number {
    // The list singletons (no params): the aggregate the page shows.
    if (!key.params) this.fetched.set(key.method, { at: this.now(), ...(entry.expiresAt !== undefined ? { expiresAt: entry.expiresAt } : {}) });
    return this.inner.set(key, entry);
  }
  delete(key: CacheKey): void {
    if (!key.params) this.fetched.delete(key.method);
    this.inner.delete(key);
  }
  evict(method: string): void {
    this.fetched.delete(method);
    this.inner.evict(method);
  }
  clear(): void {
    this.fetched.clear();
    this.inner.clear();
  }

  /** Runs one whole-list request; says whether its answer was the cache's (nothing fetched meanwhile). */
  async track<T>(method: ListMethod, fn: () => Promise<T>): Promise<{ value: T; cached: ListCached | null }> {
    const before = this.fetched.get(method);
    const value = await fn();
    const after = this.fetched.get(method);
    const cached = after && after === before && after.expiresAt !== undefined ? { at: after.at, expiresAt: after.expiresAt } : null;
    return { value, cached };
  }
}
