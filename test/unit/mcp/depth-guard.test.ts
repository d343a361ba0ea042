// The depth guard takes too-deep tools out of tools/list answers before the SDK parses them
// (issue 21 F10), page by page, and leaves every other message alone.
import { describe, expect, it } from 'vitest';
import { ToolDepthGuard } from '../../../electron/services/mcp/depth-guard';

const nest = (levels: number): Record<string, unknown> => {
  let s: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) s = { type: 'object', properties: { a: s } }; // two levels each
  return s;
};
const tool = (name: string, levels = 1) => ({ name, inputSchema: nest(levels) });

describe('ToolDepthGuard', () => {
  it('leaves out deep tools of every page of one listing, and starts anew on the next listing', () => {
    const g = new ToolDepthGuard();
    g.outgoing({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const p1 = g.incoming({ jsonrpc: '2.0', id: 1, result: { tools: [tool('ok'), tool('deep1', 500)], nextCursor: 'c' } });
    expect((p1 as unknown as { result: { tools: Array<{ name: string }> } }).result.tools.map((t) => t.name)).toEqual(['ok']);
    g.outgoing({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { cursor: 'c' } });
    g.incoming({ jsonrpc: '2.0', id: 2, result: { tools: [tool('deep2', 70)] } });
    expect(g.lastRejected().map((r) => r.name)).toEqual(['deep1', 'deep2']);

    g.outgoing({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    const same = { jsonrpc: '2.0' as const, id: 3, result: { tools: [tool('ok', 30)] } };
    expect(g.incoming(same)).toBe(same); // nothing left out: the message passes as it came
    expect(g.lastRejected()).toEqual([]);
  });

  it('does not touch answers to other requests, notifications or errors', () => {
    const g = new ToolDepthGuard();
    g.outgoing({ jsonrpc: '2.0', id: 7, method: 'prompts/list' });
    const other = { jsonrpc: '2.0' as const, id: 7, result: { tools: [tool('deep', 500)] } };
    expect(g.incoming(other)).toBe(other);
    g.outgoing({ jsonrpc: '2.0', id: 8, method: 'tools/list' });
    const err = { jsonrpc: '2.0' as const, id: 8, error: { code: -1, message: 'no' } };
    expect(g.incoming(err)).toBe(err);
    expect(g.lastRejected()).toEqual([]);
  });
});
