// The discovery budget rule (options.ts): CONN-3's 2 s remote / 15 s stdio capped by the
// server's call timeout, except where the agent has its own startup timeout (kimi, seed 002).
import { describe, expect, it } from 'vitest';
import { discoveryBudgetMs, resolvePoolOptions, startupTimeoutMs } from '../../../electron/services/connections/options';
import { type ConnectionSpecInput, ConnectionSpecSchema } from '../../../shared/schemas/server';
import { KIMI_DEFAULTS } from '../../../shared/profiles/kimi/dialect';

const o = resolvePoolOptions({ dataDir: '/nonexistent', env: {} });
const spec = (input: Partial<ConnectionSpecInput>) =>
  ConnectionSpecSchema.parse({ id: 'x', name: 'x', profile: 'minimax', layer: 'user', source: 'configured', transport: 'stdio', ...input });

describe('discoveryBudgetMs', () => {
  it('minimax and minara: 2 s remote, 15 s stdio, capped by the call timeout (CONN-3)', () => {
    expect(discoveryBudgetMs(spec({ transport: 'http', url: 'http://127.0.0.1/mcp' }), o)).toBe(2_000);
    expect(discoveryBudgetMs(spec({ transport: 'sse', url: 'http://127.0.0.1/sse' }), o)).toBe(2_000);
    expect(discoveryBudgetMs(spec({ command: 'x' }), o)).toBe(15_000);
    expect(discoveryBudgetMs(spec({ profile: 'minara', command: 'x', callTimeoutMs: 1_000 }), o)).toBe(1_000);
  });

  it("kimi: the agent's startup timeout, for remote servers too (30 s by default)", () => {
    const kimi = (input: Partial<ConnectionSpecInput>) => spec({ profile: 'kimi', startupTimeoutMs: KIMI_DEFAULTS.startupTimeoutMs, ...input });
    expect(discoveryBudgetMs(kimi({ transport: 'http', url: 'http://127.0.0.1/mcp' }), o)).toBe(30_000);
    expect(discoveryBudgetMs(kimi({ transport: 'sse', url: 'http://127.0.0.1/sse', startupTimeoutMs: 45_000 }), o)).toBe(45_000);
    expect(discoveryBudgetMs(kimi({ command: 'x', callTimeoutMs: 1_000 }), o)).toBe(30_000);
  });

  it('one attempt may take the spec’s startup timeout, else the pool default', () => {
    expect(startupTimeoutMs(spec({ command: 'x' }), o)).toBe(30_000);
    expect(startupTimeoutMs(spec({ command: 'x', startupTimeoutMs: 600 }), o)).toBe(600);
  });
});
