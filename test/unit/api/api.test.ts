// The api over stand-in engines: rows derive state from config + pool, secrets are masked,
// the pool only gets runnable servers, and refusals come back as data.
import { describe, expect, it } from 'vitest';
import { contract, SECRET_MASK } from '../../../shared/contract';
import { createDispatcher } from '../../../shared/rpc';
import type { EffectiveView, ServerState } from '../../../shared/schemas/server';
import { effectiveServer } from '../../helpers/effective-server';
import { createApi } from '../../../electron/services/api';
import { fakePool } from '../../helpers/fake-pool';
import { fail } from '../../../shared/errors';
import { apiDeps } from './api-deps';

const ctx = { host: 'cli' } as const;

const server = (name: string, over: Record<string, unknown> = {}) => effectiveServer(name, over, { TOKEN: 'sk-secret' });

function setup(views: EffectiveView[]) {
  const { pool, set: push } = fakePool();
  const set = (id: string, state: ServerState) => push(id, { state });
  let i = 0;
  const api = createApi(
    apiDeps(() => views[Math.min(i++, views.length - 1)]!, {
      createPool: () => pool,
      detect: () => [
        { profile: 'minimax', detected: false, evidence: [] },
        { profile: 'kimi', detected: false, evidence: [] },
        { profile: 'minara', detected: true, evidence: ['/h/.minara'] },
      ],
      recent: { list: () => ['/w'], add: () => {} },
      // The writer's refusal as the port answers it: a failure, no throw (compose.ts).
      writer: { setEnabled: async () => fail('refused', 'minimax project files are read-only') },
    }),
  );
  return { api, pool, set, dispatch: createDispatcher(contract, api.handlers, { undeclared: 'throw' }) };
}

const view = (servers: ReturnType<typeof server>[]): EffectiveView => ({ profile: 'minimax', workspace: null, layers: [], servers, problems: [] });

describe('api', () => {
  it('rows: config decides disabled/failed, the pool decides the rest; secrets never leave', async () => {
    const { api, pool, set, dispatch } = setup([view([server('ok'), server('off', { enabled: false }), server('bad', { error: 'missing ${X}', spec: null })])]);
    await api.start();
    expect(pool.given).toHaveLength(1);
    expect(pool.given[0]!.map((s) => s.name)).toEqual(['ok']);
    set('configured:minimax:ok', { kind: 'connected', code: 'connected', reason: 'ok', since: 5, toolCount: 7, connectMs: 42 });
    const r = await dispatch('servers.list', {}, ctx);
    if (!r.ok) throw new Error(r.error.message);
    const rows = (r.value as { servers: { name: string; state: { kind: string }; toolCount: number | null; runnable: boolean; entry: unknown }[] }).servers;
    expect(rows.map((x) => [x.name, x.state.kind, x.toolCount, x.runnable])).toEqual([
      ['ok', 'connected', 7, true],
      ['off', 'disabled', null, false],
      ['bad', 'failed', null, false],
    ]);
    expect(JSON.stringify(r.value)).not.toContain('sk-secret');
    expect(rows[0]!.entry).toEqual({ command: 'srv', env: { TOKEN: SECRET_MASK } });
    // Same specs again: the pool is not told twice (CFG-9: nothing reconnects).
    expect(pool.given).toHaveLength(1);
    await api.dispose();
    expect(pool.disposed).toBe(1);
  });

  // The panel socket settles each CLI call on pending() (CONN-3): it must say what the rows say.
  it('pending() is true exactly when a row of current() shows pending', async () => {
    const { api, set } = setup([view([server('a'), server('b'), server('off', { enabled: false }), server('bad', { error: 'missing ${X}', spec: null })])]);
    const rowsPending = () => api.current()?.servers.some((s) => s.state.kind === 'pending') ?? true;
    expect(api.pending()).toBe(true); // before the first load
    await api.start();
    const steps: Array<[string, ServerState]> = [
      ['configured:minimax:a', { kind: 'connected', code: 'connected', reason: 'ok', since: 5, toolCount: 1, connectMs: 3 }],
      ['configured:minimax:b', { kind: 'pending', code: 'reconnecting', reason: '', since: 6 }],
      ['configured:minimax:b', { kind: 'failed', code: 'exited', reason: 'x', since: 7, retryAt: null }],
      ['configured:minimax:a', { kind: 'pending', code: 'reconnecting', reason: '', since: 8 }],
      ['configured:minimax:a', { kind: 'needs-auth', code: 'auth_required', reason: '', since: 9 }],
    ];
    expect(api.pending()).toBe(rowsPending());
    for (const [id, state] of steps) {
      set(id, state);
      expect(api.pending(), `${id} ${state.kind}`).toBe(rowsPending());
    }
    expect(api.pending()).toBe(false);
    await api.dispose();
  });

  it('pool state changes become servers.stateChanged events', async () => {
    const { api, set } = setup([view([server('ok')])]);
    await api.start();
    const seen: unknown[] = [];
    api.events.subscribe((event, payload) => seen.push({ event, payload }));
    set('configured:minimax:ok', { kind: 'failed', code: 'connect_failed', reason: 'closed', since: 9, retryAt: 19 });
    expect(seen).toEqual([
      {
        event: 'servers.stateChanged',
        payload: {
          id: 'configured:minimax:ok',
          state: { kind: 'failed', code: 'connect_failed', reason: 'closed', since: 9, retryAt: 19 },
          toolCount: null,
          toolsChanged: null,
          // The agent's verdict rides on the event: the row's badge follows the state it comes from.
          agent: { profile: 'minimax', agent: 'MiniMax Code', status: 'unusable', issues: [{ code: 'fails', params: { agent: 'MiniMax Code' }, why: 'connect_failed', fixes: [] }] },
        },
      },
    ]);
  });

  it('refusals are data: disabled server reconnect, unknown id, a writer refusal, non-http external URL', async () => {
    const { api, pool, dispatch } = setup([view([server('ok'), server('off', { enabled: false })])]);
    await api.start();
    const code = async (m: string, input: unknown) => {
      const r = await dispatch(m, input, ctx);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(await code('servers.reconnect', { id: 'configured:minimax:ok' })).toBe('ok');
    expect(pool.reconnected).toEqual(['configured:minimax:ok']);
    expect(await code('servers.reconnect', { id: 'configured:minimax:off' })).toBe('refused');
    expect(await code('servers.reconnect', { id: 'nope' })).toBe('not-found');
    expect(await code('servers.setEnabled', { id: 'configured:minimax:ok', enabled: false })).toBe('refused');
    expect(await code('app.openExternal', { url: 'file:///etc/passwd' })).toBe('refused');
    expect(await code('app.openExternal', { url: 'https://example.com' })).toBe('unsupported');
  });

  it('profiles.detect lists detected agents first', async () => {
    const { dispatch } = setup([view([])]);
    const r = await dispatch('profiles.detect', {}, ctx);
    expect(r.ok && (r.value as { profiles: { profile: string }[] }).profiles.map((p) => p.profile)).toEqual(['minara', 'minimax', 'kimi']);
  });
});
