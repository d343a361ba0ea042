// Names and tools as the agent will see them this turn (issue 22 item 2), through the built CLI
// over real servers: a slow remote server under each agent's budget, kimi's authenticate tool for
// a server that waits for a login, minara's query tool for a sub-agent, MiniMax's own name
// registry (read from its data folder, never written), tool_search's full definitions, and the
// disclosure plan with kimi's `deferred` and the file that sets MiniMax's options.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_BUDGETS, ECHO, SLOW_MS, startAgentServers, type AgentServers } from './servers';
import { sandbox, type Sandbox } from '../config/helpers';
import { runCli } from '../../helpers/run-cli';


let sb: Sandbox;
let servers: AgentServers;

const cli = async (args: string[], env: NodeJS.ProcessEnv = {}, stdin?: string) => {
  const r = await runCli(args, { env: { ...process.env, ...sb.env, GITHUB_TOKEN: 'secret-token', ...env }, cwd: sb.ws, ...(stdin !== undefined ? { stdin } : {}) });
  expect(r.code, r.stderr).toBe(0);
  return r;
};
type NameRow = { server: string; tool: string; name: string | null; synthetic?: string; notThisTurn?: string; collidesWith?: { server: string; name: string } | null };
const names = async (profile: string, env: NodeJS.ProcessEnv = {}): Promise<NameRow[]> => JSON.parse((await cli(['names', '--profile', profile, '--json'], env, '')).stdout);

beforeAll(async () => {
  sb = await sandbox();
  servers = await startAgentServers();
  const { oauth, token, slow, slowList } = servers;
  const both = { echo: { command: process.execPath, args: [ECHO, 'stdio'] }, notes: { url: oauth.mcpUrl }, slow: { url: slow.url }, 'slow-list': { url: slowList.url } };
  await sb.write(join(sb.home, '.minimax', 'mcp.json'), { mcpServers: both });
  await sb.write(join(sb.home, '.kimi-code', 'mcp.json'), { mcpServers: both });
  await sb.write(join(sb.home, '.minara', 'mcp', 'servers.json'), {
    mcpServers: { explorer: { url: token.url, authTokenEnv: 'GITHUB_TOKEN', subagent: { systemPrompt: 'EVM only', maxSteps: 4 } }, slow: { url: slow.url } },
  });
}, 60_000);
afterAll(async () => {
  await servers?.stop();
  await sb.dispose();
});

