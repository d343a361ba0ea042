// SEC-2: the headless bridge. The same renderer and the same contract over HTTP POST +
// one WebSocket for events, on 127.0.0.1 only, with Host and Origin checked against our own
// loopback names (DNS rebinding). Access: a one-time link is exchanged for an HttpOnly
// session cookie (web/sessions.ts); everything else needs that cookie.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { HTTP_RPC_PREFIX, WS_EVENTS_PATH, type Dispatch } from '../../shared/rpc';
import { contentSecurityPolicy, cookieValue, isAllowedHost, isAllowedOrigin } from '../services/api/guards';
import { readBody } from './web/body';
import { WebSessions } from './web/sessions';
import { readStatic } from './web/static';

// SEC-2: a client that has not finished its headers in 5 s, or its whole request in 15 s,
// is cut (Node's defaults, 60 s and 300 s, let a trickling client hold a socket for minutes).
// Checked every second. Loopback uploads of MAX_BODY take milliseconds.
const HEADERS_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 15_000;
const TIMEOUT_CHECK_MS = 1_000;

export interface WebHostOptions {
  dispatch: Dispatch;
  events: { subscribe(listener: (event: string, payload: unknown) => void): () => void };
  rendererDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  logger?: (line: string) => void;
}

export interface WebHost {
  port: number;
  /** Base URL without a token. */
  origin: string;
  /** The first one-time link (what `serve` prints): the base URL with `?token=`. */
  url: string;
  /** Another one-time link; `onUsed` runs once it has been exchanged (or dropped). */
  mintUrl(onUsed?: () => void): string;
  close(): Promise<void>;
}

const UNAUTHORIZED = 'unauthorized: this panel link was already used or is not valid; get a fresh link (press Enter where `serve` runs, or restart the panel)';

export async function startWebHost(opts: WebHostOptions): Promise<WebHost> {
  const log = opts.logger ?? (() => {});
  const sessions = new WebSessions();
  let port = 0;
  const cookieName = () => `mcp-panel-${port}`; // cookies ignore ports: one name per port

  const baseHeaders = (): Record<string, string> => ({
    'Content-Security-Policy': contentSecurityPolicy({ connect: [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`] }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer', // the first URL carries the token
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Resource-Policy': 'same-origin',
  });
  const send = (res: ServerResponse, status: number, body: string | Buffer, type = 'text/plain; charset=utf-8', extra: Record<string, string> = {}) => {
    res.writeHead(status, { ...baseHeaders(), 'Content-Type': type, 'Cache-Control': 'no-store', ...extra });
    res.end(body);
  };
  // A refusal closes the connection instead of reading (draining) a body nobody asked for:
  // an unauthenticated client cannot keep the socket by trickling it (SEC-2).
  const refuse = (res: ServerResponse, status: number, why: string) => send(res, status, why, undefined, { Connection: 'close' });

  /** Host/Origin (rebinding), then the session cookie. Returns an HTTP status or 0 for OK. */
  const gate = (req: IncomingMessage): number => {
    if (!isAllowedHost(req.headers.host, port)) return 403;
    if (!isAllowedOrigin(req.headers.origin, port)) return 403;
    return sessions.isSession(cookieValue(req.headers.cookie, cookieName())) ? 0 : 401;
  };

  const server = createServer({ headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_MS }, (req, res) => {
    void handle(req, res).catch((err: unknown) => {
      log(`web host: ${String(err)}`);
      if (!res.headersSent) refuse(res, 500, 'internal error');
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let status = gate(req);
    if (status === 403) return refuse(res, 403, 'forbidden: wrong Host or Origin; open the panel at http://127.0.0.1 with the link it printed');
    if (req.method === 'GET' && url.searchParams.has('token')) {
      const session = sessions.redeem(url.searchParams.get('token'));
      if (session) {
        // The link is dead now; the cookie holds a separate secret. The page that sets it
        // moves on to the clean URL by itself: a same-origin navigation, so the SameSite=Strict
        // cookie goes along even when the link was opened from the handoff file (file://),
        // where a 303 would still count as cross-site and arrive without it.
        const cookie = `${cookieName()}=${encodeURIComponent(session)}; HttpOnly; SameSite=Strict; Path=/`;
        const page = '<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=/"><title>MCP Panel</title></head><body><a href="/">Open MCP Panel</a></body></html>';
        return send(res, 200, page, 'text/html; charset=utf-8', { 'Set-Cookie': cookie });
      }
      // A used link in a browser that already has a session just drops the dead token.
      if (status === 0) return send(res, 303, '', undefined, { Location: '/' });
      status = 401;
    }
    if (status) return refuse(res, status, UNAUTHORIZED);
    if (url.pathname.startsWith(HTTP_RPC_PREFIX)) {
      if (req.method !== 'POST') return send(res, 405, 'POST only', undefined, { Allow: 'POST' });
      // A JSON content type cannot be sent by a plain cross-site form.
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return refuse(res, 415, 'application/json only');
      const body = await readBody(req);
      // The body was read to its end (up to the drain limit), so the client reads this answer.
      if (!body.ok) return refuse(res, 413, 'request too large: the panel accepts at most 1 MiB per call; send less');
      let input: unknown;
      try {
        input = body.text.length ? JSON.parse(body.text) : {};
      } catch {
        return send(res, 400, 'body is not JSON');
      }
      const method = decodeURIComponent(url.pathname.slice(HTTP_RPC_PREFIX.length));
      const result = await opts.dispatch(method, input, { host: 'web' });
      return send(res, 200, JSON.stringify(result), 'application/json; charset=utf-8');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'method not allowed');
    const file = await readStatic(opts.rendererDir, url.pathname);
    if (!file) return send(res, 404, 'not found');
    return send(res, 200, file.body, file.type, file.immutable ? { 'Cache-Control': 'public, max-age=31536000, immutable' } : {});
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const sockets = new Set<WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const status = url.pathname === WS_EVENTS_PATH ? gate(req) : 404;
    if (status) {
      socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      ws.on('error', () => sockets.delete(ws));
      // The page only listens; anything it sends is ignored.
    });
  });

  const unsubscribe = opts.events.subscribe((event, payload) => {
    const frame = JSON.stringify({ event, payload });
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(frame);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const mintUrl = (onUsed?: () => void) => `${origin}/?token=${sessions.mintLink(onUsed)}`;
  return {
    port,
    origin,
    url: mintUrl(),
    mintUrl,
    async close() {
      unsubscribe();
      sessions.clear();
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
