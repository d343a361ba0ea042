// Issue 34 item 5 (the walkthrough): a server's identity includes its arguments, environment
// names and working folder. Two MiniMax entries running one script with different arguments were
// one server ("connected as kv.store" on zh-chain, and Across agents dropped the second entry).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acrossAgents, agentServers, identityOf } from '../../../electron/services/install/across';
import { useSandbox } from '../config/helpers';

const sb = useSandbox();
const chain = (arg: string) => ({ command: 'node', args: ['/srv/chain.js', arg] });

describe('what makes two entries the same server', () => {
  it('arguments, environment names and the working folder count; -y and the folder of the command do not', () => {
    const id = (e: Parameters<typeof identityOf>[0]) => identityOf(e);
    const base = { transport: 'stdio' as const, enabled: true, command: 'npx', args: ['-y', 'pkg@1'] };
    expect(id(base)).toBe(id({ ...base, command: '/usr/bin/npx', args: ['pkg@1'] }));
    expect(id(base)).not.toBe(id({ ...base, args: ['-y', 'pkg@2'] }));
    expect(id(base)).not.toBe(id({ ...base, env: { TOKEN: '${T}' } }));
    expect(id({ ...base, env: { TOKEN: 'a' } })).toBe(id({ ...base, env: { TOKEN: 'b' } }));
    expect(id(base)).not.toBe(id({ ...base, cwd: '/w' }));
    expect(id({ transport: 'http', enabled: true, url: 'https://h.example/a/mcp' })).not.toBe(id({ transport: 'http', enabled: true, url: 'https://h.example/b/mcp' }));
  });

  it("another agent's entry shares the live state of the selected agent's entry that runs exactly the same thing", async () => {
    // Cursor and Windsurf declare the same (neither is known: the panel's own set, AGENT-6).
    await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { kv: chain('kv'), store: chain('store') } });
    await sb.write(join(sb.home, '.codeium', 'windsurf', 'mcp_config.json'), { mcpServers: { 'zh-chain': chain('store'), other: chain('x') } });
    const shared = (await agentServers(sb.service(), 'cursor', ['windsurf'], sb.ws)).agents[0]!.servers.map((s) => [s.name, s.sharedWith]);
    expect(shared).toEqual([
      ['zh-chain', expect.stringContaining('store')],
      ['other', null],
    ]);
  });

  it('an agent that declares other capabilities shares nothing: a server may offer it other tools (AGENT-6)', async () => {
    await sb.write(join(sb.home, '.minimax', 'mcp.json'), { mcpServers: { store: chain('store') } });
    await sb.write(join(sb.home, '.kimi-code', 'mcp.json'), { mcpServers: { 'zh-chain': chain('store') } });
    const kimi = (await agentServers(sb.service(), 'minimax', ['kimi'], sb.ws)).agents[0]!.servers;
    expect(kimi.map((s) => s.sharedWith)).toEqual([null]);
  });

  it('Across agents keeps every entry: the second of one program is a row of its own, the same server lines up', async () => {
    await sb.write(join(sb.home, '.minimax', 'mcp.json'), { mcpServers: { kv: chain('kv'), store: chain('store') } });
    await sb.write(join(sb.home, '.kimi-code', 'mcp.json'), { mcpServers: { 'zh-chain': chain('store') } });
    const view = await acrossAgents(sb.service(), ['minimax', 'kimi'], sb.ws);
    const rows = view.rows.map((r) => r.cells.map((c) => c.cell?.name ?? null));
    expect(rows).toContainEqual(['kv', null]);
    expect(rows).toContainEqual(['store', 'zh-chain']);
    expect(rows).toHaveLength(2);
  });
});