describe('names and tools as the agent sees them this turn', () => {
  it('a server slower than the budget: MiniMax Code gets none of its tools this turn (answered in 3.5 s, budget 2 s); Kimi Code does', async () => {
    const mm = (await names('minimax', AGENT_BUDGETS)).filter((r) => r.server === 'slow');
    expect(mm).toEqual([{ server: 'slow', tool: 'slow_echo', name: null, dropped: false, collidesWith: null, notThisTurn: expect.stringMatching(/^MiniMax Code gets no tools from it this turn: answered in \d+(\.\d)? s, budget 2 s$/) }]);
    const kimi = (await names('kimi', AGENT_BUDGETS)).filter((r) => r.server === 'slow');
    expect(kimi.map((r) => r.name)).toEqual(['mcp__slow__slow_echo']);
    const tools = JSON.parse((await cli(['tools', '--profile', 'minimax', '--json'], AGENT_BUDGETS)).stdout);
    const row = tools.servers.find((s: { server: string }) => s.server === 'slow');
    expect(row).toMatchObject({ state: 'connected', missedTurn: { budget: 2000 } });
    expect(row.missedTurn.ms).toBeGreaterThanOrEqual(SLOW_MS);
  });

  it('issue 34 (seed 000 local-mcp.service.ts:750): one budget covers the connect and the first tools/list, so a server that connects at once and lists in 3.5 s misses MiniMax Code\'s turns', async () => {
    const mm = (await names('minimax', AGENT_BUDGETS)).filter((r) => r.server === 'slow-list');
    expect(mm).toEqual([{ server: 'slow-list', tool: 'slow_echo', name: null, dropped: false, collidesWith: null, notThisTurn: expect.stringMatching(/^MiniMax Code gets no tools from it this turn: answered in \d+(\.\d)? s, budget 2 s$/) }]);
    expect((await names('kimi', AGENT_BUDGETS)).filter((r) => r.server === 'slow-list').map((r) => r.name)).toEqual(['mcp__slow-list__slow_echo']);
    const tools = JSON.parse((await cli(['tools', '--profile', 'minimax', '--json'], AGENT_BUDGETS)).stdout);
    const row = tools.servers.find((s: { server: string }) => s.server === 'slow-list');
    // The list alone is over the budget: no turn ever gets its tools (the connect is kept, the list is late each time).
    expect(row).toMatchObject({ state: 'connected', missedTurn: { budget: 2000, turns: 'every' } });
    expect(row.missedTurn.ms).toBeGreaterThanOrEqual(SLOW_MS);
  });

  it('kimi shows mcp__<server>__authenticate for a server that waits for a login; minara shows mcp_<id>_query for a sub-agent', async () => {
    expect((await names('kimi')).find((r) => r.server === 'notes')).toMatchObject({ tool: 'authenticate', name: 'mcp__notes__authenticate', synthetic: 'authenticate' });
    // MiniMax Code has no such tool: the server just gives it nothing.
    expect((await names('minimax')).some((r) => r.server === 'notes')).toBe(false);
    const minara = (await names('minara')).filter((r) => r.server === 'explorer');
    expect(minara).toEqual([
      expect.objectContaining({ tool: 'whoami', name: null }),
      expect.objectContaining({ tool: 'query', name: 'mcp_explorer_query', synthetic: 'query' }),
    ]);
    const human = await cli(['names', '--profile', 'minara'], {}, '');
    expect(human.stdout).toContain('explorer/query → mcp_explorer_query  (made up by Minara)');
  });

  it("MiniMax's own registry is read from its data folder in MiniMax's format (owners keep their names), and never written", async () => {
    // As MiniMax writes it (shared/profiles/minimax/registry.ts): an official plugin holds `github`,
    // and a configured `docs` the user has since removed still holds `docs`.
    const registry = {
      version: 1,
      servers: [
        { key: '["plugin","OFFICIAL","github","github"]', raw: 'github', segment: 'github', tools: [{ raw: 'create_issue', segment: 'create_issue' }] },
        { key: '["configured","docs"]', raw: 'docs', segment: 'docs', tools: [{ raw: 'search', segment: 'search' }] },
      ],
    };
    const file = await sb.write(join(sb.home, '.minimax', 'mcp-runtime-names.json'), `${JSON.stringify(registry)}\n`);
    const text = await readFile(file, 'utf8');
    const given = JSON.stringify([{ server: 'github', tool: 'create_issue' }, { server: 'docs', tool: 'search', source: 'plugin-local' }]);
    const rows: NameRow[] = JSON.parse((await cli(['names', '--profile', 'minimax', '--json'], {}, given)).stdout);
    expect(rows.map((r) => [r.server, r.name, r.collidesWith?.server])).toEqual([
      ['github', 'mcp__github_2__create_issue', 'github'],
      ['docs', 'mcp__docs_2__search', 'docs'],
    ]);
    const collisions = JSON.parse((await cli(['collisions', '--profile', 'minimax', '--json'], {}, given)).stdout);
    expect(collisions.collisions.map((c: { name: string; resolution: string }) => [c.name, c.resolution])).toEqual([
      ['mcp__github__create_issue', 'suffixed'],
      ['mcp__docs__search', 'suffixed'],
    ]);
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('tool_search answers with the full definition, its schema cut at maxSchemaTextLen', async () => {
    const big = { type: 'object', properties: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field_${i}`, { type: 'string', description: 'a field of the issue' }])) };
    const file = await sb.write('tools.json', [
      { server: 'tracker', tool: 'create_issue', description: 'Create an issue', inputSchema: big },
      { server: 'tracker', tool: 'close_issue', description: 'Close an issue', inputSchema: { type: 'object', properties: { id: { type: 'number' } } } },
    ]);
    const out = JSON.parse((await cli(['search', 'issue', '--tools', file, '--json'], { MAVIS_MCP_TOOL_SEARCH_MAX_SCHEMA_TEXT_LEN: '200' })).stdout);
    const byName = Object.fromEntries(out.results.map((r: { name: string }) => [r.name, r]));
    expect(byName.mcp__tracker__close_issue).toMatchObject({ truncated: false, inputSchema: { type: 'object', properties: { id: { type: 'number' } } } });
    expect(byName.mcp__tracker__create_issue).toMatchObject({ truncated: true, inputSchemaText: JSON.stringify(big).slice(0, 200) });
  });

  it('disclosure: kimi counts "deferred" servers as deferred; MiniMax says which file and key set the whitelist and offers the edit', async () => {
    const file = await sb.write('defer.json', [
      { server: 'big', tool: 'a', deferred: true },
      { server: 'big', tool: 'b', deferred: true },
      { server: 'small', tool: 'c' },
    ]);
    const kimi = JSON.parse((await cli(['disclosure', '--profile', 'kimi', '--model', 'moonshot/kimi-k2', '--context-window', '128000', '--tools', file, '--json'])).stdout);
    expect(kimi).toMatchObject({ deferred: true, reason: 'select-tools', hidden: ['mcp__big__a', 'mcp__big__b'], inline: ['mcp__small__c'], edits: [] });

    const config = join(sb.home, '.minimax', 'config.yaml');
    const mm = JSON.parse((await cli(['disclosure', '--profile', 'minimax', '--model', 'minimax/m2', '--context-window', '100', '--tools', file, '--json'])).stdout);
    expect(mm).toMatchObject({ deferred: false, reason: 'model-not-whitelisted', configFile: config });
    expect(mm.options.find((o: { key: string }) => o.key === 'modelWhitelist')).toMatchObject({ origin: 'default', configKey: 'mcpToolSearch.modelWhitelist', env: 'MAVIS_MCP_TOOL_SEARCH_WHITELIST' });
    expect(mm.edits).toEqual([{ key: 'mcpToolSearch.modelWhitelist', file: config, yaml: 'mcpToolSearch:\n  modelWhitelist:\n    - "minimax/m2"\n', env: 'MAVIS_MCP_TOOL_SEARCH_WHITELIST=minimax/m2', envSet: false }]);
    // The edit, made: the agent's file now decides, and the view says so.
    await sb.write(config, mm.edits[0].yaml);
    const after = JSON.parse((await cli(['disclosure', '--profile', 'minimax', '--model', 'minimax/m2', '--context-window', '100', '--tools', file, '--json'])).stdout);
    expect(after).toMatchObject({ deferred: true, reason: 'over-threshold' });
    expect(after.options.find((o: { key: string }) => o.key === 'modelWhitelist')).toMatchObject({ origin: 'config', file: config, value: ['minimax/m2'] });
    const human = await cli(['disclosure', '--profile', 'minimax', '--model', 'other/x', '--context-window', '100', '--tools', file]);
    expect(human.stdout).toContain(`modelWhitelist = ["minimax/m2"] (from mcpToolSearch.modelWhitelist in ${config})`);
    expect(human.stdout).toContain('or set MAVIS_MCP_TOOL_SEARCH_WHITELIST=minimax/m2,other/x');
  });
});
