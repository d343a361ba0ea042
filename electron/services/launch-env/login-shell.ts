// The login shell's environment, read once. A panel started from the Dock or
// a .desktop file inherits launchd's / the session manager's bare PATH, not the one the user's
// shell files build, so `npx`, `uvx` and `node` servers fail with `spawn npx ENOENT`. The same
// idea as shell-env/fix-path (`$SHELL -ilc env`), by hand because the bound matters: those
// libraries wait for the shell without a limit, and a shell whose rc file waits for input (a
// prompt, a network mount) would hold the panel's start. Ours is killed, with its group, at
// the bound, and the caller falls back to the process environment with a note.
import { spawn } from 'node:child_process';

/** Why the login shell's environment could not be used. */
export type ShellFailure = 'no_shell' | 'timeout' | 'failed' | 'unparsable';

export type ShellEnvResult =
  | { ok: true; env: Record<string, string>; shell: string; ms: number }
  | { ok: false; why: ShellFailure; shell: string | null; detail: string; ms: number };

/** Marks where the environment starts and ends: rc files may print banners around it. */
const MARK = '__MCP_PANEL_ENV_8f3a__';

export interface ReadShellOptions {
  /** The shell to ask; `$SHELL` of `env` when absent. */
  shell?: string;
  /** The environment the shell itself starts with (the process's own). */
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}

/** Parses `env -0` output between the marks; null when the marks are missing. */
export function parseEnvOutput(out: string): Record<string, string> | null {
  const start = out.indexOf(MARK);
  const end = out.lastIndexOf(MARK);
  if (start < 0 || end <= start) return null;
  const body = out.slice(start + MARK.length, end);
  const env: Record<string, string> = {};
  for (const entry of body.split('\0')) {
    const eq = entry.indexOf('=');
    if (eq <= 0) continue;
    env[entry.slice(0, eq).replace(/^\n+/, '')] = entry.slice(eq + 1);
  }
  return env;
}

export function readLoginShellEnv(opts: ReadShellOptions): Promise<ShellEnvResult> {
  const started = performance.now();
  const ms = (): number => Math.round(performance.now() - started);
  const shell = opts.shell ?? opts.env.SHELL;
  if (!shell || process.platform === 'win32') return Promise.resolve({ ok: false, why: 'no_shell', shell: null, detail: 'no $SHELL', ms: 0 });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let stderr = '';
    let done = false;
    const finish = (r: ShellEnvResult): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(r);
    };
    // -i -l: the files a terminal's shell reads (zsh's .zshrc is read by interactive shells only).
    // printf, not echo -n: dash's echo has no -n. detached: no controlling terminal to wait on,
    // and the whole group can be killed at the bound.
    const child = spawn(shell, ['-ilc', `printf '%s' '${MARK}'; env -0; printf '%s' '${MARK}'`], {
      env: { ...opts.env, DISABLE_AUTO_UPDATE: 'true' }, // oh-my-zsh: no update prompt
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const timer = setTimeout(() => {
      kill(child.pid);
      finish({ ok: false, why: 'timeout', shell, detail: `no answer within ${opts.timeoutMs} ms`, ms: ms() });
    }, opts.timeoutMs);
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-500)));
    child.on('error', (err) => finish({ ok: false, why: 'failed', shell, detail: err.message, ms: ms() }));
    // What its rc files started in the background has no one to serve, and may hold the pipes.
    child.on('exit', () => kill(child.pid));
    child.on('close', (code, signal) => {
      const env = parseEnvOutput(Buffer.concat(chunks).toString('utf8'));
      if (env && env.PATH !== undefined) finish({ ok: true, env, shell, ms: ms() });
      else if (code !== 0) finish({ ok: false, why: 'failed', shell, detail: `exit ${code ?? signal}${stderr ? `: ${stderr.trim().split('\n').at(-1)}` : ''}`, ms: ms() });
      else finish({ ok: false, why: 'unparsable', shell, detail: 'the shell printed no environment', ms: ms() });
    });
  });
}

function kill(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}
