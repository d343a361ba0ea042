import { describe, expect, it } from 'vitest';
import { buildStatus } from '../../../electron/services/config/status';
import type { EffectiveServer, EffectiveView } from '../../../shared/schemas/server';
import { effectiveServer } from '../../helpers/effective-server';

const s = (over: Partial<EffectiveServer> & { name: string }) => effectiveServer(over.name, { path: '/u', ...over });

describe('buildStatus', () => {
  const view: EffectiveView = {
    profile: 'kimi',
    workspace: '/w',
    layers: [{ layer: 'user', path: '/u', state: 'ok', error: null, writable: true }],
    servers: [s({ name: 'ok' }), s({ name: 'off', enabled: false }), s({ name: 'broken', error: 'bad' }), s({ name: 'untrusted', trusted: false })],
    problems: [],
  };
  it('maps config facts to states without connections', () => {
    const out = buildStatus(view);
    expect(out.servers.map((x) => [x.name, x.state])).toEqual([
      ['ok', 'pending'],
      ['off', 'disabled'],
      ['broken', 'failed'],
      ['untrusted', 'disabled'],
    ]);
    expect(out.servers[3]?.error).toMatch(/trust/);
    // UI-9: the code travels beside the English text, for front doors that translate it.
    expect(out.servers.map((s) => s.code)).toEqual(['not_connected', 'disabled_in_config', 'config_error', 'untrusted']);
    expect(out.servers[0]).toMatchObject({ layer: 'user', path: '/u', transport: 'stdio', enabled: true, error: null, shadows: [] });
  });
  it('takes live states when given', () => {
    const out = buildStatus(view, (x) => (x.name === 'ok' ? { state: 'connected', code: 'connected', reason: '', error: null } : undefined));
    expect(out.servers[0]?.state).toBe('connected');
    expect(out.servers[1]?.state).toBe('disabled');
  });
});
