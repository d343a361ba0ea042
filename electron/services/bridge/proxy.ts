// BRIDGE-1: the forwarding itself, at the JSON-RPC message level. Whatever the agent sends on
// stdio goes to the remote transport and back, untouched (ids are not rewritten), so requests,
// notifications, server→client requests (sampling, elicitation, roots), progress,
// cancellation and list-changed all pass without the bridge knowing the methods. The bridge
// only adds credentials (the remote transport's authProvider/headers) and turns a failure to
// reach the server into a JSON-RPC error for the request that suffered it.
import { classifyMcpError } from '../mcp/errors';
import type { JsonRpcMessage as JSONRPCMessage, McpTransport as Transport } from '../mcp';
import type { ModernUpstream } from '../mcp/gateway';

/** JSON-RPC server-error range: the remote could not be reached or refused our credentials. */
export const UNREACHABLE = -32000;
export const LOGIN_NEEDED = -32001;

export type Retry = { retry: true } | { retry: false; message: string };

/** How many times one request may be refused (401) and retried with fresher credentials. */
const AUTH_ROUNDS = 3;

export interface ProxyOptions {
  local: Transport;
  /** Starts the remote side (SSE connects here; a 401 is the caller's to handle, see unauthorized). */
  connect: () => Promise<Transport>;
  /** A send failed as unauthorized: log in / re-read the keychain, then retry once or give the reason. */
  unauthorized: () => Promise<Retry>;
  /** The error an agent reads when the server could not be reached (in the user's language). */
  unreachable: (detail: string) => string;
  /**
   * PROTO-6: given the agent's `initialize`, a modern upstream that serves the agent itself
   * (mcp/gateway.ts), or null to forward messages as they are (a legacy server).
   */
  translate?: (initialize: JSONRPCMessage) => Promise<ModernUpstream | null>;
  onRequest?: (method: string) => void;
  onError?: (message: string) => void;
  log: (line: string) => void;
}

const isRequest = (m: JSONRPCMessage): m is JSONRPCMessage & { id: string | number; method: string } => 'method' in m && 'id' in m;

