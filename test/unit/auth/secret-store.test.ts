import { describe, expect, it } from 'vitest';
import { ConnectionSpecSchema } from '../../../shared/schemas/server';
import {
  KeytarSecretStore,
  MemorySecretStore,
  deleteAllSecrets,
  explainKeychainError,
  hasStaticCredentials,
  resolveStaticBearer,
  serverIdentity,
  type KeytarLike,
} from '../../../electron/services/auth';

function fakeKeytar(failWith?: string): KeytarLike & { calls: number } {
  const m = new Map<string, string>();
  const k = {
    calls: 0,
    async getPassword(_s: string, a: string) {
      k.calls++;
      if (failWith) throw new Error(failWith);
      return m.get(a) ?? null;
    },
    async setPassword(_s: string, a: string, p: string) {
      k.calls++;
      if (failWith) throw new Error(failWith);
      m.set(a, p);
    },
    async deletePassword(_s: string, a: string) {
      k.calls++;
      if (failWith) throw new Error(failWith);
      return m.delete(a);
    },
    async findCredentials() {
      k.calls++;
      if (failWith) throw new Error(failWith);
      return [...m].map(([account, password]) => ({ account, password }));
    },
  };
  return k;
}

describe('secret stores', () => {
  it('keytar adapter keeps accounts under the prefix and hides its probe', async () => {
    const s = new KeytarSecretStore(fakeKeytar());
    await s.set('a/b#1:tokens', 't');
    await s.set('a/b#1:client', 'c');
    await s.set('a/bb#2:tokens', 'x');
    expect(await s.status()).toEqual({ available: true, backend: 'keychain' });
    expect(await s.list('a/b#1:')).toEqual(['a/b#1:client', 'a/b#1:tokens']);
    expect(await deleteAllSecrets(s, 'a/b#1')).toEqual(['a/b#1:client', 'a/b#1:tokens']);
    expect(await s.list('')).toEqual(['a/bb#2:tokens']);
  });

  it.each([
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', /D-Bus/, /gnome-keyring/],
    ['Cannot create an item in a locked collection', /locked/, /unlock/],
    ['Object does not exist at path “/org/freedesktop/secrets/collection/login”', /locked or refused/, /unlock/],
  ])('a failing keychain (%s) falls back to memory and says why', async (msg, reason, fix) => {
    const k = fakeKeytar(msg);
    const s = new KeytarSecretStore(k);
    await s.set('x:tokens', 'secret');
    expect(await s.get('x:tokens')).toBe('secret');
    const st = await s.status();
    expect(st).toMatchObject({ available: false, backend: 'memory' });
    expect(st.reason).toMatch(reason);
    expect(st.fix).toMatch(fix);
    const calls = k.calls;
    await s.get('x:tokens');
    expect(k.calls).toBe(calls); // no more keychain attempts this process
  });

  it('keytar missing entirely is reported as such', async () => {
    const st = await new KeytarSecretStore(undefined, "Cannot find module 'keytar'").status();
    expect(st.reason).toMatch(/not installed/);
    expect(st.fix).toMatch(/keytar/);
    expect(explainKeychainError('libsecret-1.so.0: cannot open shared object file')).toMatchObject({ code: 'library-missing', detail: 'libsecret-1.so.0: cannot open shared object file', fix: expect.stringMatching(/libsecret/) });
    expect(st.code).toBe('module-missing');
    expect(explainKeychainError('Cannot autolaunch D-Bus without X11 $DISPLAY').code).toBe('no-secret-service');
    expect(explainKeychainError('Cannot create an item in a locked collection').code).toBe('locked');
  });

  it('memory store reports itself as not persistent', async () => {
    expect((await new MemorySecretStore().status()).available).toBe(false);
  });
});

describe('identity and static credentials', () => {
  const spec = (o: Record<string, unknown>) =>
    ConnectionSpecSchema.parse({ id: 'a:b', name: 'a', profile: 'kimi', layer: 'user', source: 'configured', transport: 'http', url: 'https://x/mcp', ...o });

  it('identity is the canonical URL (no ":"), shared across profiles and names, and changes with the URL', () => {
    const id = serverIdentity(spec({}));
    expect(id).toBe('url/https%3A%2F%2Fx%2Fmcp');
    expect(serverIdentity(spec({ profile: 'minara', id: 'other', name: 'other' }))).toBe(id);
    expect(serverIdentity(spec({ url: 'HTTPS://X:443/mcp/#frag' }))).toBe(id);
    expect(serverIdentity(spec({ url: 'https://y/mcp' }))).not.toBe(id);
    expect(serverIdentity(spec({ url: 'https://x/other' }))).not.toBe(id);
    // A query (maybe an api key) keeps servers apart but never shows in the account name.
    const q = serverIdentity(spec({ url: 'https://x/mcp?api_key=sk-123' }));
    expect(q).toMatch(/^url\/https%3A%2F%2Fx%2Fmcp#[0-9a-f]{16}$/);
    expect(q).not.toContain('sk-123');
  });

  it('AUTH-4 bearer token from env at connect time, missing variable reported', () => {
    const s = spec({ bearerTokenEnv: 'MY_TOKEN' });
    expect(hasStaticCredentials(s)).toBe(true);
    expect(resolveStaticBearer(s, { MY_TOKEN: 'abc' })).toEqual({ kind: 'bearer', header: 'Bearer abc', source: 'env:MY_TOKEN' });
    expect(resolveStaticBearer(s, {})).toMatchObject({ kind: 'missing', variable: 'MY_TOKEN' });
    expect(hasStaticCredentials(spec({ headers: { Authorization: 'Bearer ${T}' } }))).toBe(true);
    expect(hasStaticCredentials(spec({}))).toBe(false);
    expect(resolveStaticBearer(spec({}), {})).toEqual({ kind: 'none' });
  });
});
