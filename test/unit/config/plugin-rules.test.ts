import { describe, expect, it } from 'vitest';
import { validatePluginEntry } from '../../../electron/services/config/plugin-rules';

const onPath = (c: string): boolean => c === 'node' || c === 'uvx';
const check = (e: unknown, format: 'minimax' | 'minara' = 'minimax') => validatePluginEntry(e, { env: {}, onPath }, format);

describe('CFG-11 plugin entries', () => {
  it('accepts an explicit, well-formed entry', () => {
    expect(check({ type: 'stdio', command: 'node', args: ['server.js'] })).toEqual([]);
    expect(check({ type: 'streamable-http', url: 'https://mcp.example.com/mcp' })).toEqual([]);
    expect(check({ type: 'sse', url: 'http://127.0.0.1:3000/sse' })).toEqual([]);
  });
  it('type must be explicit and not the generic http', () => {
    expect(check({ command: 'node' })[0]?.message).toMatch(/explicitly/);
    expect(check({ type: 'http', url: 'https://x' })[0]).toMatchObject({ path: ['type'] });
  });
  it('stdio command: bare name on PATH, no absolute args', () => {
    expect(check({ type: 'stdio', command: '/usr/bin/node' })[0]?.message).toMatch(/bare executable/);
    expect(check({ type: 'stdio', command: 'nonexistent-tool' })[0]?.message).toMatch(/not found on PATH/);
    expect(check({ type: 'stdio', command: 'node', args: ['ok', '/etc/passwd', 'C:\\x'] }).map((i) => i.path)).toEqual([
      ['args', 1],
      ['args', 2],
    ]);
  });
  it('remote URLs must be HTTPS except loopback', () => {
    expect(check({ type: 'streamable-http', url: 'http://example.com/mcp' })[0]?.path).toEqual(['url']);
    expect(check({ type: 'streamable-http', url: 'http://localhost:8080/mcp' })).toEqual([]);
    expect(check({ type: 'streamable-http', url: 'http://[::1]:8080/mcp' })).toEqual([]);
    expect(check({ url: 'http://evil.example/mcp' }, 'minara')[0]?.path).toEqual(['url']);
  });
  it('oauth and clientSecret are unsupported', () => {
    const issues = check({ type: 'streamable-http', url: 'https://x', oauth: {}, clientSecret: 's' });
    expect(issues.map((i) => i.path[0])).toEqual(['oauth', 'clientSecret']);
  });
  it('a real PATH lookup finds node', () => {
    expect(validatePluginEntry({ type: 'stdio', command: 'node' }, { env: process.env })).toEqual([]);
  });
});
