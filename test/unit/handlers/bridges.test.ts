// BRIDGE-4 over the contract: refusals cross as codes the page words (data.reason/params), a
// writer refusal as the writer's own code, and a host without the service says `unavailable`.
import { describe, expect, it } from 'vitest';
import { contract } from '../../../shared/contract';
import { createDispatcher, type Handlers } from '../../../shared/rpc';
import type { ApiCore } from '../../../electron/services/api/core';
import { bridgesHandlers, type BridgesPort } from '../../../electron/services/handlers/bridges';

const server = { name: 'docs', layer: 'user', path: '/h/.minimax/mcp.json', entry: { url: 'https://d.example/mcp' }, spec: null };
const changed: string[] = [];
const core = {
  current: async () => undefined,
  findServer: () => server,
  selection: () => ({ profile: 'minimax', workspace: '/w' }),
  changed: async (why: string) => void changed.push(why),
} as unknown as ApiCore;

function dispatchWith(port: Partial<BridgesPort> | undefined) {
  const handlers = bridgesHandlers(core, port as BridgesPort | undefined);
  const all = new Proxy(handlers, { get: (t, k) => (t as Record<string | symbol, unknown>)[k] ?? (() => ({})), has: () => true }) as unknown as Handlers<typeof contract>;
  return createDispatcher(contract, all, { undeclared: 'throw' });
}

describe('bridges handlers', () => {
  it('install: the line, and servers.changed once the file changed', async () => {
    const line = { command: '/b/mcp-panel', args: ['bridge', 'docs', '--profile', 'minimax'] };
    const d = dispatchWith({ install: async () => ({ ok: true, value: { path: server.path, layer: 'user', changed: true, replaced: true, line } }) });
    expect(await d('bridges.install', { id: 'configured:minimax:docs' }, { host: 'web' })).toEqual({ ok: true, value: { path: server.path, layer: 'user', changed: true, replaced: true, line } });
    expect(changed).toEqual(['docs now goes through the bridge']);
  });

  it('refusals are codes with params; a writer refusal keeps the writer code', async () => {
    const d = dispatchWith({
      install: async () => ({ ok: false, error: { code: 'untrusted_workspace', message: 'not trusted', params: { workspace: '/w' } } }),
      uninstall: async () => ({ ok: false, error: { code: 'write', message: 'read only', params: {}, write: { code: 'read_only', message: 'read only' } } }),
    });
    expect(await d('bridges.install', { id: 'x' }, { host: 'web' })).toEqual({ ok: false, error: { code: 'refused', message: 'not trusted', data: { reason: 'untrusted_workspace', params: { workspace: '/w' } } } });
    expect(await d('bridges.uninstall', { id: 'x' }, { host: 'web' })).toMatchObject({ ok: false, error: { code: 'refused', data: { reason: 'read_only' } } });
  });

  it('without the service: unavailable', async () => {
    expect(await dispatchWith(undefined)('bridges.list', {}, { host: 'web' })).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });
});
