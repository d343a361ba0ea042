// The stdio transport (CONN-4, SEC-7). The SDK's StdioClientTransport spawns with fixed
// options (no `detached`) and signals only the direct child, so a server's own children were
// orphaned on every close. This one is the same protocol framing (newline-delimited JSON-RPC,
// the SDK's serializeMessage) over a child that leads its own process group; every signal goes to the
// group, and the group is recorded for the start-up sweep while it lives.
import { type ChildProcess, spawn as nodeSpawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { deserializeMessage, type JSONRPCMessage, serializeMessage, type Transport } from '@modelcontextprotocol/client';
import { LineBuffer } from './line-buffer';
import type { LineTransport } from './tap';
import { GROUP_MARKER_ENV, killGroup, trackGroup, untrackGroup } from './process-group';
import type { ExitStatus } from './types';

const WINDOWS = process.platform === 'win32';
// Windows only (untestable here): cross-spawn, as the SDK uses, resolves `npx` to `npx.cmd`.
const spawn: typeof nodeSpawn = WINDOWS ? (createRequire(import.meta.url)('cross-spawn') as typeof nodeSpawn) : nodeSpawn;

/** After the leader exits, how long its pipes may stay open before we stop waiting for them. */
const PIPE_DRAIN_MS = 1_000;

/** Records a started group (its leader's pid, command line, marker token); null: not recorded. */
export type RecordGroup = (pid: number, command: string, token: string) => (() => void) | null;

export interface GroupStdioParams {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  /**
   * SEC-7: writes the group down for the start-up sweep (the pool: connections/group-records.ts,
   * in the data dir) and answers how to strike it off; unrecorded when absent.
   */
  record?: RecordGroup;
}

export class GroupStdioTransport implements Transport, LineTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** How the child ended (the launch doctor reads an exit before the handshake). */
  onexit?: (status: ExitStatus) => void;
  /** Piped from the start, so no early line is lost (the SDK transport does the same). */
  readonly stderr = new PassThrough();
  private child: ChildProcess | undefined;
  private readonly buffer = new LineBuffer();
  private exited = false;
  private closed = false;
  /** The line of the message being delivered or just written, without its newline (tap.ts: the traffic log). */
  private line: string | undefined;

  constructor(private readonly params: GroupStdioParams) {}

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  start(): Promise<void> {
    if (this.child) throw new Error('GroupStdioTransport already started');
    const { command, args, env, cwd, record } = this.params;
    return new Promise((resolve, reject) => {
      const token = randomUUID();
      // POSIX: detached = setsid(), so the child leads a new group (pgid = pid).
      const child = spawn(command, args, { env: { ...env, [GROUP_MARKER_ENV]: token }, cwd, stdio: ['pipe', 'pipe', 'pipe'], shell: false, detached: !WINDOWS, windowsHide: true });
      this.child = child;
      const pid = child.pid;
      let strikeOff: (() => void) | null = null;
      if (pid !== undefined) {
        strikeOff = record ? record(pid, [command, ...args].join(' '), token) : null;
        trackGroup(pid, () => strikeOff?.());
      }
      child.on('error', (err) => {
        reject(err);
        this.onerror?.(err);
      });
      child.on('spawn', () => resolve());
      child.on('exit', (code, signal) => {
        this.exited = true;
        this.onexit?.({ code, signal });
        if (pid === undefined) return;
        // The server is gone: what it started has no one to serve (SEC-7: none outlives it).
        killGroup(pid, 'SIGKILL');
        untrackGroup(pid);
        strikeOff?.();
        // A process outside the group (it left with setsid) may hold the pipes: stop waiting.
        setTimeout(() => {
          for (const s of [child.stdin, child.stdout, child.stderr]) s?.destroy();
        }, PIPE_DRAIN_MS).unref();
      });
      child.on('close', () => {
        this.closed = true;
        this.onclose?.();
      });
      child.stdin?.on('error', (err) => this.onerror?.(err));
      child.stdout?.on('error', (err) => this.onerror?.(err));
      const onData = (chunk: Buffer) => {
        let lines: string[];
        try {
          lines = this.buffer.push(chunk);
        } catch (err) {
          // SEC-4: past the cap nothing this child says is read again; it is ended.
          child.stdout?.off('data', onData);
          child.stdout?.destroy();
          this.onerror?.(err as Error);
          void this.close();
          return;
        }
        this.deliver(lines);
      };
      child.stdout?.on('data', onData);
      child.stderr?.pipe(this.stderr);
    });
  }

  private deliver(lines: readonly string[]): void {
    for (const line of lines) {
      if (line.trim() === '') continue;
      let message: JSONRPCMessage;
      try {
        message = deserializeMessage(line);
      } catch (err) {
        this.onerror?.(err as Error); // one bad line; the next may be fine
        continue;
      }
      this.line = line;
      this.onmessage?.(message);
      this.line = undefined;
    }
  }

  takeLine(): string | undefined {
    const line = this.line;
    this.line = undefined;
    return line;
  }

  /** Signals the whole group (the close ladder in session.ts decides which signal when). */
  kill(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid !== undefined && !this.exited) killGroup(pid, signal);
  }

  /** Ends the group now and waits (bounded) for the pipes to close. */
  async close(): Promise<void> {
    const child = this.child;
    if (child?.pid !== undefined && !this.closed) {
      const closed = new Promise<void>((r) => child.once('close', () => r()));
      child.stdin?.end();
      this.kill('SIGKILL');
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([closed, new Promise<void>((r) => (timer = setTimeout(r, PIPE_DRAIN_MS + 1_000)))]);
      clearTimeout(timer);
    }
    this.buffer.clear();
  }

  send(message: JSONRPCMessage): Promise<void> {
    this.line = undefined;
    const stdin = this.child?.stdin;
    if (!stdin || this.exited) return Promise.reject(new Error('Not connected'));
    try {
      const line = serializeMessage(message);
      this.line = line.slice(0, -1);
      if (stdin.write(line)) return Promise.resolve();
    } catch (err) {
      return Promise.reject(err as Error);
    }
    return new Promise((resolve) => stdin.once('drain', resolve));
  }
}
