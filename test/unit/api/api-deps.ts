// Stand-in engines for createApi tests: every dependency is required, so a
// test names only the ones it is about and takes inert ones for the rest.
import type { ApiDeps } from '../../../electron/services/api';
import type { EffectiveView } from '../../../shared/schemas/server';
import { fakePool } from '../../helpers/fake-pool';
import { ok } from '../../../shared/result';

const refuse = (what: string) => async (): Promise<never> => {
  throw new Error(`${what} is not part of this test`);
};

export function apiDeps(view: EffectiveView | (() => EffectiveView), over: Partial<ApiDeps> = {}): ApiDeps {
  const load = typeof view === 'function' ? view : () => view;
  const sessions = new Map<string, Record<string, unknown>>();
  return {
    host: 'web',
    version: '1.0.0',
    platform: 'linux',
    config: { load: async () => load() },
    createPool: () => fakePool().pool,
    trust: { setTrusted: async (workspace, trusted) => ({ workspace, trustedAt: trusted ? '2026-01-01T00:00:00.000Z' : null, changed: true, file: '/nowhere/trust.json' }) },
    writer: { setEnabled: async () => ok([]) },
    watch: { watch: () => () => {} },
    detect: () => [],
    recent: { list: () => [], add: () => {} },
    initial: { profile: 'minimax', workspace: null },
    editor: { layers: async () => [], save: refuse('editor.save'), remove: refuse('editor.remove'), rename: refuse('editor.rename'), importPreview: refuse('editor.importPreview'), importFrom: refuse('editor.import') },
    session: { getSessionServers: (p) => ({ ...sessions.get(p) }), setSessionServers: (p, s) => void sessions.set(p, s) },
    secrets: { storeEnvSecret: refuse('storeEnvSecret'), status: async () => ({ available: false, backend: 'memory', code: null, detail: null, reason: 'test', fix: null }) },
    auth: { status: refuse('auth.status'), login: refuse('auth.login'), logout: refuse('auth.logout') },
    registry: async () => undefined,
    settings: { get: async () => ({ theme: 'system', language: 'system' }), set: async (p) => ({ theme: 'system', language: 'system', ...p }) },
    pickFolder: null,
    env: {},
    clock: () => 1000,
    ...over,
  };
}
