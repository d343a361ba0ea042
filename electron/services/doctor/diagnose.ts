// The launch doctor: why a stdio server did not start, as one reason code with
// its params and the fix in its sentence (UI-9: shared/i18n/messages/reasons.ts words it). The
// checks run in the order a start fails: the entry's variables, its cwd, the command on the
// PATH the child gets, the interpreter a script names, then what the process said as it exited.
import { resolve } from 'node:path';
import { stat } from 'node:fs/promises';
import type { ConnectionSpec, ReasonCode, ReasonParams } from '../../../shared/schemas/server';
import type { ExitStatus } from '../mcp/types';
import { MissingVariableError, stdioEnv } from '../connections/expand';
import { homeDir } from '../paths';
import { npxEngineProblem } from './engines';
import { lookupCommand } from './lookup';
import { missingInterpreter } from './shebang';

export interface Diagnosis {
  code: ReasonCode;
  params: ReasonParams;
  /** Raw detail, untranslated: the OS message, or the last stderr lines. */
  reason: string;
}

/** What the doctor knows of the environment a server starts in. */
export interface DoctorEnv {
  /** The launch environment (before the entry's env and the injected values). */
  env: NodeJS.ProcessEnv;
  injected?: Record<string, string>;
  /** The login shell's PATH, for "use /opt/homebrew/bin/npx"; absent: not asked. */
  loginPath?: () => Promise<string | null>;
}

/** What a start left behind. */
export interface LaunchFacts {
  error?: unknown;
  exit?: ExitStatus | null;
  stderr?: readonly string[];
}

/** Stderr lines kept in an exited-at-once diagnosis. */
export const STDERR_LINES = 5;

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : err === undefined ? '' : String(err);
}

async function isDir(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

/** The last non-blank stderr lines, joined for a one-line row. */
export function stderrTail(lines: readonly string[] = [], n = STDERR_LINES): string {
  return lines
    .filter((l) => l.trim() !== '')
    .slice(-n)
    .join(' | ');
}

/** One diagnosis of a stdio server's start, or null when nothing the doctor knows explains it. */
export async function diagnoseLaunch(spec: ConnectionSpec, denv: DoctorEnv, facts: LaunchFacts = {}): Promise<Diagnosis | null> {
  if (spec.transport !== 'stdio' || !spec.command) return null;
  const detail = errorText(facts.error);
  if (facts.error instanceof MissingVariableError) return { code: 'variable_unset', params: { variable: facts.error.variable }, reason: '' };
  let env: Record<string, string>;
  try {
    env = stdioEnv(spec, denv.env, denv.injected ?? {});
  } catch (err) {
    if (err instanceof MissingVariableError) return { code: 'variable_unset', params: { variable: err.variable }, reason: '' };
    throw err;
  }
  const cwd = spec.cwd ?? homeDir(denv.env);
  // Node reports a missing cwd as `spawn <command> ENOENT`, blaming the command.
  if (!(await isDir(cwd))) return { code: 'cwd_missing', params: { cwd }, reason: detail };
  // Windows resolves through PATHEXT and has no #! line: what follows is POSIX only (cross-spawn's job there).
  if (process.platform === 'win32') return null;
  const found = await lookupCommand(spec.command, env.PATH, cwd);
  if (found.kind === 'missing') {
    // A path is not looked up on PATH (execvp): saying "not on the PATH" would send the user the wrong way.
    if (spec.command.includes('/')) return { code: 'file_missing', params: { file: resolve(cwd, spec.command) }, reason: detail };
    const path = env.PATH ?? '';
    const login = await denv.loginPath?.();
    const there = login && login !== path ? await lookupCommand(spec.command, login, cwd) : null;
    if (there?.kind === 'found') return { code: 'command_elsewhere', params: { command: spec.command, path, found: there.file }, reason: detail };
    return { code: 'command_not_found', params: { command: spec.command, path }, reason: detail };
  }
  if (found.kind === 'not-executable') return { code: 'not_executable', params: { file: found.file }, reason: detail };
  const interpreter = await missingInterpreter(found.file, env.PATH, cwd);
  if (interpreter) return { code: 'interpreter_missing', params: { file: found.file, interpreter }, reason: detail };
  if (!facts.exit) return null;
  const engine = await npxEngineProblem(spec.command, spec.args, cwd, env);
  if (engine) return { code: 'node_engine', params: { ...engine }, reason: stderrTail(facts.stderr) };
  return { code: 'exited_at_once', params: { exit: facts.exit.code ?? facts.exit.signal ?? '?' }, reason: stderrTail(facts.stderr) };
}

/** A failure of the start itself (not a slow or misbehaving server that did start). */
export function isStartFailure(err: unknown, exit: ExitStatus | null | undefined): boolean {
  if (exit || err instanceof MissingVariableError) return true;
  const sys = err as { syscall?: unknown } | null;
  return typeof sys?.syscall === 'string' && sys.syscall.startsWith('spawn');
}
