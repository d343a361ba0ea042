// UI-3: tools.list ships light rows (no schema, no full description, no warnings) and
// tools.describe answers one tool's full definition on demand, through the real dispatcher
// (input and output validated against the contract) over stand-in engines.
import { describe, expect, it } from 'vitest';
import { contract, SUMMARY_MAX, ToolDefinitionsSchema, ToolDetailSchema, ToolsViewSchema } from '../../../shared/contract';
import { createDispatcher } from '../../../shared/rpc';
import type { EffectiveView, ServerState, ToolDef } from '../../../shared/schemas/server';
import { effectiveServer } from '../../helpers/effective-server';
import { createApi } from '../../../electron/services/api';
import { fakePool } from '../../helpers/fake-pool';
import { apiDeps } from './api-deps';
import { summarize } from '../../../electron/services/api/tool-catalog';

const ctx = { host: 'cli' } as const;

const server = (name: string) => effectiveServer(name);

const long = `Search the web for pages. ${'x'.repeat(300)}\nSecond line with details.`;
const defs: Record<string, ToolDef[]> = {
  'configured:minimax:web': [
    { name: 'search', title: 'Web search', description: long, inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'query' } }, required: ['q'] }, annotations: { readOnlyHint: true } },
    { name: 'fetch', inputSchema: { type: 'object' } },
  ],
  // Same raw name on a second server: a collision, so naming warnings exist somewhere.
  'configured:minimax:web2': [{ name: 'search', description: 'Other search', inputSchema: { type: 'object' } }],
};

function setup() {
  const { pool, set } = fakePool();
  const toolCalls: string[] = [];
  pool.tools = async (id) => (toolCalls.push(id), defs[id] ?? []);
  const view: EffectiveView = { profile: 'minimax', workspace: null, layers: [], servers: [server('web'), server('web2')], problems: [] };
  const api = createApi(apiDeps(view, { createPool: () => pool }));
  const connect = (id: string) => {
    const state: ServerState = { kind: 'connected', code: 'connected', reason: 'ok', since: 5, toolCount: defs[id]?.length ?? 0, connectMs: 1 } as ServerState;
    set(id, { state });
  };
  return { api, connect, toolCalls, dispatch: createDispatcher(contract, api.handlers, { undeclared: 'throw' }) };
}

