// Runs the real CLI (or any TypeScript script) in a child process (node --import tsx), the
// way a user or script does.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { seedCodeCache } from './code-cache-seed';

export const ROOT = join(import.meta.dirname, '../..');
export const CLI = join(ROOT, 'electron/host/cli.ts');
// By path, so the CLI also runs with a cwd outside the repository (a temp HOME).
const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

export interface CliRun {
  code: number | null;
  /** The signal that ended the process (a crash shows here, not in `code`). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  stdin?: string;
  timeoutMs?: number;
  /** Called with all of stdout so far on every chunk (e.g. to act on a printed login URL). */
  onStdout?: (stdoutSoFar: string) => void;
}

/** A TypeScript file run by node with the tsx loader; cwd defaults to the repository. */
export function runTs(script: string, args: string[], opts: RunOptions = {}): Promise<CliRun> {
  return spawnCollect(['--import', TSX_LOADER, script, ...args], opts);
}

function spawnCollect(nodeArgs: string[], opts: RunOptions): Promise<CliRun> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, nodeArgs, {
      cwd: opts.cwd ?? ROOT,
      env: opts.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: opts.timeoutMs ?? 60_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      opts.onStdout?.(stdout);
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => done({ code, signal, stdout, stderr }));
    child.stdin.end(opts.stdin ?? '');
  });
}

/** The bundle `npm run build` makes: what an installed `mcp-panel` runs. */
export const BUILT_CLI = join(ROOT, 'out/cli/mcp-panel.mjs');

/**
 * The CLI from source (tsx), or with MCP_PANEL_TEST_CLI=built the bundle: .ci/run builds before
 * it tests, so CI checks the artefact users install, and each run starts in ~0.1 s instead of
 * the ~1.5 s tsx spends transpiling (about a hundred CLI runs in the suite).
 */
export function cliNodeArgs(args: string[]): string[] {
  return process.env.MCP_PANEL_TEST_CLI === 'built' ? [BUILT_CLI, ...args] : ['--import', TSX_LOADER, CLI, ...args];
}

export function runCli(args: string[], opts: RunOptions = {}): Promise<CliRun> {
  seedCodeCache(opts.env);
  return spawnCollect(cliNodeArgs(args), opts);
}
