// `status` text: the agent's line under a failed server says it fails for that agent too, without
// repeating the reason the server's own line already gives (a PATH can be hundreds of characters).
import { describe, expect, it } from 'vitest';
import { agentLines } from '../../../electron/host/cli/agent-lines';

const where = { server: 'broken', layer: 'user', profile: 'minimax' as const, workspace: '/w' };

describe('agentLines', () => {
  it('a failed server: "it fails for X too", the reason left to the server line', () => {
    const lines = agentLines({ profile: 'minimax', agent: 'MiniMax Code', status: 'unusable', issues: [{ code: 'fails', params: { agent: 'MiniMax Code', command: 'no-such', path: '/usr/bin:/bin' }, why: 'command_not_found', fixes: [] }] }, where);
    expect(lines).toEqual(['      MiniMax Code: unusable — it fails for MiniMax Code too']);
  });

  it('other issues keep their reason and fix', () => {
    const lines = agentLines({ profile: 'minimax', agent: 'MiniMax Code', status: 'unusable', issues: [{ code: 'no_oauth', params: { agent: 'MiniMax Code' }, fixes: [{ kind: 'bridge', params: {} }] }] }, where);
    expect(lines[0]).toBe('      MiniMax Code: unusable — MiniMax Code cannot log in by OAuth, and this server asks for a login');
    expect(lines[1]).toMatch(/^ {8}fix: /);
  });
});
