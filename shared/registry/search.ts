// REG-1: search over a cached catalogue, as the user types (the engine's `registry search` and
// the Discover view's filter alike). Every word must appear in the entry's name, title or
// description (case-folded); the ranking puts a name that is the word first, then a name that
// starts with it, a name holding it, a title, a description. Deleted entries are never offered
// (REG-4). The text is lowered once per entry (indexCatalogue), so a keystroke is one pass of
// `includes` over the entries (bench/registry.ts measures 5,000).
import type { OfficialMeta, ServerJson } from './server-json';

export interface CatalogueDoc {
  server: Pick<ServerJson, 'name' | 'description'> & { title?: string | undefined };
  meta: Pick<OfficialMeta, 'status'>;
}

export interface IndexedDoc<T extends CatalogueDoc> {
  doc: T;
  /** The part after the slash (`filesystem` of `io.github.modelcontextprotocol/filesystem`). */
  short: string;
  name: string;
  title: string;
  description: string;
}

export function indexCatalogue<T extends CatalogueDoc>(docs: readonly T[]): IndexedDoc<T>[] {
  return docs
    .filter((d) => d.meta.status !== 'deleted')
    .map((doc) => {
      const name = doc.server.name.toLowerCase();
      return { doc, name, short: name.slice(name.indexOf('/') + 1), title: (doc.server.title ?? '').toLowerCase(), description: doc.server.description.toLowerCase() };
    });
}

function score(d: IndexedDoc<CatalogueDoc>, word: string): number {
  if (d.short === word) return 100;
  if (d.short.startsWith(word)) return 60;
  if (d.name.includes(word)) return 40;
  if (d.title.includes(word)) return 20;
  if (d.description.includes(word)) return 5;
  return 0;
}

export interface SearchOptions {
  limit?: number;
  /** Deprecated entries are offered (with their badge) unless this is false. */
  deprecated?: boolean;
}

/** The entries every word of `query` is found in, best first (ties by name); all of them for an empty query. */
export function searchIndex<T extends CatalogueDoc>(index: readonly IndexedDoc<T>[], query: string, opts: SearchOptions = {}): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const limit = opts.limit ?? Infinity;
  const hits: Array<{ d: IndexedDoc<T>; s: number }> = [];
  for (const d of index) {
    if (opts.deprecated === false && d.doc.meta.status === 'deprecated') continue;
    let total = 0;
    for (const w of words) {
      const s = score(d, w);
      if (s === 0) {
        total = -1;
        break;
      }
      total += s;
    }
    if (total >= 0) hits.push({ d, s: total });
  }
  // Deprecated ones after the rest, at the same relevance.
  const rank = (h: { d: IndexedDoc<T>; s: number }) => h.s - (h.d.doc.meta.status === 'deprecated' ? 1000 : 0);
  hits.sort((a, b) => rank(b) - rank(a) || (a.d.name < b.d.name ? -1 : a.d.name > b.d.name ? 1 : 0));
  return hits.slice(0, limit).map((h) => h.d.doc);
}
