// The bridge's tool filter (CTX-2 for agents without a filter field): what the agent sees and may
// call, on the agent's side of the proxy. The agent side here is a recording stand-in; the real
// stdio bridge over a real server is test/integration/context/plan-bridge.test.ts.
import { describe, expect, it } from 'vitest';
import type { JsonRpcMessage, McpTransport } from '../../../electron/services/mcp';
import { filteredAgentSide, hiddenIn, HIDDEN_TOOL, withHiddenTools } from '../../../electron/services/bridge/tool-filter';

function agentSide() {
  const sent: JsonRpcMessage[] = [];
  const t: McpTransport = { start: async () => {}, close: async () => {}, send: async (m) => void sent.push(m) };
  return { t, sent, fromAgent: (m: JsonRpcMessage) => t.onmessage!(m) };
}

const tools = (...names: string[]) => names.map((name) => ({ name, inputSchema: { type: 'object' } }));

describe('filteredAgentSide', () => {
  it('leaves hidden tools out of every tools/list answer, page by page, and nothing else', async () => {
    const a = agentSide();
    const f = filteredAgentSide(a.t, new Set(['fail', 'pid']), (tool) => `off: ${tool}`);
    const forwarded: JsonRpcMessage[] = [];
    f.onmessage = (m) => forwarded.push(m);
    a.fromAgent({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    a.fromAgent({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { cursor: 'p2' } });
    expect(forwarded).toHaveLength(2);
    await f.send({ jsonrpc: '2.0', id: 1, result: { tools: tools('echo', 'fail'), nextCursor: 'p2' } });
    await f.send({ jsonrpc: '2.0', id: 2, result: { tools: tools('pid', 'parts') } });
    // The same id answering something else afterwards (a prompts/list) is not touched.
    await f.send({ jsonrpc: '2.0', id: 1, result: { tools: tools('fail') } });
    expect(a.sent).toEqual([
      { jsonrpc: '2.0', id: 1, result: { tools: tools('echo'), nextCursor: 'p2' } },
      { jsonrpc: '2.0', id: 2, result: { tools: tools('parts') } },
      { jsonrpc: '2.0', id: 1, result: { tools: tools('fail') } },
    ]);
  });

  it("does not filter a server's own request that reuses a pending listing's id", async () => {
    const a = agentSide();
    const f = filteredAgentSide(a.t, new Set(['fail']), () => 'off');
    f.onmessage = () => {};
    a.fromAgent({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} });
    const request = { jsonrpc: '2.0' as const, id: 7, method: 'roots/list', params: {} };
    await f.send(request);
    await f.send({ jsonrpc: '2.0', id: 7, result: { tools: tools('fail', 'echo') } });
    expect(a.sent).toEqual([request, { jsonrpc: '2.0', id: 7, result: { tools: tools('echo') } }]);
  });

  it('answers a call to a hidden tool itself, with the words given, and forwards the others', async () => {
    const a = agentSide();
    const f = filteredAgentSide(a.t, new Set(['fail']), (tool) => `${tool} is turned off`);
    const forwarded: JsonRpcMessage[] = [];
    f.onmessage = (m) => forwarded.push(m);
    a.fromAgent({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'fail', arguments: {} } });
    a.fromAgent({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo', arguments: {} } });
    await Promise.resolve();
    expect(a.sent).toEqual([{ jsonrpc: '2.0', id: 3, error: { code: HIDDEN_TOOL, message: 'fail is turned off' } }]);
    expect(forwarded.map((m) => ('id' in m ? m.id : null))).toEqual([4]);
  });

  it('is the agent side itself when nothing is hidden', () => {
    const a = agentSide();
    expect(filteredAgentSide(a.t, new Set(), () => '')).toBe(a.t);
  });
});

describe('--hide-tools on a bridge line', () => {
  const line = ['/x/mcp-panel.mjs', 'bridge', 'echo', '--profile', 'cursor'];
  it('is added, replaced and removed, the rest of the line kept', () => {
    const one = withHiddenTools(line, ['fail']);
    expect(one).toEqual([...line, '--hide-tools', 'fail']);
    expect([...hiddenIn(one)]).toEqual(['fail']);
    const two = withHiddenTools(one, ['fail', 'pid']);
    expect(two).toEqual([...line, '--hide-tools', 'fail,pid']);
    expect(withHiddenTools(two, [])).toEqual(line);
    expect(hiddenIn(line).size).toBe(0);
  });
});
