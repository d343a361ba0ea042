// Item 8 (SEC-2) at the contract boundary: whatever a handler or an engine puts in a row, a
// state reason, an event or a thrown error, the page gets it through the one redaction. The
// engines here are stand-ins that leak on purpose (the real ones: secret-web.test.ts).
import { describe, expect, it } from 'vitest';
import { contract, SECRET_MASK } from '../../../shared/contract';
import { createDispatcher } from '../../../shared/rpc';
import type { EffectiveView } from '../../../shared/schemas/server';
import { createApi, type PoolInfo } from '../../../electron/services/api';
import { apiDeps } from './api-deps';
import { fakePool } from '../../helpers/fake-pool';
import { redactValue } from '../../../electron/services/api/redact';
import { effectiveServer } from '../../helpers/effective-server';

const GHP = 'ghp_' + 'Bd3Fh5Jk7Ln9Pr1St3Vx5Zb7Cd9Fg1Hj3Kl5';
const SECRETS = ['pw-b-1', 'q-b-2', 'k-known-b-3', 'pw-b-4', GHP];
const ctx = { host: 'web' } as const;

const view: EffectiveView = {
  profile: 'minimax',
  workspace: null,
  layers: [],
  problems: [],
  servers: [
    effectiveServer('remote', {
      transport: 'http',
      entry: { url: 'https://me:pw-b-1@h.example/mcp?api_key=q-b-2' },
      spec: { id: 'configured:minimax:remote', name: 'remote', profile: 'minimax', layer: 'user', source: 'configured', transport: 'http', url: 'https://me:pw-b-1@h.example/mcp?api_key=q-b-2' },
    }),
    effectiveServer('local', { entry: { command: 'srv', args: ['-y', GHP], env: { API_KEY: 'k-known-b-3' } } }, undefined),
    effectiveServer('broken', { error: 'cannot use https://u:pw-b-4@h.example/x', spec: null }),
  ],
};

function setup() {
  const { pool, set } = fakePool();
  const api = createApi(apiDeps(view, { createPool: () => pool, clock: () => 1 }));
  const leak = (id: string, reason: string) => {
    const info: PoolInfo = { state: { kind: 'failed', code: 'connect_failed', reason, since: 1, retryAt: null }, lastError: reason };
    set(id, info);
  };
  return { api, leak, dispatch: createDispatcher(contract, api.handlers, { undeclared: 'throw' }) };
}

describe('redaction at the contract boundary', () => {
  it('rows, state events, reasons and thrown errors carry no secret', async () => {
    const { api, leak, dispatch } = setup();
    const events: string[] = [];
    api.events.subscribe((event, payload) => events.push(JSON.stringify({ event, payload })));
    await api.start();
    // An engine quoting the URL it failed on, and a server echoing a configured value.
    leak('configured:minimax:remote', 'GET https://me:pw-b-1@h.example/mcp?api_key=q-b-2 failed: 401');
    leak('configured:minimax:local', `server said: key k-known-b-3 rejected for ${GHP}`);
    const list = await dispatch('servers.list', {}, ctx);
    const refused = await dispatch('servers.reconnect', { id: 'user:broken' }, ctx);
    const texts = [JSON.stringify(list), JSON.stringify(refused), ...events];
    for (const t of texts) for (const s of SECRETS) expect(t).not.toContain(s);
    expect(events.some((e) => e.includes(`https://me:${SECRET_MASK}@h.example/mcp?api_key=${SECRET_MASK} failed`))).toBe(true);
    expect(refused).toMatchObject({ ok: false, error: { code: 'refused', message: expect.stringContaining(`u:${SECRET_MASK}@`) } });
    if (!list.ok) throw new Error(list.error.message);
    const local = (list.value as { servers: Array<{ name: string; target: string | null }> }).servers.find((s) => s.name === 'local');
    expect(local?.target).toBe(`srv -y ${SECRET_MASK}`);
    await api.dispose();
  });

  it('keeps a login link whole (it is built for the page to open) but masks a failed login reason', () => {
    const link = 'https://as.example/authorize?response_type=code&client_id=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjbGllbnQifQ.sig&code_challenge=x';
    expect(redactValue({ id: 'a', progress: { type: 'waiting-for-browser', url: link, opened: false } }, [])).toEqual({ id: 'a', progress: { type: 'waiting-for-browser', url: link, opened: false } });
    expect(JSON.stringify(redactValue({ progress: { type: 'failed', reason: `token endpoint said ${GHP}`, code: 'x' } }, []))).not.toContain(GHP);
  });
});