/** Resolves when either side has closed (and the other was closed after it). */
export function runProxy(o: ProxyOptions): Promise<void> {
  let remote: Transport | undefined;
  let remoteReady: Promise<Transport> | undefined;
  let initId: string | number | undefined;
  // initialize and notifications/initialized go one after the other (the session id and the
  // protocol version come from the first); everything else is sent as it comes, so a
  // cancellation reaches the server while the call it cancels is still running.
  let gate: Promise<unknown> = Promise.resolve();
  let done!: () => void;
  const finished = new Promise<void>((r) => (done = r));
  let closing = false;

  const closeAll = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    const r = remote as (Transport & { terminateSession?: () => Promise<void> }) | undefined;
    await r?.terminateSession?.().catch(() => undefined);
    await r?.close().catch(() => undefined);
    await o.local.close().catch(() => undefined);
    done();
  };

  const reply = (msg: JSONRPCMessage, code: number, message: string): void => {
    o.onError?.(message);
    if (isRequest(msg)) void o.local.send({ jsonrpc: '2.0', id: msg.id, error: { code, message } }).catch(() => undefined);
    else o.log(`dropped ${'method' in msg ? msg.method : 'a response'}: ${message}`);
  };

  const toAgentFailed = (e: unknown): void => o.log(`could not pass a message to the agent: ${String(e)}`);
  const attach = (t: Transport): Transport => {
    t.onmessage = (m) => {
      if (initId !== undefined && 'result' in m && m.id === initId) {
        const v = (m.result as { protocolVersion?: unknown }).protocolVersion;
        if (typeof v === 'string') t.setProtocolVersion?.(v);
      }
      o.local.send(m).catch(toAgentFailed);
    };
    t.onerror = (e) => o.log(`remote: ${e.message}`);
    t.onclose = () => void closeAll();
    return t;
  };

  const ensureRemote = (): Promise<Transport> =>
    (remoteReady ??= o.connect().then((t) => (remote = attach(t))).catch((e: unknown) => {
      remoteReady = undefined; // the next message tries again (after a login, say)
      throw e;
    }));

  // The connected remote at once (no await per message): the hot path of every call (issue 40).
  const sendOnce = (msg: JSONRPCMessage): Promise<void> => {
    try {
      return remote ? remote.send(msg) : ensureRemote().then((t) => t.send(msg));
    } catch (e) {
      return Promise.reject(e); // a transport that throws rather than rejects fails the same way
    }
  };

  /**
   * Runs `attempt`; on a 401 asks `unauthorized` (refresh, re-read or log in) and tries again.
   * More than once: a token refreshed for this retry can itself expire or be rotated by a
   * sibling before the server reads it (short-lived tokens on a busy machine), and each round
   * carries a newer token. After AUTH_ROUNDS the 401 is the answer. The first try allocates
   * nothing beyond its own promise: the rounds start only when it failed.
   */
  const withAuth = <T>(msg: JSONRPCMessage, attempt: () => Promise<T>): Promise<T | undefined> => attempt().then(undefined, (err: unknown) => authRounds(msg, attempt, err));
  const authRounds = async <T>(msg: JSONRPCMessage, attempt: () => Promise<T>, err: unknown): Promise<T | undefined> => {
    for (let round = 0; ; round++) {
      if (classifyMcpError(err) !== 'needs-auth' || round === AUTH_ROUNDS) return void failure(msg, err);
      const r = await o.unauthorized();
      if (!r.retry) return void reply(msg, LOGIN_NEEDED, r.message);
      try {
        return await attempt();
      } catch (e) {
        err = e;
      }
    }
  };
  const failure = (msg: JSONRPCMessage, err: unknown): void => {
    const text = err instanceof Error ? err.message : String(err);
    reply(msg, classifyMcpError(err) === 'needs-auth' ? LOGIN_NEEDED : UNREACHABLE, o.unreachable(text));
  };

  const forward = (msg: JSONRPCMessage): Promise<void | undefined> => sendOnce(msg).then(undefined, (err: unknown) => authRounds(msg, () => sendOnce(msg), err));

  /** PROTO-6: the first `initialize` decides whether messages pass as they are or are translated. */
  let translating: 'unknown' | 'forward' | 'modern' = o.translate ? 'unknown' : 'forward';
  const decide = async (msg: JSONRPCMessage): Promise<void> => {
    const text = (e: unknown) => (e instanceof Error ? e.message : String(e));
    // BRIDGE-3: a 401 holds the agent's initialize while the login (ours or a sibling's) runs.
    // undefined: the agent has its error already; null: the server is not a modern one.
    const upstream = await withAuth(msg, () => o.translate!(msg));
    if (upstream === undefined) return;
    if (!upstream) {
      translating = 'forward';
      return forward(msg);
    }
    translating = 'modern';
    // The gateway answers this initialize and owns the agent's side from here on.
    void upstream
      .serve(o.local, msg)
      .catch((e: unknown) => o.log(`bridge to the 2026-07-28 server ended: ${text(e)}`))
      .finally(() => void closeAll());
  };

  // Whether every ordered message so far has been sent: then the next unordered one goes at once
  // rather than a turn of the microtask queue later (it would have nothing to wait for).
  let gateOpen = true;
  o.local.onmessage = (msg) => {
    const request = isRequest(msg);
    if (request) {
      o.onRequest?.(msg.method);
      if (msg.method === 'initialize') initId = msg.id;
    }
    const ordered = 'method' in msg && (msg.method === 'initialize' || msg.method === 'notifications/initialized');
    const first = translating === 'unknown' && request && msg.method === 'initialize';
    if (!ordered && !first && gateOpen) {
      if (translating !== 'modern') void forward(msg);
      return;
    }
    const sent = gate.then(() => (first ? decide(msg) : translating === 'modern' ? undefined : forward(msg)));
    if (ordered || first) {
      gate = sent;
      gateOpen = false;
      // A gate that failed stays shut, as before: what comes after it waits on it (and so is not sent).
      sent.then(
        () => {
          if (gate === sent) gateOpen = true;
        },
        () => undefined,
      );
    }
  };
  o.local.onerror = (e) => o.log(`agent: ${e.message}`);
  o.local.onclose = () => void closeAll();
  void o.local.start();
  return finished;
}
