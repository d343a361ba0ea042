// AUTH-2: the loopback callback. Binds 127.0.0.1 only (never 0.0.0.0), on a random free port
// (or the port of the last registration, so it stays valid), accepts exactly one callback
// with the expected `state`, and closes on success, error, cancel or after 15 minutes.
// A request whose `state` is not ours is answered 400 and otherwise ignored: the port is
// stable and visible to every local user, so any process could otherwise end the login.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tokensEqual } from '../api/guards';

export const LOGIN_TIMEOUT_MS = 15 * 60_000;
export const CALLBACK_PATH = '/callback';

export interface CallbackResult {
  code: string;
  /** RFC 9207 issuer identifier, when the AS sends one. */
  iss?: string;
}

export class LoginCallbackError extends Error {
  constructor(
    message: string,
    readonly code: 'state-mismatch' | 'authorization-denied' | 'timeout' | 'cancelled' | 'bad-callback',
  ) {
    super(message);
  }
}

/** Timers are injectable so the 15-minute limit can be tested with a fake clock. */
export interface TimerLike {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
const realTimers: TimerLike = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

export interface LoopbackOptions {
  expectedState: string;
  preferredPort?: number;
  timeoutMs?: number;
  timers?: TimerLike;
  signal?: AbortSignal;
}

function page(title: string, body: string): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>MCP Panel – ${esc(title)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:36em;margin:4em auto"><h1>${esc(title)}</h1><p>${esc(body)}</p></body></html>`;
}

export class LoopbackListener {
  private server: Server | undefined;
  private settled = false;
  private timer: unknown;
  private resolveResult!: (r: CallbackResult) => void;
  private rejectResult!: (e: Error) => void;
  /** Settles once: the code, or why the login did not finish. */
  readonly result: Promise<CallbackResult>;
  private port = 0;
  /** Callbacks refused for a wrong or missing `state` (the login went on waiting). */
  ignored = 0;

  private constructor(private readonly o: LoopbackOptions) {
    this.result = new Promise<CallbackResult>((res, rej) => {
      this.resolveResult = res;
      this.rejectResult = rej;
    });
    this.result.catch(() => undefined); // the caller observes it; avoid an unhandled rejection
  }

  static async start(o: LoopbackOptions): Promise<LoopbackListener> {
    const l = new LoopbackListener(o);
    await l.listen();
    return l;
  }

  get redirectUri(): string {
    return `http://127.0.0.1:${this.port}${CALLBACK_PATH}`;
  }

  get listening(): boolean {
    return !!this.server?.listening;
  }

  private async listen(): Promise<void> {
    const tryPort = (port: number) =>
      new Promise<Server>((resolve, reject) => {
        const s = createServer((req, res) => this.handle(req, res));
        s.once('error', reject);
        s.listen({ host: '127.0.0.1', port, exclusive: true }, () => resolve(s));
      });
    try {
      this.server = await tryPort(this.o.preferredPort ?? 0);
    } catch {
      this.server = await tryPort(0);
    }
    this.port = (this.server.address() as AddressInfo).port;
    const timers = this.o.timers ?? realTimers;
    const ms = this.o.timeoutMs ?? LOGIN_TIMEOUT_MS;
    this.timer = timers.setTimeout(() => this.finish(new LoginCallbackError(`no login callback within ${Math.round(ms / 1000)} s`, 'timeout')), ms);
    if (this.o.signal?.aborted) this.finish(new LoginCallbackError('login cancelled', 'cancelled'));
    this.o.signal?.addEventListener('abort', () => this.finish(new LoginCallbackError('login cancelled', 'cancelled')), { once: true });
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, title: string, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
      res.end(page(title, body));
    };
    if (url.pathname !== CALLBACK_PATH || req.method !== 'GET') return send(404, 'Not found', 'This address only receives the MCP Panel login callback.');
    if (this.settled) return send(410, 'Login already handled', 'This login link was already used. You can close this tab.');
    const p = url.searchParams;
    const state = p.get('state');
    if (!state || !tokensEqual(state, this.o.expectedState)) {
      // Not the answer to our login (forged, stale or stray): refuse it, keep waiting for ours
      // until the login's own limit. Its error or code is never read.
      this.ignored++;
      return send(400, 'Not this login', 'This answer does not belong to the login the panel is waiting for (state check failed); the panel keeps waiting for the right one. You can close this tab.');
    }
    const error = p.get('error');
    if (error) {
      const desc = p.get('error_description');
      send(400, 'Login failed', `The server refused the login: ${error}${desc ? ` (${desc})` : ''}. You can close this tab.`);
      return this.finish(new LoginCallbackError(`authorization server refused: ${error}${desc ? `: ${desc}` : ''}`, 'authorization-denied'));
    }
    const code = p.get('code');
    if (!code) {
      send(400, 'Login failed', 'The login answer had no authorization code. You can close this tab.');
      return this.finish(new LoginCallbackError('callback has no code', 'bad-callback'));
    }
    send(200, 'Login finished', 'MCP Panel received your login. You can close this tab.');
    const iss = p.get('iss');
    this.finish({ code, ...(iss ? { iss } : {}) });
  }

  private finish(outcome: CallbackResult | Error): void {
    if (this.settled) return;
    this.settled = true;
    (this.o.timers ?? realTimers).clearTimeout(this.timer);
    if (outcome instanceof Error) this.rejectResult(outcome);
    else this.resolveResult(outcome);
    void this.close();
  }

  /** Cancel (if still waiting) and stop listening. */
  async close(): Promise<void> {
    if (!this.settled) this.finish(new LoginCallbackError('login cancelled', 'cancelled'));
    const s = this.server;
    if (!s) return;
    this.server = undefined;
    // Stop accepting now; let the answer page finish sending, then cut whatever is left.
    await new Promise<void>((r) => {
      const force = setTimeout(() => s.closeAllConnections(), 1000);
      force.unref();
      s.close(() => {
        clearTimeout(force);
        r();
      });
      s.closeIdleConnections();
    });
  }
}
