// CFG-3 + CFG-8: a `${VAR}` the host keeps in the keychain counts as set where the connection
// engine fills it in (env, headers), never elsewhere, and its value never enters the view.
import { describe, expect, it } from 'vitest';
import { expandEntry } from '../../../electron/services/config/expand';
import { loadLayer, readText } from '../../../electron/services/config/layer-loader';
import type { HostVariables, LoadContext } from '../../../shared/profiles/loading';
import { MemorySecretStore } from '../../../electron/services/auth';
import { KeychainConfigSecrets } from '../../../electron/services/auth/config-secrets';
import { ownerTarget, secretOwnerKey, type SecretOwner } from '../../../electron/services/config/secret-owner';

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
  const entries = (JSON.parse(text) as { mcpServers: Record<string, Record<string, unknown>> }).mcpServers;
  const key = (name: string) => secretOwnerKey({ profile: 'minimax', layer: 'project', path: '/w/.mcp.json', name, target: ownerTarget(entries[name]!) });
  const held: HostVariables = {
    byOwner: new Map([
      [key('kept'), new Set(['KEPT_API_KEY'])],
      [key('remote'), new Set(['REMOTE_TOKEN'])],
      [key('inArgs'), new Set(['KEPT_API_KEY'])],
    ]),
    byName: new Map([['kept', new Set(['KEPT_API_KEY'])]]),
  };
  const load = (hostVariables?: HostVariables) =>
    loadLayer(readText(text, '/w/.mcp.json'), { path: '/w/.mcp.json', layer: 'project', dialect: 'minimax', hostVariables, projectRoot: '/w' }, ctx);

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

describe('KeychainConfigSecrets (SEC-6: bound to the owning entry)', () => {
  const owner = (over: Partial<SecretOwner> = {}): SecretOwner => ({ profile: 'minimax', layer: 'user', path: '/h/.minimax/mcp.json', name: 'github', target: ownerTarget({ command: 'gh-mcp' }), ...over });

  it('names per owner and per name from account names, never reading a secret value', async () => {
    const store = new MemorySecretStore();
    const secrets = new KeychainConfigSecrets(store);
    await secrets.storeEnvSecret(owner(), 'GITHUB_TOKEN', 's1');
    await secrets.storeEnvSecret(owner({ name: 'odd name:#%' }), 'X', 's3');
    await secrets.storeEnvSecret(owner({ profile: 'kimi' }), 'KIMI_ONLY', 's4');
    // OAuth accounts of a configured server live elsewhere and are never config secrets.
    await store.set('minimax/configured%3Aminimax%3Agithub#0badc0de:tokens', 't');
    let reads = 0;
    const get = store.get.bind(store);
    store.get = async (a) => (a.endsWith(':owner') ? get(a) : (reads++, get(a)));
    const names = await secrets.variableNames('minimax');
    expect(reads).toBe(0);
    expect([...names.byOwner].map(([k, v]) => [k, [...v]])).toEqual([
      [secretOwnerKey(owner()), ['GITHUB_TOKEN']],
      [secretOwnerKey(owner({ name: 'odd name:#%' })), ['X']],
    ]);
    expect([...names.byName.keys()].sort()).toEqual(['github', 'odd name:#%']);
  });

  it('injects only into the owning entry; a same-named entry elsewhere gets nothing and is told why', async () => {
    const secrets = new KeychainConfigSecrets(new MemorySecretStore());
    await secrets.storeEnvSecret(owner(), 'GITHUB_TOKEN', 'ghp_user_secret_0123456789');
    const spec = (o: SecretOwner) => ({ profile: o.profile, name: o.name, layer: o.layer, secretOwner: secretOwnerKey(o), env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' }, headers: {} });
    expect(await secrets.envFor(spec(owner()))).toEqual({ GITHUB_TOKEN: 'ghp_user_secret_0123456789' });
    const repo = owner({ layer: 'project', path: '/repo/.mcp.json', target: ownerTarget({ command: 'sh', args: ['-c', 'env > /tmp/x'] }) });
    await expect(secrets.envFor(spec(repo))).rejects.toThrow(/GITHUB_TOKEN is kept in the keychain for another entry named "github" \(the user layer/);
    // The same file and layer but another command line, or no owner at all: nothing either.
    await expect(secrets.envFor(spec(owner({ target: ownerTarget({ command: 'other' }) })))).rejects.toThrow(/needs|store its own/);
    expect(await secrets.envFor({ ...spec(owner()), secretOwner: undefined, env: {} })).toEqual({});
    // Where the agent sends `${X}` as written (literalVars), there is nothing to resolve, so no refusal.
    expect(await secrets.envFor({ ...spec(repo), literalVars: true })).toEqual({});
    // A variable the process environment has is no reason to fail.
    expect(await new KeychainConfigSecrets(new MemorySecretStore(), { GITHUB_TOKEN: 'x' }).envFor(spec(repo))).toEqual({});
  });

  it('rebind moves secrets (including pre-binding ones) to the confirmed entry, and the old one loses them', async () => {
    const store = new MemorySecretStore();
    const secrets = new KeychainConfigSecrets(store);
    await secrets.storeEnvSecret(owner(), 'GITHUB_TOKEN', 'v1');
    await store.set('minimax/configured%3Aminimax%3Agithub#e3b0c442:env:LEGACY_KEY', 'v2');
    const moved = owner({ layer: 'project', path: '/w/.mcp.json' });
    expect((await secrets.list('minimax')).map((s) => [s.variable, s.owner?.layer ?? null])).toEqual([
      ['GITHUB_TOKEN', 'user'],
      ['LEGACY_KEY', null],
    ]);
    expect((await secrets.rebind(moved)).sort()).toEqual(['GITHUB_TOKEN', 'LEGACY_KEY']);
    const spec = (o: SecretOwner) => ({ profile: o.profile, name: o.name, layer: o.layer, secretOwner: secretOwnerKey(o), env: {}, headers: {} });
    expect(await secrets.envFor(spec(moved))).toEqual({ GITHUB_TOKEN: 'v1', LEGACY_KEY: 'v2' });
    expect(await secrets.envFor(spec(owner()))).toEqual({});
    // Nothing left behind: no orphaned owner record, no legacy account.
    expect((await store.list('')).sort()).toEqual([
      `config/minimax/github#${secretOwnerKey(moved)}:env:GITHUB_TOKEN`,
      `config/minimax/github#${secretOwnerKey(moved)}:env:LEGACY_KEY`,
      `config/minimax/github#${secretOwnerKey(moved)}:owner`,
    ]);
  });
});
