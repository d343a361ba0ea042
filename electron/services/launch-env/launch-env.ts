// The environment stdio servers start from: the process's own, plus what the
// login shell adds, resolved once per host start. Which variables, and why:
// - PATH: the login shell's entries first, then the process's that it lacks. That is the order
//   a terminal has, where the agents (and the servers they start) normally run; the bare
//   desktop PATH (/usr/bin:/bin…) is kept behind it, so nothing that worked stops working.
// - every other variable the process lacks (NVM_DIR, PYENV_ROOT, JAVA_HOME, a proxy, a token
//   exported in .zshrc): a server started from the agent in a terminal would see it too.
// - never a variable the process already has (HOME, the panel's own settings, a test's
//   sandbox): the shell does not override the host's context. And never the shell's own
//   session state (PWD, SHLVL, prompts, exported bash functions).
// A server entry's own `env` is applied over all of this at spawn (session.ts, CONN-4), so an
// entry that sets PATH or anything else always wins.
import { readLoginShellEnv, type ShellEnvResult, type ShellFailure } from './login-shell';

/** How long the start waits for the login shell before it goes on with the process env. */
export const LOGIN_SHELL_TIMEOUT_MS = 3_000;

const SESSION_ONLY = new Set(['PWD', 'OLDPWD', 'SHLVL', '_', 'PS1', 'PS2', 'PS3', 'PS4', 'PROMPT', 'PROMPT_COMMAND', 'RPROMPT', 'TERM', 'COLUMNS', 'LINES', 'DISABLE_AUTO_UPDATE']);

export interface LaunchEnvironment {
  /** What stdio servers start from (before their entry's env and the keychain's values). */
  env: NodeJS.ProcessEnv;
  source: 'login-shell' | 'process';
  shell: string | null;
  /** How long the shell took to answer (0 when it was not asked). */
  ms: number;
  /** Asked but not used: why, with the raw detail (said in the log and by the doctor). */
  note: { code: ShellFailure; detail: string } | null;
  /** The login shell's PATH; asked lazily (bounded) when the start did not ask (the CLI). */
  loginPath(): Promise<string | null>;
}

function splitPath(p: string | undefined): string[] {
  return (p ?? '').split(':').filter((x) => x !== '');
}

/** The process env with the login shell's additions (see the header for the rules). */
export function mergeLaunchEnv(base: NodeJS.ProcessEnv, login: Record<string, string>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...base };
  for (const [k, v] of Object.entries(login)) {
    if (k === 'PATH' || out[k] !== undefined || SESSION_ONLY.has(k) || k.startsWith('BASH_FUNC_')) continue;
    out[k] = v;
  }
  const path = [...new Set([...splitPath(login.PATH), ...splitPath(base.PATH)])];
  if (path.length) out.PATH = path.join(':');
  return out;
}

export interface LaunchEnvOptions {
  env: NodeJS.ProcessEnv;
  /** Read the login shell at start (the Electron host), or only when the doctor asks. */
  loginShell: boolean;
  shell?: string;
  timeoutMs?: number;
}

export async function resolveLaunchEnvironment(opts: LaunchEnvOptions): Promise<LaunchEnvironment> {
  const timeoutMs = opts.timeoutMs ?? LOGIN_SHELL_TIMEOUT_MS;
  let asked: Promise<ShellEnvResult> | null = null;
  const ask = (): Promise<ShellEnvResult> => (asked ??= readLoginShellEnv({ env: opts.env, timeoutMs, ...(opts.shell ? { shell: opts.shell } : {}) }));
  const loginPath = async (): Promise<string | null> => {
    const r = await ask();
    return r.ok ? (r.env.PATH ?? null) : null;
  };
  if (!opts.loginShell) return { env: opts.env, source: 'process', shell: null, ms: 0, note: null, loginPath };
  const r = await ask();
  if (r.ok) return { env: mergeLaunchEnv(opts.env, r.env), source: 'login-shell', shell: r.shell, ms: r.ms, note: null, loginPath };
  return { env: opts.env, source: 'process', shell: r.shell, ms: r.ms, note: { code: r.why, detail: r.detail }, loginPath };
}
