// Remote transports (CONN-1): streamable HTTP and SSE, chosen by config; 401 → needs-auth
// (CONN-5, AUTH-1); connect-time headers and bearer tokens (AUTH-4); no header crosses an
// origin on a redirect (CFG-4); the OAuth seam (authProvider) reaches the SDK transports.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionPool, redirectSafeFetch } from '../../../electron/services/connections';
import { type Running, spec, startFixture, tempDir } from './helpers';

let dir: Awaited<ReturnType<typeof tempDir>>;
let echoHttp: Running;
let echoSse: Running;
let authHttp: Running;
let authSse: Running;
beforeAll(async () => {
  dir = await tempDir();
  [echoHttp, echoSse, authHttp, authSse] = await Promise.all([
    startFixture('echo', 'http'),
    startFixture('echo', 'sse'),
    startFixture('auth', 'http', ['--token', 'tok-123']),
    startFixture('auth', 'sse', ['--token', 'tok-123']),
  ]);
});
afterAll(async () => {
  await Promise.all([echoHttp, echoSse, authHttp, authSse].map((s) => s?.stop()));
  await dir.cleanup();
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
}

describe('remote servers', () => {
  it('connects over streamable HTTP and SSE exactly as configured, lists and calls', async () => {
    const pool = new ConnectionPool({ dataDir: dir.path, env: process.env });
    pool.setServers([
      spec({ id: 'h', transport: 'http', url: echoHttp.url }),
      spec({ id: 's', transport: 'sse', url: echoSse.url }),
      // An SSE endpoint configured as http: no silent fallback to SSE (CONN-1).
      spec({ id: 'wrong', transport: 'http', url: echoSse.url }),
    ]);
    const round = await pool.discover();
    const byId = Object.fromEntries(round.servers.map((s) => [s.id, s]));
    expect(byId.h!.state.kind).toBe('connected');
    expect(byId.s!.state.kind).toBe('connected');
    expect(byId.wrong!.state.kind).toBe('failed');
    expect(await pool.callTool('s', 'echo', { text: 'over sse' })).toMatchObject({ content: [{ type: 'text', text: 'over sse' }] });
    expect(await pool.callTool('h', 'echo', { text: 'over http' })).toMatchObject({ content: [{ type: 'text', text: 'over http' }] });
    await pool.dispose();
  });

  it('a 401 puts the server in needs-auth; its calls say to log in; the token from env authorizes', async () => {
    const pool = new ConnectionPool({ dataDir: dir.path, env: { ...process.env, MY_TOKEN: 'tok-123', TENANT: 'acme' } });
    pool.setServers([
      spec({ id: 'h', transport: 'http', url: authHttp.url }),
      spec({ id: 's', transport: 'sse', url: authSse.url }),
      spec({ id: 'h-ok', transport: 'http', url: authHttp.url, bearerTokenEnv: 'MY_TOKEN' }),
      spec({ id: 's-ok', transport: 'sse', url: authSse.url, headers: { Authorization: 'Bearer ${MY_TOKEN}' } }),
      spec({ id: 'missing', transport: 'http', url: authHttp.url, headers: { 'X-Tenant': '${NO_SUCH_VAR}' } }),
    ]);
    const round = await pool.discover();
    const kinds = Object.fromEntries(round.servers.map((s) => [s.id, s.state.kind]));
    expect(kinds).toEqual({ h: 'needs-auth', s: 'needs-auth', 'h-ok': 'connected', 's-ok': 'connected', missing: 'failed' });
    expect(round.servers.find((s) => s.id === 'missing')!.error).toMatch(/NO_SUCH_VAR is not set/);
    expect(await pool.callTool('h', 'whoami')).toMatchObject({ isError: true, error: { code: 'needs-auth', message: expect.stringMatching(/log in/) } });
    expect(await pool.callTool('h-ok', 'whoami')).toMatchObject({ isError: false, content: [{ type: 'text', text: 'authorized' }] });
    await pool.dispose();
  });

  it('hands the authProvider to the SDK transports (OAuth seam)', async () => {
    const provider: OAuthClientProvider = {
      redirectUrl: 'http://127.0.0.1/callback',
      clientMetadata: { redirect_uris: ['http://127.0.0.1/callback'] },
      clientInformation: () => undefined,
      tokens: () => ({ access_token: 'tok-123', token_type: 'Bearer' }),
      saveTokens: () => undefined,
      redirectToAuthorization: () => undefined,
      saveCodeVerifier: () => undefined,
      codeVerifier: () => 'v',
    };
    const seen: string[] = [];
    const pool = new ConnectionPool({
      dataDir: dir.path,
      env: process.env,
      authProvider: (s) => {
        seen.push(s.id);
        return provider;
      },
    });
    pool.setServers([spec({ id: 'h', transport: 'http', url: authHttp.url }), spec({ id: 's', transport: 'sse', url: authSse.url })]);
    const round = await pool.discover();
    expect(round.servers.map((s) => s.state.kind)).toEqual(['connected', 'connected']);
    expect(seen.sort()).toEqual(['h', 's']);
    await pool.dispose();
  });
});

describe('redirects (CFG-4)', () => {
  it('the fetch drops caller headers when a redirect changes origin, keeps them within the origin', async () => {
    const got: IncomingHttpHeaders[] = [];
    const bodies: string[] = [];
    const target = await listen((req, res) => {
      got.push(req.headers);
      let b = '';
      req.on('data', (c) => (b += c));
      req.on('end', () => {
        bodies.push(b);
        res.end('ok');
      });
    });
    const redirector = await listen((req, res) => {
      if (req.url === '/same') res.writeHead(307, { location: '/cross' }).end();
      else res.writeHead(307, { location: `${target.origin}/landing` }).end();
    });
    const f = redirectSafeFetch();
    const init = { method: 'POST', headers: { Authorization: 'Bearer s3cret', 'X-Api-Key': 'k', 'content-type': 'application/json' }, body: '{"a":1}' };
    const res = await f(`${redirector.origin}/same`, init);
    expect(await res.text()).toBe('ok');
    expect(got[0]!.authorization).toBeUndefined();
    expect(got[0]!['x-api-key']).toBeUndefined();
    expect(got[0]!['content-type']).toBe('application/json');
    expect(bodies[0]).toBe('{"a":1}');
    // Opt-out (a user server the config trusts) keeps them.
    await (await redirectSafeFetch(fetch, false)(`${redirector.origin}/x`, init)).text();
    expect(got[1]!.authorization).toBe('Bearer s3cret');
    await close(target.server);
    await close(redirector.server);
  });

  it('end to end: a token sent to a redirector never reaches the other origin, so the server asks for auth', async () => {
    const redirector = await listen((req, res) => res.writeHead(307, { location: authHttp.url }).end());
    const pool = new ConnectionPool({ dataDir: dir.path, env: { ...process.env, MY_TOKEN: 'tok-123' } });
    pool.setServers([spec({ id: 'r', transport: 'http', url: `${redirector.origin}/mcp`, bearerTokenEnv: 'MY_TOKEN' })]);
    const round = await pool.discover();
    expect(round.servers[0]!.state.kind).toBe('needs-auth');
    await pool.dispose();
    await close(redirector.server);
  });
});
