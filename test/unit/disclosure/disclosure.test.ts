import { describe, expect, it } from 'vitest';
import { DEFAULT_DISCLOSURE_OPTIONS, DISCLOSURE_OPTION_TABLE, resolveDisclosureOptions } from '../../../shared/disclosure/options';
import { estimateTokens, modelMatchesWhitelist, planDisclosure, type DisclosureToolInput } from '../../../shared/disclosure/plan';

const tool = (name: string, server: string, descLen: number, source: DisclosureToolInput['source'] = 'configured'): DisclosureToolInput => ({
  name,
  server,
  source,
  definition: { name, description: 'd'.repeat(descLen), inputSchema: { type: 'object' } },
});

describe('disclosure options (DISC-1)', () => {
  it('has seed 000\'s defaults and env variables', () => {
    expect(DEFAULT_DISCLOSURE_OPTIONS).toEqual({ enabled: true, modelWhitelist: [], thresholdPct: 0.15, minDeferCount: 1, topKDefault: 5, topKMax: 20, systemHint: true, maxSchemaTextLen: 4096 });
    expect(DISCLOSURE_OPTION_TABLE.map((o) => o.env)).toEqual([
      'MAVIS_MCP_TOOL_SEARCH_ENABLED',
      'MAVIS_MCP_TOOL_SEARCH_WHITELIST',
      'MAVIS_MCP_TOOL_SEARCH_THRESHOLD_PCT',
      'MAVIS_MCP_TOOL_SEARCH_MIN_DEFER_COUNT',
      'MAVIS_MCP_TOOL_SEARCH_TOP_K_DEFAULT',
      'MAVIS_MCP_TOOL_SEARCH_TOP_K_MAX',
      'MAVIS_MCP_TOOL_SEARCH_SYSTEM_HINT',
      'MAVIS_MCP_TOOL_SEARCH_MAX_SCHEMA_TEXT_LEN',
    ]);
  });
  it('takes env over config over defaults, and ignores invalid values with a problem', () => {
    const r = resolveDisclosureOptions({
      env: { MAVIS_MCP_TOOL_SEARCH_WHITELIST: 'openai/*, minimax/MiniMax-M2', MAVIS_MCP_TOOL_SEARCH_THRESHOLD_PCT: 'lots', MAVIS_MCP_TOOL_SEARCH_ENABLED: 'false' },
      config: { mcpToolSearch: { thresholdPct: 0.3, modelWhitelist: ['x/y'], topKMax: 10 } },
    });
    expect(r.options.modelWhitelist).toEqual(['openai/*', 'minimax/MiniMax-M2']);
    expect(r.options.thresholdPct).toBe(0.3); // env invalid → config
    expect(r.options.enabled).toBe(false);
    expect(r.options.topKMax).toBe(10);
    expect(r.options.maxSchemaTextLen).toBe(4096);
    expect(r.table.find((o) => o.key === 'thresholdPct')!.origin).toBe('config');
    expect(r.table.find((o) => o.key === 'modelWhitelist')!.origin).toBe('env');
    expect(r.table.find((o) => o.key === 'topKDefault')!.origin).toBe('default');
    expect(r.problems).toEqual(['MAVIS_MCP_TOOL_SEARCH_THRESHOLD_PCT="lots" is not a valid fraction: ignored']);
  });
  it('accepts the bare mcpToolSearch section too', () => {
    expect(resolveDisclosureOptions({ config: { minDeferCount: 3 } }).options.minDeferCount).toBe(3);
  });
});

describe('whitelist', () => {
  it('matches provider/model with * wildcards; an empty list matches nothing', () => {
    expect(modelMatchesWhitelist('openai/gpt-5', [])).toBe(false);
    expect(modelMatchesWhitelist('openai/gpt-5', ['openai/*'])).toBe(true);
    expect(modelMatchesWhitelist('openai/gpt-5', ['*/gpt-*'])).toBe(true);
    expect(modelMatchesWhitelist('openai/gpt-5', ['openai/gpt'])).toBe(false);
    expect(modelMatchesWhitelist('openai/gpt.5', ['openai/gpt.5'])).toBe(true);
    expect(modelMatchesWhitelist('openai/gptx5', ['openai/gpt.5'])).toBe(false);
    expect(modelMatchesWhitelist('a/b', [''])).toBe(false);
  });
});

