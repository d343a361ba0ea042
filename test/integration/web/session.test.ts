// SEC-2, issues 7 and 15: the real web host process (`cli serve --json`) on a temp HOME.
// One-time links traded for an HttpOnly session cookie; every other request needs that cookie;
// an over-limit body gets a readable 413; a trickling unauthenticated client is cut in seconds.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { exchangeLink, makePanelHome, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';

let h: PanelHome;
let panel: RunningPanel;
beforeAll(async () => {
  h = makePanelHome();
  panel = await startPanel(h);
});
afterAll(async () => {
  await panel?.stop();
  h?.cleanup();
});

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One HTTP request; `body` may be a Buffer sent in 64 KiB writes, `chunked` drops Content-Length. */
function call(opts: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string; chunked?: boolean }): Promise<Answer> {
  return new Promise((done, reject) => {
    const body = typeof opts.body === 'string' ? Buffer.from(opts.body) : opts.body;
    const headers: Record<string, string> = { ...opts.headers };
    if (body && !opts.chunked) headers['Content-Length'] = String(body.length);
    const req = httpRequest({ host: '127.0.0.1', port: panel.port, method: opts.method ?? 'GET', path: opts.path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      res.on('error', reject);
    });
    req.setTimeout(20_000, () => req.destroy(new Error('no answer in 20 s')));
    req.on('error', reject);
    if (body) for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024));
    req.end();
  });
}

const json = { 'Content-Type': 'application/json' };
const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

