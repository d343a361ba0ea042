// CFG-3 + CFG-8: a `${VAR}` the host keeps in the keychain counts as set where the connection
// engine fills it in (env, headers), never elsewhere, and its value never enters the view.
import { describe, expect, it } from 'vitest';
import { expandEntry } from '../../../electron/services/config/expand';
import { loadLayer, readText } from '../../../electron/services/config/layer-loader';
import type { HostVariables, LoadContext } from '../../../electron/services/config/types';
import { MemorySecretStore } from '../../../electron/services/auth';
import { KeychainConfigSecrets, configSecretIdentity } from '../../../electron/services/api/engine-adapters';

const ctx: LoadContext = { profile: 'minimax', env: { SET: 'from-env' }, home: '/h', cwd: '/', workspace: '/w', panelDataDir: '/h/.mcp-panel', isTrusted: async () => true };

describe('expandEntry', () => {
  it('without host variables it is plain CFG-3 expansion', () => {
    const r = expandEntry({ url: 'https://x/${SET}', env: { A: '${GONE}' } }, ctx.env);
    expect(r).toEqual({ value: { url: 'https://x/from-env', env: { A: '${GONE}' } }, missing: ['GONE'], misplaced: [] });
  });

  it('a host-held variable is set in env and headers only', () => {
    const held = new Set(['TOKEN', 'KEY']);
    const inside = expandEntry({ command: 'srv', env: { T: '${TOKEN}' }, headers: { Authorization: 'Bearer ${KEY}' } }, {}, held);
    expect(inside).toMatchObject({ missing: [], misplaced: [] });
    // The template stays: the value is not known while loading.
    expect(inside.value.env).toEqual({ T: '${TOKEN}' });
    const outside = expandEntry({ command: 'srv', args: ['--token', '${TOKEN}'], env: { T: '${TOKEN}', U: '${OTHER}' } }, {}, held);
    expect(outside).toMatchObject({ missing: ['TOKEN', 'OTHER'], misplaced: ['TOKEN'] });
  });

  it('a process variable still wins, and a `__proto__` key stays a key', () => {
    const entry = JSON.parse('{"__proto__": {"x": "${TOKEN}"}, "env": {"A": "${SET}"}}') as Record<string, unknown>;
    const r = expandEntry(entry, ctx.env, new Set(['TOKEN']));
    expect(r).toMatchObject({ missing: ['TOKEN'], misplaced: ['TOKEN'] });
    expect(Object.getPrototypeOf(r.value)).toBe(Object.prototype);
    expect((r.value.env as Record<string, string>).A).toBe('from-env');
  });
});

describe('loadLayer with host variables (minimax project file)', () => {
  const text = JSON.stringify({
    mcpServers: {
      kept: { command: 'srv', env: { API_KEY: '${KEPT_API_KEY}' } },
      remote: { url: 'https://r.example/mcp', headers: { Authorization: 'Bearer ${REMOTE_TOKEN}' } },
      inArgs: { command: 'srv', args: ['${KEPT_API_KEY}'] },
      other: { command: 'srv', env: { API_KEY: '${KEPT_API_KEY}' } },
    },
  });
  const held: HostVariables = new Map([
    ['kept', new Set(['KEPT_API_KEY'])],
    ['remote', new Set(['REMOTE_TOKEN'])],
    ['inArgs', new Set(['KEPT_API_KEY'])],
  ]);
  const load = (hostVariables?: HostVariables) =>
    loadLayer(readText(text, '/w/.mcp.json'), { path: '/w/.mcp.json', layer: 'project', dialect: 'minimax', expand: true, hostVariables, projectRoot: '/w' }, ctx);

  it('before: every unset variable disables its server', () => {
    const layer = load();
    expect(layer.servers.map((s) => [s.name, s.spec === null])).toEqual([
      ['kept', true],
      ['remote', true],
      ['inArgs', true],
      ['other', true],
    ]);
    expect(layer.servers[0]?.error).toBe('environment variable KEPT_API_KEY not set; this server is disabled');
  });

  it('after: held variables enable env/header users of that server only; templates stay for connect time', () => {
    const layer = load(held);
    const by = (n: string) => layer.servers.find((s) => s.name === n);
    expect(by('kept')).toMatchObject({ error: null, valid: true });
    expect(by('kept')?.spec?.env).toEqual({ API_KEY: '${KEPT_API_KEY}' });
    expect(by('remote')?.spec?.headers).toEqual({ Authorization: 'Bearer ${REMOTE_TOKEN}' });
    // Held for another server: still missing (one account per server, CFG-8).
    expect(by('other')?.error).toBe('environment variable KEPT_API_KEY not set; this server is disabled');
    expect(by('inArgs')?.spec).toBeNull();
    expect(by('inArgs')?.error).toMatch(/KEPT_API_KEY not set.*in the keychain, which fills in only env and headers/);
    expect(layer.problems.map((p) => p.pointer)).toEqual(['/mcpServers/inArgs', '/mcpServers/other']);
  });
});

describe('KeychainConfigSecrets.variableNames', () => {
  it('names per server from account names, never reading a secret; OAuth accounts and other profiles ignored', async () => {
    const store = new MemorySecretStore();
    const secrets = new KeychainConfigSecrets(store);
    await secrets.storeEnvSecret('minimax', 'kept', 'KEPT_API_KEY', 's1');
    await secrets.storeEnvSecret('minimax', 'kept', 'SECOND', 's2');
    await secrets.storeEnvSecret('minimax', 'odd name:#%', 'X', 's3');
    await secrets.storeEnvSecret('kimi', 'kept', 'KIMI_ONLY', 's4');
    // An OAuth token of a configured server with a URL: same id, different identity.
    await store.set('minimax/configured%3Aminimax%3Akept#0badc0de:tokens', 't');
    await store.set('minimax/configured%3Aminimax%3Akept#0badc0de:env:NOT_OURS', 't');
    let reads = 0;
    const get = store.get.bind(store);
    store.get = async (a) => (reads++, get(a));
    const names = await secrets.variableNames('minimax');
    expect(reads).toBe(0);
    expect([...names].map(([k, v]) => [k, [...v].sort()])).toEqual([
      ['kept', ['KEPT_API_KEY', 'SECOND']],
      ['odd name:#%', ['X']],
    ]);
    expect(configSecretIdentity('minimax', 'kept')).toMatch(/^minimax\/configured%3Aminimax%3Akept#[0-9a-f]{8}$/);
  });
});