describe('plan (DISC-1, DISC-4)', () => {
  const opts = { ...DEFAULT_DISCLOSURE_OPTIONS, modelWhitelist: ['minimax/*'] };
  it('estimates tokens as definition JSON length / 4', () => {
    const def = { name: 'x', inputSchema: {} };
    expect(estimateTokens(def)).toBe(Math.ceil(JSON.stringify(def).length / 4));
  });
  it('stays inline with the default (empty) whitelist', () => {
    const p = planDisclosure({ tools: [tool('mcp__a__t', 'a', 4000)], model: 'minimax/m2', contextWindow: 1000, options: DEFAULT_DISCLOSURE_OPTIONS });
    expect(p).toMatchObject({ deferred: false, reason: 'model-not-whitelisted', hidden: [] });
  });
  it('defers only configured tools once the estimate exceeds thresholdPct × window', () => {
    const tools = [tool('mcp__a__t', 'a', 400), tool('mcp__a__u', 'a', 400), tool('mcp__p__v', 'p', 400, 'plugin-official')];
    const window = 1000; // threshold 150 tokens; each tool ≈ 118
    const p = planDisclosure({ tools, model: 'minimax/m2', contextWindow: window, options: opts });
    expect(p.deferred).toBe(true);
    expect(p.reason).toBe('over-threshold');
    expect(p.thresholdTokens).toBe(150);
    expect(p.estTokens).toBe(estimateTokens(tools[0]!.definition) * 2);
    expect(p.hidden).toEqual(['mcp__a__t', 'mcp__a__u']);
    expect(p.inline).toEqual(['mcp__p__v']);
    expect(p.perServer).toEqual([
      { server: 'a', tools: 2, tokens: p.estTokens, deferrable: true },
      { server: 'p', tools: 1, tokens: estimateTokens(tools[2]!.definition), deferrable: false },
    ]);
    expect(p.addedTools).toEqual(['tool_search', 'mcp_invoke']);
  });
  it('stays inline at exactly the threshold, below minDeferCount, or when disabled', () => {
    const t = tool('mcp__a__t', 'a', 0);
    const tokens = estimateTokens(t.definition);
    expect(planDisclosure({ tools: [t], model: 'minimax/m', contextWindow: tokens / 0.15, options: opts }).reason).toBe('under-threshold');
    expect(planDisclosure({ tools: [t], model: 'minimax/m', contextWindow: 10, options: { ...opts, minDeferCount: 2 } }).reason).toBe('below-min-defer-count');
    expect(planDisclosure({ tools: [t], model: 'minimax/m', contextWindow: 10, options: { ...opts, enabled: false } }).reason).toBe('disabled');
    expect(planDisclosure({ tools: [t], model: 'minimax/m', contextWindow: 10, options: opts }).reason).toBe('over-threshold');
  });
});

describe('other agents (DISC-3): their own marks decide, no threshold', () => {
  const opts = DEFAULT_DISCLOSURE_OPTIONS;
  const tools: DisclosureToolInput[] = [
    { ...tool('mcp__big__a', 'big', 4000), deferred: true },
    { ...tool('mcp__big__b', 'big', 4000), deferred: true },
    tool('mcp__small__c', 'small', 40),
  ];
  it('kimi: a "deferred": true server\'s tools load through select_tools; the others stay in the table', () => {
    const p = planDisclosure({ tools, model: 'moonshot/kimi-k2', contextWindow: 128_000, options: opts, deferral: 'select_tools' });
    expect(p).toMatchObject({ deferred: true, reason: 'select-tools', hidden: ['mcp__big__a', 'mcp__big__b'], inline: ['mcp__small__c'], addedTools: ['select_tools'], why: { code: 'select-tools', params: { n: 2, servers: 1 } } });
    expect(p.perServer.find((s) => s.server === 'big')!.deferrable).toBe(true);
    const none = planDisclosure({ tools: tools.map((t) => ({ ...t, deferred: false })), model: 'm', contextWindow: 10, options: opts, deferral: 'select_tools' });
    expect(none).toMatchObject({ deferred: false, reason: 'select-tools-none', hidden: [], addedTools: [] });
  });
  it('minara: every MCP tool carries defer_loading', () => {
    const p = planDisclosure({ tools, model: 'm', contextWindow: 10, options: opts, deferral: 'defer_loading' });
    expect(p).toMatchObject({ deferred: true, reason: 'defer-loading', inline: [], addedTools: ['tool_search'] });
    expect(p.hidden).toHaveLength(3);
  });
});
