// SEC-2: the headless bridge. The same renderer and the same contract over HTTP POST +
// one WebSocket for events, on 127.0.0.1 only, with Host and Origin checked against our own
// loopback names (DNS rebinding). Access: a one-time link is exchanged for a session
// (web/sessions.ts): the page and its assets need its cookie, every call and the event socket
// the page's session key (never the cookie, which every 127.0.0.1 port sees: issue 21 F1). A
// cookie another port replaced is put back from the tab's key on the next navigation
// (web/resume.ts, issue 35).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { HTTP_RPC_PREFIX, SESSION_KEY_FRAGMENT, SESSION_KEY_HEADER, SESSION_RESUME_PATH, WS_EVENTS_PATH, WS_KEY_PROTOCOL_PREFIX, WS_PROTOCOL, type Dispatch } from '../../shared/rpc';
import { contentSecurityPolicy, cookieValues, isAllowedHost, isAllowedOrigin } from '../services/api/guards';
import { readBody } from './web/body';
import { WebSessions, type WebSession, type WebSessionsOptions } from './web/sessions';
import { readStatic } from './web/static';
import { RESUME_SCRIPT, RESUME_SCRIPT_PATH, unauthorizedPage } from './web/resume';

// SEC-2: a client that has not finished its headers in 5 s, or its whole request in 15 s,
// is cut (Node's defaults, 60 s and 300 s, let a trickling client hold a socket for minutes).
// Checked every second. Loopback uploads of MAX_BODY take milliseconds.
const HEADERS_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 15_000;
const TIMEOUT_CHECK_MS = 1_000;
/**
 * An idle kept-alive socket is closed by the client before the server: Node's own agent (and so
 * Playwright's request context, scripts using fetch) drops idle sockets after 5 s, the server's
 * default, so a request sent at 5 s on a socket the server was closing met ECONNRESET (a POST is
 * not retried). Longer here than any common client's idle time.
 */
const KEEP_ALIVE_MS = 65_000;

export interface WebHostOptions {
  dispatch: Dispatch;
  events: { subscribe(listener: (event: string, payload: unknown) => void): () => void };
  rendererDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  logger?: (line: string) => void;
  /** Idle limit and clock of the sessions (tests shorten the one and drive the other). */
  sessions?: WebSessionsOptions;
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

const UNAUTHORIZED = 'unauthorized: this panel link was already used or is not valid, or the session ended (idle, or replaced by a newer link); get a fresh link (press Enter where `serve` runs, or restart the panel)';

export async function startWebHost(opts: WebHostOptions): Promise<WebHost> {
  const log = opts.logger ?? (() => {});
  const sessions = new WebSessions(opts.sessions);
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

  const cookiesOf = (req: IncomingMessage) => cookieValues(req.headers.cookie, cookieName());
  /** The session key a call or socket presents: the header, or the socket's second subprotocol. */
  const keyOf = (req: IncomingMessage): string | null => {
    const header = req.headers[SESSION_KEY_HEADER.toLowerCase()];
    if (typeof header === 'string') return header;
    const proto = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim()).find((p) => p.startsWith(WS_KEY_PROTOCOL_PREFIX));
    return proto ? proto.slice(WS_KEY_PROTOCOL_PREFIX.length) : null;
  };
  /**
   * Host/Origin (rebinding), then the session: its cookie for the page and its assets, its key
   * for calls and the socket (`byKey`). A status (0 = OK) and the session.
   */
  const gate = (req: IncomingMessage, byKey: boolean): { status: number; session: WebSession | null } => {
    if (!isAllowedHost(req.headers.host, port) || !isAllowedOrigin(req.headers.origin, port)) return { status: 403, session: null };
    const session = byKey ? sessions.byKey(keyOf(req)) : sessions.byCookie(cookiesOf(req));
    return { status: session ? 0 : 401, session };
  };