describe('tools.list rows and tools.describe (UI-3)', () => {
  it('list rows carry names, cost and a one-line summary, never the schema', async () => {
    const { api, connect, dispatch } = setup();
    await api.start();
    connect('configured:minimax:web');
    connect('configured:minimax:web2');
    const r = await dispatch('tools.list', {}, ctx);
    if (!r.ok) throw new Error(r.error.message);
    const view = ToolsViewSchema.parse(r.value);
    const search = view.tools.find((t) => t.serverId === 'configured:minimax:web' && t.tool === 'search')!;
    expect(search.summary.length).toBe(SUMMARY_MAX);
    expect(search.summary.startsWith('Search the web for pages.')).toBe(true);
    expect(search.summary.endsWith('…')).toBe(true);
    expect(search.tokens).toBeGreaterThan(50);
    const raw = JSON.stringify(r.value);
    expect(raw).not.toContain('inputSchema');
    expect(raw).not.toContain('Second line');
    expect(raw).not.toContain('"query"');
    expect(view.tools.find((t) => t.tool === 'fetch')!.summary).toBe('');
    await api.dispose();
  });

  it('describe answers the full definition, with the naming warnings of the list', async () => {
    const { api, connect, dispatch, toolCalls } = setup();
    await api.start();
    connect('configured:minimax:web');
    connect('configured:minimax:web2');
    const list = await dispatch('tools.list', {}, ctx);
    if (!list.ok) throw new Error(list.error.message);
    const before = toolCalls.length;
    const r = await dispatch('tools.describe', { serverId: 'configured:minimax:web', tool: 'search' }, ctx);
    if (!r.ok) throw new Error(r.error.message);
    const d = ToolDetailSchema.parse(r.value);
    expect(d).toMatchObject({ serverId: 'configured:minimax:web', serverName: 'web', tool: 'search', title: 'Web search', description: long, annotations: { readOnlyHint: true }, outputSchema: null });
    expect(d.inputSchema).toEqual(defs['configured:minimax:web']![0]!.inputSchema);
    const row = (list.value as { tools: { serverId: string; tool: string; tokens: number }[] }).tools.find((t) => t.serverId === d.serverId && t.tool === 'search')!;
    expect(d.tokens).toBe(row.tokens);
    expect(Array.isArray(d.warnings)).toBe(true);
    // The catalog of the list is reused: only the one server's definitions are read again.
    expect(toolCalls.slice(before)).toEqual(['configured:minimax:web']);
    await api.dispose();
  });

  // The CLI's `tools` reads every definition in one call (issue 22 item 5): the same definition
  // tools.describe gives for each listed tool, in the server's order, with the list's servers.
  it('definitions answer what describe answers for every listed tool, in one call', async () => {
    const { api, connect, dispatch } = setup();
    await api.start();
    connect('configured:minimax:web');
    connect('configured:minimax:web2');
    // A server that repeats a name: one row, the first definition (as tools.list and describe).
    defs['configured:minimax:web2'] = [...defs['configured:minimax:web2']!, { name: 'search', description: 'A repeat', inputSchema: { type: 'object', title: 'second' } }];
    try {
      const [all, list] = await Promise.all([dispatch('tools.definitions', {}, ctx), dispatch('tools.list', {}, ctx)]);
      if (!all.ok || !list.ok) throw new Error('a call failed');
      const got = ToolDefinitionsSchema.parse(all.value);
      const rows = ToolsViewSchema.parse(list.value).tools;
      expect(got.tools.map((t) => [t.serverId, t.tool])).toEqual(rows.map((t) => [t.serverId, t.tool]));
      for (const t of got.tools) {
        const one = await dispatch('tools.describe', { serverId: t.serverId, tool: t.tool }, ctx);
        if (!one.ok) throw new Error(one.error.message);
        const { serverName: _n, warnings: _w, tokens: _t, ...definition } = ToolDetailSchema.parse(one.value);
        expect(t).toEqual(definition);
      }
      expect(got.servers).toEqual(ToolsViewSchema.parse(list.value).servers);
    } finally {
      defs['configured:minimax:web2'] = defs['configured:minimax:web2']!.slice(0, 1);
      await api.dispose();
    }
  });

  // Issue 44 item 3: what was asked, at 10,000 tools: one agent's names, or the warned rows only.
  it('list names the tools for the agents asked, and gives only the warned rows when asked', async () => {
    const { api, connect, dispatch } = setup();
    await api.start();
    connect('configured:minimax:web');
    connect('configured:minimax:web2');
    try {
      const one = await dispatch('tools.list', { agents: ['windsurf'] }, ctx);
      if (!one.ok) throw new Error(one.error.message);
      const view = ToolsViewSchema.parse(one.value);
      // The selection's agent is always named.
      expect(view.agents).toEqual(['minimax', 'windsurf']);
      // The other agents' names are not there at all.
      expect(view.tools.every((t) => Object.keys(t.names).sort().join() === 'minimax,windsurf')).toBe(true);
      expect(view.tools.map((t) => [t.tool, t.names.windsurf, t.names.minimax, t.names['claude-code'] ?? null])).toEqual([
        ['search', 'search', 'mcp__web__search', null],
        ['fetch', 'fetch', 'mcp__web__fetch', null],
        ['search', null, 'mcp__web2__search', null],
      ]);
      // Windsurf shows raw names: web2's search loses to web's; fetch has no warning for either agent.
      const warned = await dispatch('tools.list', { agents: ['windsurf'], only: 'warned', warnings: true }, ctx);
      if (!warned.ok) throw new Error(warned.error.message);
      const rows = ToolsViewSchema.parse(warned.value).tools;
      expect(rows.map((t) => [t.serverName, t.tool])).toEqual([['web2', 'search']]);
      expect(rows[0]!.warnings!.map((w) => [w.code, w.params.profile])).toEqual([['dropped', 'windsurf']]);
      const bad = await dispatch('tools.list', { agents: ['no-such-agent'] }, ctx);
      expect(bad.ok === false && bad.error.code).toBe('invalid-input');
    } finally {
      await api.dispose();
    }
  });

  it('findings: false leaves the poisoning checks out of rows and servers; by default they are there (CONN-11, issue 44)', async () => {
    const { api, connect, dispatch } = setup();
    defs['configured:minimax:web2'] = [{ name: 'search', description: 'Other search', inputSchema: {}, annotations: { title: 'Safe\u200dTool' } }];
    try {
      await api.start();
      connect('configured:minimax:web');
      connect('configured:minimax:web2');
      const findingsOf = async (input: object) => {
        const r = await dispatch('tools.list', input, ctx);
        if (!r.ok) throw new Error(r.error.message);
        const view = ToolsViewSchema.parse(r.value);
        return [...view.tools.flatMap((t) => t.findings ?? []), ...view.servers.flatMap((x) => x.findings ?? [])].map((f) => f.kind);
      };
      expect(await findingsOf({})).toContain('hidden');
      expect(await findingsOf({ findings: false })).toEqual([]);
      expect(await findingsOf({ findings: false, agents: ['minimax'] })).toEqual([]);
    } finally {
      defs['configured:minimax:web2'] = [{ name: 'search', description: 'Other search', inputSchema: { type: 'object' } }];
      await api.dispose();
    }
  });

  it('limits: false answers no CTX-1 standing; by default every agent named has one (issue 44)', async () => {
    const { api, connect, dispatch } = setup();
    try {
      await api.start();
      connect('configured:minimax:web');
      const limitsOf = async (input: object) => {
        const r = await dispatch('tools.list', input, ctx);
        if (!r.ok) throw new Error(r.error.message);
        return ToolsViewSchema.parse(r.value).limits.map((l) => l.profile);
      };
      expect(await limitsOf({ agents: ['minimax', 'cursor'] })).toEqual(['minimax', 'cursor']);
      expect(await limitsOf({ agents: ['minimax', 'cursor'], limits: false })).toEqual([]);
      // The catalog kept for the next call still answers the standing when asked.
      expect(await limitsOf({ agents: ['minimax', 'cursor'] })).toEqual(['minimax', 'cursor']);
    } finally {
      await api.dispose();
    }
  });

  it('describe refuses unknown servers and tools as data', async () => {
    const { api, connect, dispatch } = setup();
    await api.start();
    connect('configured:minimax:web');
    const noTool = await dispatch('tools.describe', { serverId: 'configured:minimax:web', tool: 'nope' }, ctx);
    expect(noTool.ok === false && noTool.error).toMatchObject({ code: 'not-found', message: expect.stringContaining('refresh the tool list') });
    const noServer = await dispatch('tools.describe', { serverId: 'configured:minimax:ghost', tool: 'search' }, ctx);
    expect(noServer.ok === false && noServer.error.code).toBe('not-found');
    const bad = await dispatch('tools.describe', { serverId: '', tool: 'search' }, ctx);
    expect(bad.ok === false && bad.error.code).toBe('invalid-input');
    await api.dispose();
  });

  it('summaries keep the first line only and cut long ones with an ellipsis', () => {
    expect(summarize(undefined)).toBe('');
    expect(summarize('  One line.\nTwo.')).toBe('One line.');
    expect(summarize('y'.repeat(SUMMARY_MAX))).toBe('y'.repeat(SUMMARY_MAX));
    expect(summarize('y'.repeat(SUMMARY_MAX + 1))).toBe(`${'y'.repeat(SUMMARY_MAX - 1)}…`);
  });
});
