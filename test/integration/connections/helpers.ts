// Shared helpers for the connection engine's tests and benchmark: fixture paths, hand-built
// ConnectionSpecs (the config engine is not needed here), fixture processes on free ports.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ConnectionSpec, type ConnectionSpecInput, ConnectionSpecSchema } from '../../../shared/schemas/server';
import { EVERYTHING, fixture as fixturePath } from '../../helpers/fixtures';

const here = fileURLToPath(new URL('.', import.meta.url));
export const ROOT = resolve(here, '../../..');
export const FIXTURES = fixturePath('test/fixtures/servers');
export { EVERYTHING };

export function fixture(name: string): string {
  return join(FIXTURES, `${name}.mjs`);
}

export function spec(input: Partial<ConnectionSpecInput> & { id: string }): ConnectionSpec {
  return ConnectionSpecSchema.parse({ name: input.id, profile: 'kimi', layer: 'user', source: 'configured', transport: 'stdio', ...input });
}

export function stdioSpec(id: string, name: string, args: string[] = [], extra: Partial<ConnectionSpecInput> = {}): ConnectionSpec {
  return spec({ id, transport: 'stdio', command: process.execPath, args: [fixture(name), 'stdio', ...args], ...extra });
}

export async function tempDir(prefix = 'conn-'): Promise<{ path: string; cleanup(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, cleanup: () => rm(path, { recursive: true, force: true }) };
}

/**
 * Whether a process still runs. A zombie counts as gone: it has exited, and when its parent
 * (the test host) exited first it waits for PID 1 to reap it, which some containers never do.
 */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
}

export interface Running {
  proc: ChildProcess;
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** Starts a fixture (or any node script) that prints `LISTENING <port>` and waits for it. */
export async function startListening(script: string, args: string[], path: string, env: NodeJS.ProcessEnv = process.env): Promise<Running> {
  const proc = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  const port = await new Promise<number>((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error(`${script} did not listen: ${out}`)), 60_000); // a margin for a busy machine
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /LISTENING (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        res(Number(m[1]));
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`${script} exited with ${code}: ${out}`));
    });
  });
  proc.stderr!.resume();
  return { proc, port, url: `http://127.0.0.1:${port}${path}`, stop: () => stopProcess(proc) };
}

export function startFixture(name: string, mode: 'http' | 'sse', args: string[] = []): Promise<Running> {
  return startListening(fixture(name), [mode, '--port', '0', ...args], mode === 'http' ? '/mcp' : '/sse');
}

export async function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const gone = new Promise<void>((r) => proc.once('exit', () => r()));
  proc.kill('SIGTERM');
  const t = setTimeout(() => proc.kill('SIGKILL'), 3000);
  await gone;
  clearTimeout(t);
}

/** A free TCP port on 127.0.0.1 (for servers that take PORT and print nothing). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
    srv.on('error', rej);
  });
}

/**
 * Polls until `fn` is true. `ms` is only how long to wait before failing with `what` (a margin
 * that holds on a machine at load 10), never what the test measures.
 */
export async function until(fn: () => boolean | Promise<boolean>, ms = 30_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A remote that is slow to start: an HTTP proxy in front of `target` that holds the first
 * request (the `initialize` POST) for `hold` ms, or until the `hold` promise settles (a start
 * the test ends when it chooses), then forwards everything unchanged.
 */
export async function startSlowRemote(target: string, hold: number | Promise<unknown>): Promise<Pick<Running, 'url' | 'stop'>> {
  const { createServer, request } = await import('node:http');
  const upstream = new URL(target);
  const released = typeof hold === 'number' ? null : hold.then(() => undefined);
  let held = false;
  const server = createServer((req, res) => {
    const forward = (): void => {
      const up = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      up.on('error', () => res.destroy());
      req.pipe(up);
    };
    if (released) return void released.then(forward);
    if (held) return forward();
    held = true;
    setTimeout(forward, hold as number);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