  const server = createServer({ headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_MS }, (req, res) => {
    void handle(req, res).catch((err: unknown) => {
      log(`web host: ${String(err)}`);
      if (!res.headersSent) refuse(res, 500, 'internal error');
      else res.destroy();
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;

  const sessionCookie = (session: WebSession) => `${cookieName()}=${encodeURIComponent(session.cookie)}; HttpOnly; SameSite=Strict; Path=/`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const api = url.pathname.startsWith(HTTP_RPC_PREFIX);
    const resume = url.pathname === SESSION_RESUME_PATH;
    const gated = gate(req, api || resume);
    let status = gated.status;
    if (status === 403) return refuse(res, 403, 'forbidden: wrong Host or Origin; open the panel at http://127.0.0.1 with the link it printed');
    // The resume script holds nothing secret (web/resume.ts): it loads without a session.
    if (url.pathname === RESUME_SCRIPT_PATH && req.method === 'GET') return send(res, 200, RESUME_SCRIPT, 'text/javascript; charset=utf-8');
    if (resume && !status && gated.session) {
      if (req.method !== 'POST' || !/^application\/json\b/.test(req.headers['content-type'] ?? '')) return refuse(res, 405, 'POST application/json only');
      // Judged by the key alone: the cookie this session gave the page comes back to it.
      return send(res, 204, '', undefined, { 'Set-Cookie': sessionCookie(gated.session) });
    }
    if (req.method === 'GET' && !api && url.searchParams.has('token')) {
      const session = sessions.redeem(url.searchParams.get('token'), cookiesOf(req));
      if (session) {
        // The link is dead now; the session has secrets of its own. The page that sets the
        // cookie moves on to the clean URL by itself: a same-origin navigation, so the
        // SameSite=Strict cookie goes along even when the link was opened from the handoff file
        // (file://), where a 303 would still count as cross-site and arrive without it. The key
        // rides in the fragment, which no browser sends to any server (nor in a Referer).
        const cookie = sessionCookie(session);
        const next = `/#${SESSION_KEY_FRAGMENT}=${session.key}`;
        const page = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${next}"><title>MCP Panel</title></head><body><a href="${next}">Open MCP Panel</a></body></html>`;
        return send(res, 200, page, 'text/html; charset=utf-8', { 'Set-Cookie': cookie });
      }
      // A used link in a browser that already has a session just drops the dead token.
      if (status === 0) return send(res, 303, '', undefined, { Location: '/' });
      status = 401;
    }
    // A navigation gets a page that may resume the session from the tab's key (web/resume.ts).
    if (status === 401 && req.method === 'GET' && !api && /\btext\/html\b/.test(req.headers.accept ?? '')) {
      return send(res, 401, unauthorizedPage(UNAUTHORIZED), 'text/html; charset=utf-8', { Connection: 'close' });
    }
    if (status) return refuse(res, status, UNAUTHORIZED);
    if (api) {
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

  // The page offers its key as a second subprotocol; only the first is ever chosen (echoed).
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024, handleProtocols: (offered) => (offered.has(WS_PROTOCOL) ? WS_PROTOCOL : false) });
  const sockets = new Map<WebSocket, WebSession>();
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const { status, session } = url.pathname === WS_EVENTS_PATH ? gate(req, true) : { status: 404, session: null };
    if (status || !session) {
      socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(ws, session);
      ws.on('close', () => sockets.delete(ws));
      ws.on('error', () => sockets.delete(ws));
      // The page only listens; anything it sends is ignored.
    });
  });

  const unsubscribe = opts.events.subscribe((event, payload) => {
    const frame = JSON.stringify({ event, payload });
    for (const [ws, session] of sockets) {
      // A session that ended (idle, or replaced by a fresh link) hears nothing more.
      if (!sessions.alive(session)) ws.terminate();
      else if (ws.readyState === ws.OPEN) ws.send(frame);
    }
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
      for (const ws of sockets.keys()) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
