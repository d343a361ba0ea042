// BRIDGE-4: when the bridge is offered (install-advice.ts).
import { describe, expect, it } from 'vitest';
import { bridgeAdvice } from '../../../electron/services/bridge/install-advice';
import { ConnectionSpecSchema, type ConnectionSpec } from '../../../shared/schemas/server';

const spec = (over: Partial<ConnectionSpec>): ConnectionSpec =>
  ConnectionSpecSchema.parse({ id: 'x', name: 'x', profile: 'minimax', layer: 'user', source: 'configured', transport: 'http', url: 'https://x.example/mcp', ...over });
const none = new Set<string>();

describe('bridge advice', () => {
  it('MiniMax + a remote server without static credentials (OAuth): offered', () => {
    const entry = { url: 'https://x.example/mcp' };
    expect(bridgeAdvice({ profile: 'minimax', layer: 'user', entry, spec: spec({}), held: none })).toEqual([{ code: 'minimax_oauth', variables: [] }]);
    // Kimi logs in itself: nothing to offer.
    expect(bridgeAdvice({ profile: 'kimi', layer: 'user', entry, spec: spec({ profile: 'kimi' }), held: none })).toEqual([]);
  });

  it('MiniMax user file + ${VAR}: offered with the variables; its project file expands them', () => {
    const entry = { url: 'https://x.example/mcp', headers: { Authorization: 'Bearer ${X_TOKEN}' } };
    const s = spec({ headers: entry.headers });
    expect(bridgeAdvice({ profile: 'minimax', layer: 'user', entry, spec: s, held: none })).toEqual([{ code: 'minimax_user_var', variables: ['X_TOKEN'] }]);
    expect(bridgeAdvice({ profile: 'minimax', layer: 'project', entry, spec: s, held: none })).toEqual([]);
  });

  it('any agent + a header whose variable the keychain holds for this entry', () => {
    const entry = { url: 'https://x.example/mcp', headers: { 'X-Key': '${X_KEY}' } };
    const s = spec({ profile: 'kimi', headers: entry.headers });
    expect(bridgeAdvice({ profile: 'kimi', layer: 'user', entry, spec: s, held: new Set(['X_KEY']) })).toEqual([{ code: 'keychain_header', variables: ['X_KEY'] }]);
    expect(bridgeAdvice({ profile: 'kimi', layer: 'user', entry, spec: s, held: new Set(['OTHER']) })).toEqual([]);
  });

  it('a stdio server with plain env needs nothing', () => {
    const entry = { command: 'npx', args: ['server'] };
    expect(bridgeAdvice({ profile: 'minimax', layer: 'user', entry, spec: spec({ transport: 'stdio', url: undefined, command: 'npx' }), held: none })).toEqual([]);
  });
});
