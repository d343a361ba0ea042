import { describe, expect, it } from 'vitest';
import { buildSpec, serverId } from '../../../electron/services/config/spec';

describe('ConnectionSpec mapping', () => {
  it('identity differs by source kind, not by file layer', () => {
    expect(serverId('kimi', 'user', 'a')).toBe('configured:kimi:a');
    expect(serverId('kimi', 'project-local', 'a')).toBe('configured:kimi:a');
    expect(serverId('kimi', 'session', 'a')).toBe('session:kimi:a');
    expect(serverId('kimi', 'plugin', 'a')).toBe('plugin:kimi:a');
  });
  it('minimax: timeout → callTimeoutMs', () => {
    const s = buildSpec({ profile: 'minimax', layer: 'user', name: 'a', entry: { command: 'x', timeout: 5000 }, transport: 'stdio' });
    expect(s).toMatchObject({ callTimeoutMs: 5000, source: 'configured' });
    expect(s.cwd).toBeUndefined();
  });
  it('minara: defaults 30000 ms and 64 tools, include, authTokenEnv over authToken', () => {
    const s = buildSpec({ profile: 'minara', layer: 'user', name: 'a', entry: { url: 'https://a', authTokenEnv: 'T', authToken: 'lit', include: ['x'] }, transport: 'http' });
    expect(s).toMatchObject({ callTimeoutMs: 30000, limits: { maxTools: 64, include: ['x'] }, bearerTokenEnv: 'T' });
    expect(s.bearerToken).toBeUndefined();
    const t = buildSpec({ profile: 'minara', layer: 'user', name: 'a', entry: { url: 'https://a', authToken: 'lit', timeoutMs: 100, maxTools: 3 }, transport: 'http' });
    expect(t).toMatchObject({ callTimeoutMs: 100, limits: { maxTools: 3 }, bearerToken: 'lit' });
  });
  it('kimi: toolTimeoutMs → callTimeoutMs, startup default 30 s, global defaults, tool filters, bearerTokenEnvVar', () => {
    const base = { profile: 'kimi' as const, layer: 'user' as const, name: 'a', transport: 'http' as const };
    expect(buildSpec({ ...base, entry: { url: 'https://a' } })).toMatchObject({ startupTimeoutMs: 30000 });
    // Kimi sets no call timeout of its own: the MCP SDK's 60 s applies (2.1.0 dist:66767).
    expect(buildSpec({ ...base, entry: { url: 'https://a' } }).callTimeoutMs).toBe(60000);
    const s = buildSpec({
      ...base,
      entry: { url: 'https://a', toolTimeoutMs: 7, enabledTools: ['x'], disabledTools: ['y'], bearerTokenEnvVar: 'B' },
      agentDefaults: { startupTimeoutMs: 9, toolTimeoutMs: 8 },
    });
    expect(s).toMatchObject({ callTimeoutMs: 7, startupTimeoutMs: 9, limits: { enabledTools: ['x'], disabledTools: ['y'] }, bearerTokenEnv: 'B' });
    expect(buildSpec({ ...base, entry: { url: 'https://a', startupTimeoutMs: 1 }, agentDefaults: { startupTimeoutMs: 9, toolTimeoutMs: 8 } })).toMatchObject({ startupTimeoutMs: 1, callTimeoutMs: 8 });
  });
  it('plugin layer: plugin source and tool caps (CONN-8)', () => {
    const s = buildSpec({ profile: 'minimax', layer: 'plugin', name: 'a', entry: { command: 'x' }, transport: 'stdio', pluginOrigin: 'official' });
    expect(s).toMatchObject({ source: 'plugin-official', limits: { pluginCaps: true } });
  });
});
