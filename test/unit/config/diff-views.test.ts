// CFG-9: the diff that decides which servers reconnect.
import { describe, expect, it } from 'vitest';
import { diffViews, isEmptyDiff } from '../../../electron/services/config/watch';
import type { EffectiveServer, EffectiveView } from '../../../shared/schemas/server';

function server(name: string, entry: Record<string, unknown>, extra: Partial<EffectiveServer> = {}): EffectiveServer {
  return { name, layer: 'user', path: '/f', pointer: `/mcpServers/${name}`, transport: 'stdio', enabled: true, error: null, shadows: [], deferred: false, subagent: false, trusted: true, entry, spec: null, ...extra };
}

function view(...servers: EffectiveServer[]): EffectiveView {
  return { profile: 'kimi', workspace: null, layers: [], servers, problems: [] };
}

describe('diffViews', () => {
  it('compares entries deeply and by where they run', () => {
    const before = view(server('a', { command: 'a', args: ['1'] }), server('b', { command: 'b' }), server('c', { command: 'c' }));
    const after = view(server('a', { command: 'a', args: ['1'] }), server('b', { command: 'b' }, { layer: 'project' }), server('d', { command: 'd' }));
    expect(diffViews(before, after)).toEqual({ added: ['d'], changed: ['b'], removed: ['c'] });
    expect(isEmptyDiff(diffViews(before, before))).toBe(true);
    expect(diffViews(before, view(server('a', { command: 'a', args: ['2'] }), server('b', { command: 'b' }), server('c', { command: 'c' })))).toEqual({ added: [], changed: ['a'], removed: [] });
  });
});
