// "Try launch": start a stdio server once, outside the pool, in the environment
// the pool would give it, send it MCP's `initialize`, and keep what it printed until it answers,
// exits, or the short timeout passes. Then its whole process group is ended (SEC-7: tracked
// while it lives, so a host that exits meanwhile still kills it). It is not recorded for the
// start-up sweep: it lives seconds, inside a call the host waits for.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { LATEST_PROTOCOL_VERSION } from '../mcp';
import type { ConnectionSpec } from '../../../shared/schemas/server';
import { MissingVariableError, stdioEnv } from '../connections/expand';
import { GROUP_MARKER_ENV, killGroup, trackGroup, untrackGroup } from '../mcp/process-group';
import { LineRing } from '../mcp/ring';
import { homeDir } from '../paths';
import type { ExitStatus } from '../mcp/types';
import { type Diagnosis, diagnoseLaunch, type DoctorEnv } from './diagnose';

export interface TryLaunchResult {
  command: string;
  args: string[];
  cwd: string;
  /** The process was created. */
  started: boolean;
  /** It answered `initialize`: it starts fine here. */
  answered: boolean;
  exit: ExitStatus | null;
  /** Still running, silent, when the timeout passed. */
  timedOut: boolean;
  ms: number;
  stdout: string[];
  stderr: string[];
  diagnosis: Diagnosis | null;
}

/** Lines of each stream kept. */
const KEEP_LINES = 100;
/** After the group is killed, how long its pipes may take to close. */
const DRAIN_MS = 1_000;

function initializeLine(): string {
  const params = { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'mcp-panel-doctor', version: '0' } };
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params }) + '\n';
}

function answersInitialize(line: string): boolean {
  try {
    const msg = JSON.parse(line) as { id?: unknown; result?: unknown };
    return msg.id === 1 && msg.result !== undefined;
  } catch {
    return false;
  }
}

export async function tryLaunch(spec: ConnectionSpec, denv: DoctorEnv, opts: { timeoutMs: number }): Promise<TryLaunchResult> {
  const started = performance.now();
  const cwd = spec.cwd ?? homeDir(denv.env);
  const base = { command: spec.command ?? '', args: spec.args, cwd };
  const stdout = new LineRing(KEEP_LINES);
  const stderr = new LineRing(KEEP_LINES);
  const result = (r: Pick<TryLaunchResult, 'started' | 'answered' | 'exit' | 'timedOut' | 'diagnosis'>): TryLaunchResult => ({
    ...base,
    ...r,
    ms: Math.round(performance.now() - started),
    stdout: stdout.lines(),
    stderr: stderr.lines(),
  });
  let env: Record<string, string>;
  try {
    env = stdioEnv(spec, denv.env, denv.injected ?? {});
  } catch (err) {
    if (!(err instanceof MissingVariableError)) throw err;
    return result({ started: false, answered: false, exit: null, timedOut: false, diagnosis: await diagnoseLaunch(spec, denv, { error: err }) });
  }
  const run = await new Promise<{ error?: Error; exit: ExitStatus | null; answered: boolean; timedOut: boolean; spawned: boolean }>((resolve) => {
    const child = spawn(base.command, spec.args, { env: { ...env, [GROUP_MARKER_ENV]: randomUUID() }, cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    const pid = child.pid;
    if (pid !== undefined) trackGroup(pid, () => undefined);
    let exit: ExitStatus | null = null;
    let answered = false;
    let timedOut = false;
    let spawnError: Error | undefined;
    let settled = false;
    let closed = false;
    let resolved = false;
    const finish = (): void => {
      if (resolved) return;
      resolved = true;
      if (pid !== undefined) untrackGroup(pid);
      resolve({ ...(spawnError ? { error: spawnError } : {}), exit, answered, timedOut, spawned: pid !== undefined });
    };
    const end = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (pid !== undefined) killGroup(pid, 'SIGKILL');
      if (closed || pid === undefined) return finish();
      // Pipes a helper outside the group holds must not keep the answer waiting.
      const drain = setTimeout(() => {
        for (const s of [child.stdin, child.stdout, child.stderr]) s?.destroy();
        finish();
      }, DRAIN_MS);
      child.once('close', () => {
        clearTimeout(drain);
        finish();
      });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      end();
    }, opts.timeoutMs);
    child.on('error', (err) => {
      spawnError = err;
      end();
    });
    child.on('exit', (code, signal) => {
      if (!settled) exit = { code, signal };
    });
    child.on('close', () => {
      closed = true;
      end();
    });
    child.stdin.on('error', () => undefined); // it may exit before reading
    child.stderr.on('data', (c: Buffer) => stderr.write(c));
    let partial = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout.write(c);
      const lines = (partial + c.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      if (lines.some(answersInitialize)) {
        answered = true;
        end();
      }
    });
    child.stdin.write(initializeLine());
  });
  const diagnosis = run.answered ? null : await diagnoseLaunch(spec, denv, { ...(run.error ? { error: run.error } : {}), exit: run.exit, stderr: stderr.lines() });
  return result({ started: run.spawned, answered: run.answered, exit: run.exit, timedOut: run.timedOut && !run.answered, diagnosis });
}
