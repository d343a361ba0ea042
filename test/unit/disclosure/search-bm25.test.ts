import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bm25Index } from '../../../shared/disclosure/bm25';
import { ToolSearchIndex } from '../../../shared/disclosure/search';
import { createToolIndex } from '../../helpers/minisearch-reference';

// bm25.ts claims minisearch's ranking (as configured by createToolIndex) bit for bit: the
// same documents, the same scores, the same order, ties included.
const minisearchTop = (docs: readonly { name: string; description: string }[], query: string, k: number): { id: number; score: number }[] => {
  const index = createToolIndex();
  index.addAll(docs.map((d, id) => ({ id, name: d.name, description: d.description })));
  return index.search(query).slice(0, k).map((r) => ({ id: r.id as number, score: r.score }));
};

const words = ['get', 'list', 'create', 'issue', 'repo', 'Repo', 'getUser', 'HTTPServer', 'a', 'and', 'the', '创建', '议题', '仓库', '查询', '数据库', '天气', 'データ', 'über', '9'];
const seps = [' ', '_', '-', '.', '__', ' 的 ', ''];
const text = fc.array(fc.tuple(fc.constantFrom(...words), fc.constantFrom(...seps)), { maxLength: 10 }).map((xs) => xs.map(([w, s]) => w + s).join(''));
const doc = fc.record({ name: text.map((t) => `mcp__srv__${t}`), description: text });

describe('BM25 index (DISC-2) against minisearch', () => {
  it('returns minisearch\'s top results, scores and tie order for any documents and query (property)', () => {
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 30 }), fc.array(fc.tuple(text, fc.integer({ min: 1, max: 40 })), { minLength: 1, maxLength: 5 }), (docs, queries) => {
        const ours = new Bm25Index(docs);
        for (const [query, k] of queries) expect(ours.search(query, k)).toEqual(minisearchTop(docs, query, k));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees on a larger catalogue with duplicates, repeated query terms and Chinese queries', () => {
    const verbs = ['get', 'list', 'create', 'delete', 'sync', 'open'];
    const nouns = ['issue', 'repo', 'invoice', 'wallet', 'ticket', 'chart', 'node'];
    const zh = ['创建', '查询', '议题', '仓库', '钱包', '订单', '日志'];
    const docs = Array.from({ length: 600 }, (_, i) => ({
      name: `mcp__s${i % 7}__${verbs[i % 6]}_${nouns[i % 7]}_${i % 50}`,
      description: `${verbs[(i * 7) % 6]} a ${nouns[(i * 3) % 7]} and its ${nouns[i % 7]}.${i % 3 === 0 ? ` ${zh[i % 7]}${zh[(i * 5) % 7]}` : ''}`,
    }));
    const ours = new Bm25Index(docs);
    const queries = ['get issue', 'issue issue get', '创建议题', '查询 仓库', 'sync_wallet 日志', 'listRepo', 'a', 'nothing here', '钱'];
    for (const q of queries) for (const k of [1, 5, 20, 1000]) expect(ours.search(q, k)).toEqual(minisearchTop(docs, q, k));
  });

  it('tool_search keyword mode ranks like the minisearch configuration it replaces', () => {
    const tools = [
      { name: 'mcp__github__create_issue', description: 'Create a new issue in a GitHub repository. 在 GitHub 仓库中创建议题' },
      { name: 'mcp__github__list_repos', description: 'List repositories of a user. 列出用户的仓库' },
      { name: 'mcp__weather__forecast', description: '查询城市天气预报 weather forecast for a city' },
      { name: 'mcp__db__run_query', description: 'Run a SQL query against the database 数据库查询' },
    ];
    const index = new ToolSearchIndex(tools);
    for (const q of ['create issue', '仓库', '天气', '查询', 'query database', 'user']) {
      const r = index.search(q, { topK: 3 });
      expect(r.ok && r.results.map((x) => [x.name, x.score])).toEqual(minisearchTop(tools, q, 3).map((h) => [tools[h.id]!.name, h.score]));
    }
  });
});
