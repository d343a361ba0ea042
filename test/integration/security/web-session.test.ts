// Issue 21 F1: browsers send the 127.0.0.1 session cookie to every loopback port, so any
// server there (a loopback authorization server the Login view opens, say) learns it; replayed
// with curl, the right Host and no Origin, `editor.trySession` started `sh -c id`. Against the
// real web host process (`cli serve`): the cookie alone is refused on every call and on the
// event socket; a duplicate cookie planted by another port (or one replacing ours) does not lock
// the user out; a fresh link ends the session it replaces; an idle session ends (in-process
// host, manual clock).
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { exchangeLink, makePanelHome, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';
import { startWebHost } from '../../../electron/host/web-host';

let h: PanelHome;
let panel: RunningPanel;
let scratch: string;
beforeAll(async () => {
  h = makePanelHome();
  panel = await startPanel(h);
  scratch = mkdtempSync(join(tmpdir(), 'mcp-panel-f1-'));
});
afterAll(async () => {
  await panel?.stop();
  h?.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

const post = (origin: string, method: string, headers: Record<string, string>, body: unknown = {}) =>
  fetch(`${origin}/api/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(20_000) });

function wsStatus(port: number, headers: Record<string, string>, protocols: string[] = []): Promise<number | 'open'> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/events`, protocols, { headers, handshakeTimeout: 10_000 });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(0));
  });
}

describe('the session cookie alone opens nothing (F1)', () => {
  it('a stolen cookie, replayed like curl (right Host, no Origin), cannot start a process', async () => {
    const { cookie, key } = await exchangeLink(await panel.freshUrl());
    const marker = join(scratch, 'ran');
    const attack = { name: 'pwn', entry: { command: '/bin/sh', args: ['-c', `touch ${marker}`] } };
    const stolen = await post(panel.origin, 'editor.trySession', { Cookie: cookie! }, attack);
    expect(stolen.status).toBe(401);
    expect(await stolen.text()).toMatch(/fresh link/);
    expect(existsSync(marker)).toBe(false);
    // The page's own request (cookie + key) is answered: the refusal is about the key only.
    expect((await post(panel.origin, 'servers.list', { Cookie: cookie!, 'X-MCP-Panel-Key': key! })).status).toBe(200);
    // A wrong key is refused; the key does not need the cookie (another port may have replaced it).
    expect((await post(panel.origin, 'servers.list', { Cookie: cookie!, 'X-MCP-Panel-Key': 'x'.repeat(43) })).status).toBe(401);
    expect((await post(panel.origin, 'servers.list', { 'X-MCP-Panel-Key': key! })).status).toBe(200);
  });

  it('the event socket needs the key too: in its subprotocol (as the page sends it) or its header', async () => {
    const { cookie, key } = await exchangeLink(await panel.freshUrl());
    expect(await wsStatus(panel.port, { Cookie: cookie! })).toBe(401);
    expect(await wsStatus(panel.port, { Cookie: cookie! }, ['mcp-panel'])).toBe(401);
    expect(await wsStatus(panel.port, { Cookie: cookie! }, ['mcp-panel', `mcp-panel-key.${key}`])).toBe('open');
    expect(await wsStatus(panel.port, { Cookie: cookie!, 'X-MCP-Panel-Key': key! })).toBe('open');
  });

  it('a same-named cookie planted by another loopback port does not lock the user out', async () => {
    const { cookie, key } = await exchangeLink(await panel.freshUrl());
    const name = `mcp-panel-${panel.port}`;
    // The browser sends the planted one first (a longer Path, or simply set earlier).
    const both = `${name}=planted-by-another-port; ${cookie}`;
    expect((await post(panel.origin, 'servers.list', { Cookie: both, 'X-MCP-Panel-Key': key! })).status).toBe(200);
    expect((await fetch(`${panel.origin}/`, { headers: { Cookie: both } })).status).toBe(200);
    expect(await wsStatus(panel.port, { Cookie: both }, ['mcp-panel', `mcp-panel-key.${key}`])).toBe('open');
    // Replaced outright (same name and path, set by the other port's response): calls go on.
    expect((await post(panel.origin, 'servers.list', { Cookie: `${name}=replaced`, 'X-MCP-Panel-Key': key! })).status).toBe(200);
  });

  it('a fresh link opened in the same browser ends the session it replaces (rotation)', async () => {
    const old = await exchangeLink(await panel.freshUrl());
    const link = await panel.freshUrl();
    const res = await fetch(link, { headers: { Cookie: old.cookie! }, redirect: 'manual' });
    expect(res.status).toBe(200);
    const key = /#k=([A-Za-z0-9_-]+)/.exec(await res.text())![1]!;
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    expect(key).not.toBe(old.key);
    expect((await post(panel.origin, 'servers.list', { Cookie: old.cookie!, 'X-MCP-Panel-Key': old.key! })).status).toBe(401);
    expect((await post(panel.origin, 'servers.list', { Cookie: cookie, 'X-MCP-Panel-Key': key })).status).toBe(200);
  });
});

