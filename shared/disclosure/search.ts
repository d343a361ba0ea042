// DISC-2: `tool_search` over names and descriptions. Keyword mode is BM25 with our
// tokenizer so Chinese queries work (bm25.ts: minisearch's ranking, built for 10,000
// tools); regex mode tests the pattern against name and description. Results carry the
// definition, its schema text cut to maxSchemaTextLen.
import { Bm25Index } from './bm25';
import { DEFAULT_DISCLOSURE_OPTIONS } from './options';

export interface SearchableTool {
  /** Qualified name. */
  name: string;
  description?: string;
  inputSchema?: unknown;
}

export interface SearchDefinition {
  name: string;
  description: string;
  /** The schema when its JSON fits maxSchemaTextLen. */
  inputSchema?: unknown;
  /** Otherwise its JSON text, cut to maxSchemaTextLen. */
  inputSchemaText?: string;
  truncated: boolean;
}

export interface SearchResult {
  name: string;
  score: number;
  definition: SearchDefinition;
}

export type SearchMode = 'keyword' | 'regex';

export type SearchResponse =
  | { ok: true; mode: SearchMode; topK: number; results: SearchResult[] }
  | { ok: false; error: { code: 'EMPTY_QUERY' | 'INVALID_REGEX'; message: string } };

export interface SearchIndexOptions {
  topKDefault?: number;
  topKMax?: number;
  maxSchemaTextLen?: number;
}

export function truncateDefinition(tool: SearchableTool, maxSchemaTextLen: number): SearchDefinition {
  const description = tool.description ?? '';
  const schema = tool.inputSchema ?? { type: 'object' };
  const text = JSON.stringify(schema);
  if (text.length <= maxSchemaTextLen) return { name: tool.name, description, inputSchema: schema, truncated: false };
  return { name: tool.name, description, inputSchemaText: text.slice(0, maxSchemaTextLen), truncated: true };
}

export class ToolSearchIndex {
  private readonly index: Bm25Index;
  private readonly topKDefault: number;
  private readonly topKMax: number;
  private readonly maxSchemaTextLen: number;

  constructor(
    private readonly tools: readonly SearchableTool[],
    options: SearchIndexOptions = {},
  ) {
    this.topKDefault = options.topKDefault ?? DEFAULT_DISCLOSURE_OPTIONS.topKDefault;
    this.topKMax = options.topKMax ?? DEFAULT_DISCLOSURE_OPTIONS.topKMax;
    this.maxSchemaTextLen = options.maxSchemaTextLen ?? DEFAULT_DISCLOSURE_OPTIONS.maxSchemaTextLen;
    this.index = new Bm25Index(tools.map((t) => ({ name: t.name, description: t.description ?? '' })));
  }

  /** DISC-2: topK defaults to topKDefault (5) and is capped at topKMax (20). */
  clampTopK(topK?: number): number {
    const k = topK === undefined || !Number.isFinite(topK) ? this.topKDefault : Math.floor(topK);
    return Math.max(1, Math.min(this.topKMax, k));
  }

  search(query: string, opts: { mode?: SearchMode; topK?: number } = {}): SearchResponse {
    const mode = opts.mode ?? 'keyword';
    const topK = this.clampTopK(opts.topK);
    if (query.trim() === '') return { ok: false, error: { code: 'EMPTY_QUERY', message: 'the query is empty: give keywords or a regular expression' } };
    let hits: { id: number; score: number }[];
    if (mode === 'regex') {
      let re: RegExp;
      try {
        re = new RegExp(query, 'i');
      } catch (err) {
        return { ok: false, error: { code: 'INVALID_REGEX', message: `not a valid regular expression: ${(err as Error).message}` } };
      }
      // A name hit counts double, like the name boost of keyword mode.
      hits = [];
      this.tools.forEach((t, id) => {
        const score = (re.test(t.name) ? 2 : 0) + (re.test(t.description ?? '') ? 1 : 0);
        if (score > 0) hits.push({ id, score });
      });
      hits.sort((a, b) => b.score - a.score || a.id - b.id);
    } else {
      hits = this.index.search(query, topK);
    }
    const results = hits.slice(0, topK).map(({ id, score }) => {
      const tool = this.tools[id]!;
      return { name: tool.name, score, definition: truncateDefinition(tool, this.maxSchemaTextLen) };
    });
    return { ok: true, mode, topK, results };
  }
}
