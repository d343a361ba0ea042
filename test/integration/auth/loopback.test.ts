// AUTH-2 security: loopback only, strict state, one-shot, 15-minute limit.
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/oauth/auth-server';
import { LoginService, LoopbackListener, MemorySecretStore, TokenBroker, LOGIN_TIMEOUT_MS, type BrowserOpener } from '../../../electron/services/auth';
import { httpSpec } from './helpers';

const open: LoopbackListener[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const l of open.splice(0)) await l.close();
});
async function start(opts: Partial<Parameters<typeof LoopbackListener.start>[0]> = {}) {
  const l = await LoopbackListener.start({ expectedState: 'good-state', ...opts });
  open.push(l);
  return l;
}

describe('loopback listener', () => {
  it('binds 127.0.0.1 only: not reachable on any other local address', async () => {
    const l = await start();
    const port = new URL(l.redirectUri).port;
    expect(new URL(l.redirectUri).hostname).toBe('127.0.0.1');
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal)
      .map((a) => a!.address);
    // 127.0.0.2 is loopback too but is not the address we bound; plus every external IPv4.
    for (const host of ['127.0.0.2', ...others]) {
      await expect(fetch(`http://${host}:${port}/callback?state=good-state&code=x`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
    }
    expect(l.listening).toBe(true);
  });

  it('refuses a wrong state (400) and keeps waiting for the right one', async () => {
    const l = await start();
    const res = await fetch(`${l.redirectUri}?state=evil&code=stolen`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('state check failed');
    expect(l.listening).toBe(true);
    expect((await fetch(`${l.redirectUri}?state=evil&error=access_denied`)).status).toBe(400);
    expect((await fetch(`${l.redirectUri}?state=good-state&code=real`)).status).toBe(200);
    await expect(l.result).resolves.toEqual({ code: 'real' });
    expect(l.ignored).toBe(2);
  });

  it('refuses a missing state and keeps waiting', async () => {
    const l = await start();
    expect((await fetch(`${l.redirectUri}?code=abc`)).status).toBe(400);
    expect(l.listening).toBe(true);
    expect(l.ignored).toBe(1);
  });

  it('is one-shot: a second callback is refused', async () => {
    const l = await start();
    // Keep-alive agent-less fetch: the first answer closes the connection and the server.
    const first = await fetch(`${l.redirectUri}?state=good-state&code=abc`);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('You can close this tab');
    await expect(l.result).resolves.toEqual({ code: 'abc' });
    await expect(fetch(`${l.redirectUri}?state=good-state&code=again`)).rejects.toThrow();
  });

  it('reports an authorization error from the server', async () => {
    const l = await start();
    const res = await fetch(`${l.redirectUri}?state=good-state&error=access_denied&error_description=nope`);
    expect(await res.text()).toContain('access_denied');
    await expect(l.result).rejects.toMatchObject({ code: 'authorization-denied' });
  });

  it('closes after 15 minutes (fake clock)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const l = await start();
    vi.advanceTimersByTime(LOGIN_TIMEOUT_MS - 1000);
    expect(l.listening).toBe(true);
    vi.advanceTimersByTime(1000);
    await expect(l.result).rejects.toMatchObject({ code: 'timeout' });
    vi.useRealTimers();
    await vi.waitFor(() => expect(l.listening).toBe(false), { timeout: 30_000, interval: 10 });
  });

  it('cancel via AbortSignal closes it', async () => {
    const ac = new AbortController();
    const l = await start({ signal: ac.signal });
    ac.abort();
    await expect(l.result).rejects.toMatchObject({ code: 'cancelled' });
  });
});

describe('login flow failures end cleanly', () => {
  let fx: OAuthFixture | undefined;
  afterEach(async () => {
    await fx?.close();
    fx = undefined;
  });

  it('a forged callback (wrong state) is ignored: no code is redeemed, no token stored', async () => {
    fx = await startOAuthFixture();
    const broker = new TokenBroker({ store: new MemorySecretStore() });
    const logins = new LoginService({ broker });
    const ac = new AbortController();
    let forged = 0;
    // An attacker's page hits the callback with its own code and state before the person does;
    // the login is still waiting after that answer (the person gives up: cancel).
    const forger: BrowserOpener = {
      async open(url) {
        const redirect = new URL(new URL(url).searchParams.get('redirect_uri')!);
        redirect.search = '?code=attacker-code&state=attacker-state';
        forged = (await fetch(redirect)).status;
        ac.abort();
      },
    };
    const out = await logins.login(httpSpec(fx.mcpUrl), { opener: forger, signal: ac.signal });
    expect(forged).toBe(400);
    expect(out).toMatchObject({ type: 'failed', code: 'cancelled' });
    expect(fx.provider.counts.code).toBe(0);
    expect((await logins.status(httpSpec(fx.mcpUrl))).tokenStored).toBe(false);
  });

  it('times out with a short injected limit when nobody answers', async () => {
    fx = await startOAuthFixture();
    const logins = new LoginService({ broker: new TokenBroker({ store: new MemorySecretStore() }), timeoutMs: 200 });
    let seen = '';
    const out = await logins.login(httpSpec(fx.mcpUrl), { opener: { open: async (u) => void (seen = u) } });
    expect(out).toMatchObject({ type: 'failed', code: 'timeout' });
    const redirect = new URL(new URL(seen).searchParams.get('redirect_uri')!);
    await expect(fetch(redirect)).rejects.toThrow();
  });
});
