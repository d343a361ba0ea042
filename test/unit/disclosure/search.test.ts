import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invokeCatalog, resolveInvoke } from '../../../shared/disclosure/invoke';
import { ToolSearchIndex } from '../../../shared/disclosure/search';
import { tokenize } from '../../../shared/disclosure/tokenize';
import { assignNames } from '../../../shared/naming/assign';

describe('tokenizer (DISC-2)', () => {
  it('splits Chinese into single characters plus adjacent pairs', () => {
    expect(tokenize('创建议题')).toEqual(['创', '建', '议', '题', '创建', '建议', '议题']);
  });
  it('splits Latin words on snake, kebab and camel case', () => {
    expect(tokenize('create_issue list-repos getUserName HTTPServer')).toEqual([
      'create', 'issue', 'list', 'repos', 'get', 'user', 'name', 'getusername', 'http', 'server', 'httpserver',
    ]);
  });
  it('lower-cases non-ASCII capitals and never yields empty or separator tokens (property)', () => {
    expect(tokenize('Über-Größe')).toEqual(['über', 'größe']);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'B', '_', '-', ' ', '中', '文', 'é', 'Ü', '9', '😀', '.') }), (text) => {
        const tokens = tokenize(text);
        for (const t of tokens) {
          expect(t.length).toBeGreaterThan(0);
          expect(t).toBe(t.toLowerCase());
          expect(t).not.toMatch(/[\s_.-]/);
        }
        expect(tokenize(text)).toEqual(tokens);
      }),
    );
  });
  it('keeps mixed text apart', () => {
    expect(tokenize('查询GitHub仓库')).toEqual(['查', '询', '查询', 'git', 'hub', 'github', '仓', '库', '仓库']);
  });
});

const tools = [
  { name: 'mcp__github__create_issue', description: 'Create a new issue in a GitHub repository. 在 GitHub 仓库中创建议题', inputSchema: { type: 'object', properties: { title: { type: 'string' } } } },
  { name: 'mcp__github__list_repos', description: 'List repositories of a user. 列出用户的仓库', inputSchema: { type: 'object' } },
  { name: 'mcp__weather__forecast', description: '查询城市天气预报 weather forecast for a city', inputSchema: { type: 'object' } },
  { name: 'mcp__db__run_query', description: 'Run a SQL query against the database 数据库查询', inputSchema: { type: 'object', properties: { sql: { type: 'string', description: 'x'.repeat(5000) } } } },
  ...Array.from({ length: 30 }, (_, i) => ({ name: `mcp__misc__tool_${i}`, description: `Miscellaneous helper number ${i}`, inputSchema: { type: 'object' } })),
];

describe('tool_search (DISC-2)', () => {
  const index = new ToolSearchIndex(tools);

  it('ranks by BM25 over names and descriptions, best first', () => {
    const r = index.search('create issue');
    expect(r.ok && r.results[0]!.name).toBe('mcp__github__create_issue');
    expect(r.ok && r.results.every((x, i, a) => i === 0 || a[i - 1]!.score >= x.score)).toBe(true);
  });

  it('answers Chinese queries', () => {
    const weather = index.search('天气');
    expect(weather.ok && weather.results[0]!.name).toBe('mcp__weather__forecast');
    const issue = index.search('创建议题');
    expect(issue.ok && issue.results[0]!.name).toBe('mcp__github__create_issue');
    const db = index.search('数据库');
    expect(db.ok && db.results[0]!.name).toBe('mcp__db__run_query');
  });

  it('matches snake_case names from their words', () => {
    const r = index.search('listRepos');
    expect(r.ok && r.results[0]!.name).toBe('mcp__github__list_repos');
  });

  it('regex mode tests names and descriptions; name hits rank first', () => {
    const r = index.search('^mcp__github__', { mode: 'regex' });
    expect(r.ok && r.results.map((x) => x.name)).toEqual(['mcp__github__create_issue', 'mcp__github__list_repos']);
    const d = index.search('forecast|SQL', { mode: 'regex' });
    expect(d.ok && d.results.map((x) => x.name)).toEqual(['mcp__weather__forecast', 'mcp__db__run_query']);
    const bad = index.search('(', { mode: 'regex' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_REGEX' } });
  });

  it('topK defaults to 5 and is capped at 20', () => {
    const five = index.search('helper');
    expect(five.ok && five.results).toHaveLength(5);
    const cap = index.search('helper', { topK: 100 });
    expect(cap.ok && cap.topK).toBe(20);
    expect(cap.ok && cap.results).toHaveLength(20);
    const two = index.search('helper', { topK: 2 });
    expect(two.ok && two.results).toHaveLength(2);
    expect(new ToolSearchIndex(tools, { topKDefault: 3, topKMax: 4 }).search('helper', { topK: 10 })).toMatchObject({ ok: true, topK: 4 });
  });

  it('returns the full definition, with schema text cut to maxSchemaTextLen', () => {
    const r = index.search('create issue');
    expect(r.ok && r.results[0]!.definition).toEqual({ name: tools[0]!.name, description: tools[0]!.description, inputSchema: tools[0]!.inputSchema, truncated: false });
    const big = index.search('SQL database');
    const def = big.ok ? big.results[0]!.definition : null;
    expect(def).toMatchObject({ name: 'mcp__db__run_query', truncated: true });
    expect(def!.inputSchemaText).toHaveLength(4096);
    expect(def!.inputSchema).toBeUndefined();
  });

  it('rejects an empty query', () => {
    expect(index.search('  ')).toMatchObject({ ok: false, error: { code: 'EMPTY_QUERY' } });
  });
});

describe('mcp_invoke resolution (DISC-2)', () => {
  const report = assignNames('minimax', [{ serverId: 'gh-id', serverName: 'git hub', tools: [{ name: 'create.issue' }] }]);
  const catalog = invokeCatalog(report);
  it('maps the qualified name back to the server identity and raw tool', () => {
    expect(resolveInvoke(catalog, { tool_name: 'mcp__git_hub__create_issue', arguments: { title: 'x' } })).toEqual({
      ok: true,
      value: { name: 'mcp__git_hub__create_issue', serverId: 'gh-id', serverName: 'git hub', tool: 'create.issue', arguments: { title: 'x' } },
    });
    expect(resolveInvoke(catalog, { tool_name: 'mcp__git_hub__create_issue' })).toMatchObject({ ok: true, value: { arguments: {} } });
  });
  it('answers errors as data', () => {
    expect(resolveInvoke(catalog, { tool_name: 'mcp__nope__x' })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_TOOL' } });
    expect(resolveInvoke(catalog, { arguments: {} })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(resolveInvoke(catalog, { tool_name: 'x', arguments: [] })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});
