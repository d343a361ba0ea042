// The test's side of the stand-in: runs the built main (out/main/index.js) in a child Node
// process with 'electron' mapped to the recording stand-in, and talks to it over the child's
// IPC channel (structured clone, like Electron's own IPC).
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const REGISTER = pathToFileURL(join(HERE, 'register.mjs')).href;

export interface MenuItemView {
  label: string;
  type: string;
  enabled: boolean;
  submenu?: MenuItemView[];
}

export interface ImageView {
  empty: boolean;
  size: { width: number; height: number };
  scaleFactors: number[];
  /** scale factor → PNG bytes, base64 */
  png: Record<string, string>;
}

export interface WindowView {
  id: number;
  webContentsId: number;
  destroyed: boolean;
  visible: boolean;
  focused: boolean;
  url: string;
  options: { show?: boolean; title?: string; webPreferences?: Record<string, unknown> };
  listeners: string[];
  eventsSent: number;
}

export interface Call {
  api: string;
  args: unknown[];
}

export interface Snapshot {
  ready: boolean;
  quitting: boolean;
  appListeners: string[];
  windows: WindowView[];
  tray: { destroyed: boolean; toolTip: string; image: ImageView; menu: MenuItemView[] | null; listeners: string[] } | null;
  ipcHandlers: string[];
  session: { headersListener: boolean; permissionHandler: boolean };
  calls: Call[];
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The call log the stand-in sent as app.exit ran (null: the process ended another way). */
  calls: Call[] | null;
  /** Processes still running below main as it called app.exit (null: not Linux, or no app.exit). */
  liveChildren: number[] | null;
}

export interface StandInMain {
  child: ChildProcess;
  request<T = unknown>(op: string, params?: Record<string, unknown>): Promise<T>;
  snapshot(): Promise<Snapshot>;
  /** Polls the snapshot until `ok` holds (or throws with the last snapshot and the output). */
  until(ok: (s: Snapshot) => boolean, what: string, timeoutMs?: number): Promise<Snapshot>;
  /** webContents.send from main: (webContentsId, channel, args). */
  onRendererMessage(listener: (webContentsId: number, channel: string, args: unknown[]) => void): () => void;
  loaded: Promise<void>;
  exited: Promise<Exit>;
  output(): string;
  kill(): Promise<void>;
}

export function launchMain(opts: { main: string; cwd: string; env: NodeJS.ProcessEnv; args?: string[] }): StandInMain {
  const child = spawn(process.execPath, ['--import', REGISTER, opts.main, ...(opts.args ?? [])], {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const rendererListeners = new Set<(id: number, channel: string, args: unknown[]) => void>();
  let exitReport: { calls: Call[]; liveChildren: number[] | null } | null = null;
  let markLoaded!: () => void;
  const loaded = new Promise<void>((r) => (markLoaded = r));

  child.on('message', (raw) => {
    const msg = raw as { id?: number; ok?: boolean; value?: unknown; error?: string; kind?: string; webContentsId?: number; channel?: string; args?: unknown[]; calls?: Call[]; liveChildren?: number[] | null };
    if (msg.kind === 'loaded') return markLoaded();
    if (msg.kind === 'exit') return void (exitReport = { calls: msg.calls ?? [], liveChildren: msg.liveChildren ?? null });
    if (msg.kind === 'renderer') {
      for (const l of rendererListeners) l(msg.webContentsId!, msg.channel!, msg.args ?? []);
      return;
    }
    const p = msg.id !== undefined ? pending.get(msg.id) : undefined;
    if (!p) return;
    pending.delete(msg.id!);
    if (msg.ok) p.resolve(msg.value);
    else p.reject(new Error(msg.error));
  });
  const exited = new Promise<Exit>((resolveExit) => {
    child.once('exit', (code, signal) => {
      for (const p of pending.values()) p.reject(new Error(`main exited (${code ?? signal}) before answering:\n${out}`));
      pending.clear();
      resolveExit({ code, signal, calls: exitReport?.calls ?? null, liveChildren: exitReport?.liveChildren ?? null });
    });
  });

  const request = <T>(op: string, params: Record<string, unknown> = {}): Promise<T> =>
    new Promise<T>((resolveReq, reject) => {
      if (!child.connected) return reject(new Error(`main is not running (op ${op}):\n${out}`));
      const id = nextId++;
      pending.set(id, { resolve: resolveReq as (v: unknown) => void, reject });
      child.send({ id, op, params });
    });
  const snapshot = () => request<Snapshot>('snapshot');

  return {
    child,
    request,
    snapshot,
    async until(ok, what, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      let last = await snapshot();
      while (!ok(last)) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\nlast snapshot: ${JSON.stringify({ ...last, calls: last.calls.slice(-20) }, null, 1)}\noutput:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
        last = await snapshot();
      }
      return last;
    },
    onRendererMessage(listener) {
      rendererListeners.add(listener);
      return () => void rendererListeners.delete(listener);
    },
    loaded: Promise.race([loaded, exited.then((e) => Promise.reject(new Error(`main exited (${e.code ?? e.signal}) while loading:\n${out}`)))]),
    exited,
    output: () => out,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