function wsStatus(headers: Record<string, string>, query = ''): Promise<number | 'open'> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${panel.port}/events${query}`, { headers, handshakeTimeout: 10_000 });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(0));
  });
}

describe('one-time links and the session cookie', () => {
  it('the URL token works once, then answers 401; the cookie holds a different secret', async () => {
    const link = panel.url;
    const token = new URL(link).searchParams.get('token')!;
    const first = await call({ path: pathOf(link) });
    expect(first.status).toBe(200);
    const set = String(first.headers['set-cookie']);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Strict/);
    expect(set).not.toContain(token);
    expect(first.body).toMatch(/url=\/#k=[A-Za-z0-9_-]{43}"/); // the page moves on to the clean URL, its key in the fragment
    const again = await call({ path: pathOf(link) });
    expect(again.status).toBe(401);
    expect(again.body).toMatch(/already used.*fresh link/);
    const cookie = set.split(';')[0]!;
    const key = /#k=([A-Za-z0-9_-]+)/.exec(first.body)![1]!;
    expect((await call({ method: 'POST', path: '/api/servers.list', headers: { ...json, Cookie: cookie, 'X-MCP-Panel-Key': key }, body: '{}' })).status).toBe(200);
    // The used token opens nothing: not in the URL of a call, not as a bearer, not as the cookie.
    expect((await call({ method: 'POST', path: `/api/servers.list?token=${token}`, headers: json, body: '{}' })).status).toBe(401);
    expect((await call({ method: 'POST', path: '/api/servers.list', headers: { ...json, Authorization: `Bearer ${token}` }, body: '{}' })).status).toBe(401);
    expect((await call({ method: 'POST', path: '/api/servers.list', headers: { ...json, Cookie: `mcp-panel-${panel.port}=${token}` }, body: '{}' })).status).toBe(401);
    // A browser that already has its session and reopens the dead link just loses the token.
    const back = await call({ path: pathOf(link), headers: { Cookie: cookie } });
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe('/');
  });

  it('every request without the session cookie is 401: page, assets, calls and the WebSocket', async () => {
    expect((await call({ path: '/' })).status).toBe(401);
    expect((await call({ path: '/index.html' })).status).toBe(401);
    expect((await call({ method: 'POST', path: '/api/servers.list', headers: json, body: '{}' })).status).toBe(401);
    expect((await call({ method: 'POST', path: '/api/servers.list', headers: { ...json, Cookie: `mcp-panel-${panel.port}=guess` }, body: '{}' })).status).toBe(401);
    const fresh = await panel.freshUrl();
    expect(await wsStatus({}, `?token=${new URL(fresh).searchParams.get('token')}`)).toBe(401);
    expect(await wsStatus({})).toBe(401);
    const { cookie, key } = await exchangeLink(fresh); // the link still worked: the socket did not use it
    expect(await wsStatus({ Cookie: cookie!, 'X-MCP-Panel-Key': key! })).toBe('open');
    expect(await wsStatus({ Cookie: cookie!, 'X-MCP-Panel-Key': key!, Origin: 'http://evil.example' })).toBe(403);
  });

  it('each fresh link makes its own session; a link cannot be used twice even concurrently', async () => {
    const link = await panel.freshUrl();
    const both = await Promise.all([exchangeLink(link), exchangeLink(link)]);
    expect(both.map((b) => b.status).sort()).toEqual([200, 401]);
    const a = await panel.session();
    const b = await panel.session();
    expect(a).not.toEqual(b);
  });
});

describe('kept-alive sockets', () => {
  it('an answered call keeps its socket longer than a Node client keeps it idle (5 s), so the client drops it first and never sends on a socket being closed', async () => {
    const auth = await panel.session();
    const r = await call({ method: 'POST', path: '/api/servers.list', headers: { ...json, ...auth, Connection: 'keep-alive' }, body: '{}' });
    expect(r.status).toBe(200);
    // Node's server says its idle time in the Keep-Alive header (seconds).
    const timeout = Number(/timeout=(\d+)/.exec(String(r.headers['keep-alive']))?.[1]);
    expect(timeout).toBeGreaterThan(5);
  });
});

describe('request bounds', () => {
  it('a 2 MB call gets a 413 the client can read (with and without Content-Length)', async () => {
    const auth = await panel.session();
    const big = Buffer.alloc(2 * 1024 * 1024, 'a');
    for (const chunked of [false, true]) {
      const r = await call({ method: 'POST', path: '/api/servers.list', headers: { ...json, ...auth }, body: big, chunked });
      expect(r.status).toBe(413);
      expect(r.body).toMatch(/request too large.*1 MiB/);
    }
    // The host is fine afterwards.
    expect((await call({ method: 'POST', path: '/api/servers.list', headers: { ...json, ...auth }, body: '{}' })).status).toBe(200);
  });

  /** Opens a raw socket, sends `head`, then one byte every 100 ms; resolves when the host closes it. */
  function trickle(head: string, drip: string): Promise<{ ms: number; answer: string }> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const sock = connect(panel.port, '127.0.0.1');
      let answer = '';
      let timer: ReturnType<typeof setInterval> | undefined;
      const guard = setTimeout(() => {
        sock.destroy();
        reject(new Error('the host kept a trickling client for 30 s'));
      }, 30_000);
      sock.on('connect', () => {
        sock.write(head);
        timer = setInterval(() => sock.write(drip), 100);
      });
      sock.on('data', (c: Buffer) => (answer += c.toString()));
      sock.on('error', () => {}); // a reset is a cut too
      sock.on('close', () => {
        clearInterval(timer);
        clearTimeout(guard);
        resolve({ ms: Date.now() - started, answer });
      });
    });
  }

  it('a trickling unauthenticated body is refused before it is read, and the socket cut', async () => {
    const head = `POST /api/servers.list HTTP/1.1\r\nHost: 127.0.0.1:${panel.port}\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{`;
    const r = await trickle(head, 'a');
    expect(r.answer).toMatch(/^HTTP\/1\.1 401/);
    // Cut at once, not by the 15 s request timeout that would end a socket kept open for the
    // body: the margin between the two holds on a machine at load 10.
    expect(r.ms).toBeLessThan(10_000);
  });

  it('trickled headers are cut by the headers timeout within a few seconds', async () => {
    const r = await trickle(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${panel.port}\r\n`, 'X');
    // The 5 s headers timeout (checked every second) cut it, not the 15 s request timeout: a
    // margin that holds on a machine at load 10, not a measurement.
    expect(r.ms).toBeLessThan(12_000);
  });
});