describe('idle sessions end (F1)', () => {
  it('after the idle limit without a call, the session and its socket are gone; calls keep it alive', async () => {
    let now = 1_000_000;
    const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-f1-host-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
    const listeners = new Set<(e: string, p: unknown) => void>();
    const host = await startWebHost({
      dispatch: async () => ({ ok: true, value: {} }),
      events: { subscribe: (l) => (listeners.add(l), () => listeners.delete(l)) },
      rendererDir: dir,
      sessions: { idleMs: 60_000, now: () => now },
    });
    try {
      const { cookie, key } = await exchangeLink(host.url);
      const auth = { Cookie: cookie!, 'X-MCP-Panel-Key': key! };
      const ws = new WebSocket(`ws://127.0.0.1:${host.port}/events`, ['mcp-panel', `mcp-panel-key.${key}`], { headers: { Cookie: cookie! } });
      await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
      const closed = new Promise((r) => ws.once('close', r));
      now += 59_000;
      expect((await post(host.origin, 'servers.list', auth)).status).toBe(200); // used: the clock restarts
      now += 59_000;
      expect((await post(host.origin, 'servers.list', auth)).status).toBe(200);
      now += 60_001;
      expect((await post(host.origin, 'servers.list', auth)).status).toBe(401);
      expect((await fetch(`${host.origin}/`, { headers: { Cookie: cookie! } })).status).toBe(401);
      for (const l of listeners) l('servers.changed', { reason: 'x' }); // the next event finds the session gone
      await closed;
      expect(ws.readyState).toBe(WebSocket.CLOSED);
    } finally {
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the cookie comes back only for the key (issue 35)', () => {
  const resume = (headers: Record<string, string>, method = 'POST') =>
    fetch(`${panel.origin}/session/resume`, { method, headers: { 'Content-Type': 'application/json', ...headers }, ...(method === 'POST' ? { body: '{}' } : {}), signal: AbortSignal.timeout(20_000) });

  it('the key gets its own session\'s cookie; a cookie, a wrong key or a foreign Origin get nothing', async () => {
    const { cookie, key } = await exchangeLink(await panel.freshUrl());
    const ok = await resume({ 'X-MCP-Panel-Key': key! });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('set-cookie')?.split(';')[0]).toBe(cookie);
    for (const [headers, status] of [
      [{ Cookie: cookie! }, 401],
      [{ 'X-MCP-Panel-Key': 'x'.repeat(43) }, 401],
      [{ 'X-MCP-Panel-Key': key!, Origin: 'http://127.0.0.1:1' }, 403],
    ] as const) {
      const r = await resume(headers);
      expect(r.status).toBe(status);
      expect(r.headers.get('set-cookie')).toBeNull();
    }
    expect((await resume({ 'X-MCP-Panel-Key': key! }, 'GET')).status).toBe(405);
  });

  it('a navigation without a live cookie gets the fresh-link page with the resume script; the script holds no secret', async () => {
    const page = await fetch(`${panel.origin}/`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(401);
    const html = await page.text();
    expect(html).toContain('get a fresh link');
    expect(html).toContain('<script src="/session/resume.js"></script>');
    const script = await fetch(`${panel.origin}/session/resume.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await script.text()).toContain("sessionStorage.getItem(\"mcp-panel-session-key\")");
    // An asset or a script asking without a cookie still gets the plain refusal.
    expect((await fetch(`${panel.origin}/index.html`)).status).toBe(401);
  });
});
