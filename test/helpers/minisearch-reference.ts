// The reference ranking shared/disclosure/bm25.ts reproduces bit for bit: minisearch as
// tool_search would configure it. Tests and bench/names.ts compare against it; the product
// does not ship it.
import MiniSearch from 'minisearch';
import { tokenize } from '../../shared/disclosure/tokenize';

/**
 * The minisearch settings whose ranking tool_search's keyword mode reproduces (bm25.ts):
 * the reference the tests compare against.
 */
export function createToolIndex(): MiniSearch<{ id: number; name: string; description: string }> {
  return new MiniSearch({
    fields: ['name', 'description'],
    tokenize: (text) => tokenize(text),
    // Our tokenizer already lower-cases; identity keeps CJK pairs intact.
    processTerm: (term) => term,
    searchOptions: { boost: { name: 2 }, combineWith: 'OR' },
  });
}
