// The running panel's answer to the CLI (issue 22 item 5): both hosts (Electron main and the
// web host) listen here, so `mcp-panel tools` reads the panel's live connections instead of
// starting every server again. The endpoint is private by construction (endpoint.ts); the
// requests go through the host's own dispatcher (inputs validated there, answers redacted by
// the api) and only the methods the contract marks for the socket are served (SERVED_METHODS:
// the CLI's reads and its config writes).
import { mkdir, realpath, unlink, chmod, lstat } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { fail } from '../../../shared/errors';
import type { Selection } from '../../../shared/contract';
import type { Dispatch } from '../../../shared/rpc';
import type { PanelApi } from '../../services/api';
import { ONE_SHOT_SETTLE_MS, settled } from '../settled';
import { panelDataDir } from '../../services/paths';
import { checkPrivateDir, checkSocketFile, describeProblem, endpointFor, pathFits } from './endpoint';
import { MAX_REQUEST_BYTES, SERVED_METHODS, RequestSchema, lineReader, type SocketAnswer } from './protocol';

export interface PanelSocketOptions {
  dataDir: string;
  dispatch: Dispatch;
  api: Pick<PanelApi, 'pending' | 'events' | 'selection'>;
  /** CONN-3: how long a call waits for servers that are still connecting (the CLI's own cap). */
  settleWithinMs: number;
  log?: (line: string) => void;
}

export interface PanelSocket {
  path: string;
  close(): Promise<void>;
}

const SERVED = new Set<string>(SERVED_METHODS);

/** Does something answer on this socket? A killed panel's file refuses (ECONNREFUSED). */
export function answers(path: string): Promise<boolean> {
  return new Promise((done) => {
    const s = connect(path);
    s.once('connect', () => {
      s.destroy();
      done(true);
    });
    s.once('error', () => done(false));
  });
}

/** Workspaces compared by their real paths (a symlinked checkout is the same folder); remembered per panel. */
function selectionMatcher(): (a: Selection, b: Selection) => Promise<boolean> {
  const real = new Map<string, Promise<string>>();
  const canonical = (p: string | null) => {
    if (p === null) return Promise.resolve(null);
    let r = real.get(p);
    if (!r) {
      if (real.size > 64) real.clear();
      real.set(p, (r = realpath(resolve(p)).catch(() => resolve(p))));
    }
    return r;
  };
  return async (a, b) => a.profile === b.profile && (await canonical(a.workspace)) === (await canonical(b.workspace));
}

/**
 * Listens on the data folder's socket; null when it cannot be done safely (the reason is
 * logged) or another panel already answers there. The panel works the same either way.
 */
export async function startPanelSocket(o: PanelSocketOptions): Promise<PanelSocket | null> {
  const log = o.log ?? (() => {});
  const { path, pipe } = endpointFor(o.dataDir);
  if (!pipe) {
    await mkdir(o.dataDir, { recursive: true, mode: 0o700 });
    // SEC-8: the panel's data folder is private (it holds the socket, tool lists, bridge
    // records): made so when it is ours, refused when it is not.
    const repaired: string[] = [];
    const dir = checkPrivateDir(o.dataDir, repaired);
    for (const line of repaired) log(`panel socket: ${line}`);
    if (dir) return log(`panel socket: not listening: ${describeProblem(dir)}`), null;
    if (!pathFits(path)) return log(`panel socket: not listening: ${describeProblem({ code: 'path_too_long', path })}`), null;
    const existing = await checkSocketFile(path);
    if (existing !== 'absent') {
      if (existing && existing.code !== 'socket_mode') return log(`panel socket: not listening: ${describeProblem(existing)}`), null;
      if (await answers(path)) return log(`panel socket: another panel already answers the CLI at ${path}`), null;
      // Ours and dead: a killed panel's leftover. Replaced.
      await unlink(path).catch(() => undefined);
    }
  }

  const sameSelection = selectionMatcher();
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    // CONN-3 once per connection (one CLI run): its first call waits for connecting servers.
    let ready: Promise<void> | null = null;
    const settle = () => (ready ??= settled(o.api, o.settleWithinMs));
    const reply = (a: SocketAnswer) => {
      if (!socket.destroyed) socket.write(JSON.stringify(a) + '\n');
    };
    const feed = lineReader(
      MAX_REQUEST_BYTES,
      (line) => void answer(line, settle).then(reply),
      () => {
        reply({ id: null, result: fail('invalid-input', `a request is limited to ${MAX_REQUEST_BYTES} bytes`) });
        socket.end();
      },
    );
    socket.on('data', feed);
  });

  async function answer(line: string, settle: () => Promise<void>): Promise<SocketAnswer> {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      return { id: null, result: fail('invalid-input', 'each line must be one JSON request') };
    }
    const req = RequestSchema.safeParse(raw);
    if (!req.success) return { id: null, result: fail('invalid-input', 'a request is {id, method, input, selection}') };
    const { id, method, input, selection } = req.data;
    if (!SERVED.has(method)) return { id, result: fail('refused', `${method} is not served to the command line; the panel's socket answers ${SERVED_METHODS.join(', ')}`) };
    const shown = o.api.selection();
    if (!(await sameSelection(shown, selection))) {
      const message = `the running panel shows ${shown.profile} · ${shown.workspace ?? '(no workspace)'}`;
      return { id, result: fail('conflict', message, { reason: 'selection', panel: shown }) };
    }
    await settle();
    return { id, result: await o.dispatch(method, input, { host: 'cli' }) };
  }

  await new Promise<void>((done, reject) => {
    server.once('error', reject);
    // Created 0600 (umask for the bind itself), then chmod in case the platform ignores it.
    const umask = pipe ? null : process.umask(0o177);
    try {
      server.listen(path, () => done());
    } finally {
      if (umask !== null) process.umask(umask);
    }
  });
  server.on('error', (err) => log(`panel socket: ${String(err)}`));
  let inode: number | null = null;
  if (!pipe) {
    await chmod(path, 0o600);
    inode = (await lstat(path)).ino;
  }
  log(`panel socket: the CLI's commands are answered at ${path}`);
  return {
    path,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
      // Only our own file: a later panel may have replaced it after a stale-socket check.
      if (!pipe && inode !== null && (await lstat(path).catch(() => null))?.ino === inode) await unlink(path).catch(() => undefined);
    },
  };
}

/** What both hosts call with their started services: never fails the panel's start. */
export function listenForCli(services: { dispatch: Dispatch; api: PanelSocketOptions['api'] }, env: NodeJS.ProcessEnv, log?: (line: string) => void): Promise<PanelSocket | null> {
  return startPanelSocket({ dataDir: panelDataDir(env), dispatch: services.dispatch, api: services.api, settleWithinMs: ONE_SHOT_SETTLE_MS, ...(log ? { log } : {}) }).catch((err: unknown) => {
    log?.(`panel socket: not listening: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  });
}
