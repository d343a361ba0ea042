import { describe, expect, it } from 'vitest';
import { mergeLayers } from '../../../electron/services/config/merge';
import type { LayerServer, LoadedLayer } from '../../../shared/profiles/loading';
import type { LayerKind } from '../../../shared/schemas/server';

function server(name: string, layer: LayerKind, over: Partial<LayerServer> = {}): LayerServer {
  return { name, layer, path: `/${layer}.json`, pointer: `/mcpServers/${name}`, entry: {}, transport: 'stdio', enabled: true, error: null, valid: true, deferred: false, subagent: false, trusted: true, spec: null, ...over };
}
function layer(kind: LayerKind, servers: LayerServer[]): LoadedLayer {
  return { info: { layer: kind, path: `/${kind}.json`, state: 'ok', error: null, writable: true }, servers, problems: [] };
}

describe('CFG-1/CFG-6 merge', () => {
  it('later layers win and list what they shadow, nearest first', () => {
    const out = mergeLayers(
      [layer('user', [server('a', 'user'), server('b', 'user')]), layer('project', [server('a', 'project')]), layer('session', [server('a', 'session')])],
      { invalidYields: false },
    );
    expect(out.map((s) => [s.name, s.layer])).toEqual([
      ['a', 'session'],
      ['b', 'user'],
    ]);
    expect(out[0]?.shadows).toEqual([
      { layer: 'project', path: '/project.json' },
      { layer: 'user', path: '/user.json' },
    ]);
  });
  it('minara: an invalid higher entry yields to a valid lower one', () => {
    const layers = [layer('user', [server('a', 'user')]), layer('project', [server('a', 'project', { valid: false, error: 'bad' })])];
    expect(mergeLayers(layers, { invalidYields: true })[0]?.layer).toBe('user');
    expect(mergeLayers(layers, { invalidYields: false })[0]?.layer).toBe('project');
  });
  it('CFG-10: untrusted servers do not shadow and are listed after the effective ones', () => {
    const out = mergeLayers([layer('user', [server('a', 'user')]), layer('project', [server('a', 'project', { trusted: false })])], { invalidYields: false });
    expect(out.map((s) => [s.layer, s.trusted, s.shadows.length])).toEqual([
      ['user', true, 0],
      ['project', false, 0],
    ]);
  });
});
