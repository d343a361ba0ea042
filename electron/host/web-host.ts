// SEC-2: the headless bridge. The same renderer and the same contract over HTTP POST +
// one WebSocket for events, on 127.0.0.1 only, behind a random bearer token, with Host and
// Origin checked against our own loopback names (DNS rebinding).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { HTTP_RPC_PREFIX, WS_EVENTS_PATH, type Dispatch } from '../../shared/rpc';
import { contentSecurityPolicy, isAllowedHost, isAllowedOrigin, presentedToken, tokensEqual } from '../services/api/guards';
import { readStatic } from './web/static';

const MAX_BODY = 1024 * 1024;

export interface WebHostOptions {
  dispatch: Dispatch;
  events: { subscribe(listener: (event: string, payload: unknown) => void): () => void };
  rendererDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Tests may fix it; otherwise 32 random bytes. */
  token?: string;
  logger?: (line: string) => void;
}

export interface WebHost {
  port: number;
  token: string;
  /** Base URL without the token. */
  origin: string;
  /** What to open: the base URL with `?token=`. */
  url: string;
  close(): Promise<void>;
}

export async function startWebHost(opts: WebHostOptions): Promise<WebHost> {
  const token = opts.token ?? randomBytes(32).toString('base64url');
  const log = opts.logger ?? (() => {});
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

  /** Host/Origin first (rebinding), then the token. Returns an HTTP status or 0 for OK. */
  const gate = (req: IncomingMessage, url: URL): number => {
    if (!isAllowedHost(req.headers.host, port)) return 403;
    if (!isAllowedOrigin(req.headers.origin, port)) return 403;
    const presented = presentedToken(req.headers, cookieName()) ?? url.searchParams.get('token');
    return tokensEqual(presented, token) ? 0 : 401;
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      log(`web host: ${String(err)}`);
      if (!res.headersSent) send(res, 500, 'internal error');
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const status = gate(req, url);
    if (status) {
      const why = status === 403 ? 'forbidden: wrong Host or Origin' : 'unauthorized: open the URL the panel printed (it carries the token)';
      return send(res, status, why);
    }
    // First load: trade the token in the URL for a cookie, then drop it from the address bar.
    if (req.method === 'GET' && url.searchParams.has('token')) {
      url.searchParams.delete('token');
      const cookie = `${cookieName()}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`;
      res.writeHead(303, { ...baseHeaders(), Location: url.pathname + url.search, 'Set-Cookie': cookie, 'Cache-Control': 'no-store' });
      return void res.end();
    }
    if (url.pathname.startsWith(HTTP_RPC_PREFIX)) {
      if (req.method !== 'POST') return send(res, 405, 'POST only', undefined, { Allow: 'POST' });
      // A JSON content type cannot be sent by a plain cross-site form.
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return send(res, 415, 'application/json only');
      const body = await readBody(req);
      if (body === null) return send(res, 413, 'request too large');
      let input: unknown;
      try {
        input = body.length ? JSON.parse(body) : {};
      } catch {
        return send(res, 400, 'body is not JSON');
      }
      const method = decodeURIComponent(url.pathname.slice(HTTP_RPC_PREFIX.length));
      const result = await opts.dispatch(method, input, { host: 'web' });
      return send(res, 200, JSON.stringify(result), 'application/json; charset=utf-8');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed');
    const file = await readStatic(opts.rendererDir, url.pathname);
    if (!file) return send(res, 404, 'not found');
    return send(res, 200, file.body, file.type, file.immutable ? { 'Cache-Control': 'public, max-age=31536000, immutable' } : {});
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const sockets = new Set<WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const status = url.pathname === WS_EVENTS_PATH ? gate(req, url) : 404;
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
  return {
    port,
    token,
    origin,
    url: `${origin}/?token=${token}`,
    async close() {
      unsubscribe();
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
