// One agent contract check's world (SPEC AGENT-7): a temporary HOME and workspace that the agent's
// own CLI and the panel's CLI both see, and nothing else of this machine's but the agents' own
// code (Copilot's unpacked package, Node's compile cache: one each, beside the installed agents,
// so no check pays to unpack or compile an agent again). Each agent gets the
// variables that keep its files in that HOME (XDG_*, Gemini's system settings path; Codex's
// CODEX_HOME is left to its default, ~/.codex, which Codex requires to exist when it is set),
// the off-switches for its updates and telemetry, and a proxy that refuses, so nothing needs the
// network (127.0.0.1 stays direct for the fixture servers). Every run is bounded and captured.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cacheRoot } from '../../../scripts/agents/cache.mjs';
import { startHttpFixture } from '../../helpers/panel-home';
import { runCli, type CliRun } from '../../helpers/run-cli';
import { installedAgent, type AgentId } from './installed';

export interface AgentRun extends CliRun {
  /** stdout then stderr: some agents print their lists on stderr (Gemini CLI's debugLogger). */
  output: string;
  /** The run was ended by `until` or the deadline, not by itself. */
  stopped: boolean;
}

export interface AgentRunOptions {
  /** A bound for a run that should end by itself (default 120 s): a deadline, not a measurement. */
  timeoutMs?: number;
  /** Ends the run (its whole process group) once this holds; checked on output and every 100 ms. */
  until?: (output: string) => boolean;
  env?: NodeJS.ProcessEnv;
  /** Where the agent runs (default: the workspace). */
  cwd?: string;
  /** Written to its stdin, which stays open until the run ends (a JSON-RPC session); else no stdin. */
  input?: string;
  /** Called with its stdout so far on every chunk; what it returns is written to its stdin. */
  reply?: (stdout: string) => string | undefined;
}

export interface Sandbox {
  root: string;
  home: string;
  /** The workspace, by its real path (agents key projects by it). */
  workspace: string;
  env: NodeJS.ProcessEnv;
  /** Runs the agent's own CLI in the workspace. */
  agent(id: AgentId, args: string[], opts?: AgentRunOptions): Promise<AgentRun>;
  /** Runs the panel's CLI (`mcp-panel ARGS`) in the workspace; exit code as it came. */
  panel(args: string[]): Promise<CliRun>;
  /** The panel's `--json` answer; throws with its stderr when it exits non-zero. */
  panelJson<T>(args: string[]): Promise<T>;
  /** A file's text under the sandbox (an absolute path, or relative to HOME), or null. */
  read(path: string): string | null;
  write(path: string, text: string): void;
  /** Puts the agent's own command (`claude`, `codex`…) on the sandbox's PATH, for the panel to find. */
  installOnPath(id: AgentId, bin: string): void;
  /** A fixture HTTP MCP server (test/fixtures/servers/NAME.mjs), stopped at cleanup. */
  http(name: string, args?: string[]): Promise<{ url: string }>;
  cleanup(): Promise<void>;
}

const PROXY = 'http://127.0.0.1:9'; // nothing listens there: a request that would leave the machine fails at once

function agentEnv(root: string, home: string): NodeJS.ProcessEnv {
  return {
    // A temporary folder of its own too: agents keep locks and sockets there (Claude Code's
    // per-user tmp folder, Codex's helpers), which two sandboxes must not share.
    TMPDIR: join(root, 'tmp'),
    // root/bin first: `installOnPath` puts an agent's command there, as a person's install would.
    PATH: [join(root, 'bin'), dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    HOME: home,
    USER: process.env.USER ?? 'root',
    LOGNAME: process.env.LOGNAME ?? process.env.USER ?? 'root',
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    // Gemini CLI also reads /etc/gemini-cli (packages/cli/src/config/settings.ts getSystemSettingsPath).
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: join(root, 'etc', 'gemini-cli', 'settings.json'),
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: join(root, 'etc', 'gemini-cli', 'system-defaults.json'),
    // Gemini CLI starts itself again with a larger heap unless told not to: a second Node per run.
    GEMINI_CLI_NO_RELAUNCH: 'true',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    COPILOT_AUTO_UPDATE: 'false',
    // Copilot's binary unpacks its own code (235 MB) into ~/.cache/copilot/pkg/<platform>/<version>
    // on its first start in a HOME (1.5 CPU s, and a HOME per check): this points it at one folder
    // beside the installed agents, unpacked once (atomically, by Copilot itself) and read after.
    COPILOT_PKG_CACHE_HOME: join(cacheRoot(), 'copilot-pkg'),
    OPENCODE_DISABLE_AUTOUPDATE: 'true',
    OPENCODE_DISABLE_MODELS_FETCH: 'true',
    OPENCODE_DISABLE_SHARE: 'true',
    OPENCODE_DISABLE_LSP_DOWNLOAD: 'true',
    HTTP_PROXY: PROXY,
    HTTPS_PROXY: PROXY,
    http_proxy: PROXY,
    https_proxy: PROXY,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
  };
}

function runAgent(id: AgentId, args: string[], cwd: string, env: NodeJS.ProcessEnv, opts: AgentRunOptions): Promise<AgentRun> {
  const a = installedAgent(id);
  return new Promise((resolve, reject) => {
    // Its own process group: ending the run ends the MCP servers the agent started too.
    const talks = opts.input !== undefined || opts.reply !== undefined;
    // An agent started by a Node runtime keeps its compiled code in one cache beside the installed
    // agents, not in each check's fresh TMPDIR (Qwen Code enables Node's compile cache there): a
    // warm start costs Qwen 0.3–0.6 CPU s less. Node 20 (Gemini CLI's runtime here) ignores it.
    const nodeCache = a.prefix.length > 0 ? { NODE_COMPILE_CACHE: join(cacheRoot(), 'node-compile-cache') } : {};
    const child = spawn(a.command, [...a.prefix, ...args], { cwd: opts.cwd ?? cwd, env: { ...env, ...nodeCache, ...opts.env }, stdio: [talks ? 'pipe' : 'ignore', 'pipe', 'pipe'], detached: true });
    if (talks) {
      child.stdin!.on('error', () => {}); // the agent may be gone before it reads
      if (opts.input) child.stdin!.write(opts.input);
    }
    let stdout = '';
    let stderr = '';
    let stopped = false;
    const stop = () => {
      if (stopped || child.exitCode !== null) return;
      stopped = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const check = () => {
      if (opts.until?.(stdout + stderr)) stop();
    };
    const poll = opts.until ? setInterval(check, 100) : null;
    const deadline = setTimeout(stop, opts.timeoutMs ?? 120_000);
    child.stdout!.on('data', (c: Buffer) => {
      stdout += c.toString();
      const answer = opts.reply?.(stdout);
      if (answer) child.stdin!.write(answer);
      check();
    });
    child.stderr!.on('data', (c: Buffer) => {
      stderr += c.toString();
      check();
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(deadline);
      if (poll) clearInterval(poll);
      // The agent's MCP servers are in its group: none outlives the run.
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // none left
      }
      resolve({ code, signal, stdout, stderr, output: stdout + stderr, stopped });
    });
  });
}

export interface SandboxOptions {
  /** `git init` the workspace (OpenCode and Gemini look for the project root by it). */
  git?: boolean;
  /** The panel trusts the workspace (its own CFG-10 switch), so only the agent's rules decide. Default true. */
  panelTrust?: boolean;
}

export async function createSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-panel-agent-')));
  const home = join(root, 'home');
  const workspace = join(root, 'workspace');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(root, 'tmp'));
  mkdirSync(join(workspace, opts.git ? '.git' : ''), { recursive: true });
  const env = agentEnv(root, home);
  // The panel shares the run's code cache of its own bundle (test/global-setup.ts), else the agents' world.
  const panelEnv = { ...env, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME ?? env.XDG_CACHE_HOME, MCP_PANEL_BUDGET_SCALE: process.env.MCP_PANEL_BUDGET_SCALE ?? '1' };
  const abs = (p: string) => (p.startsWith('/') ? p : join(home, p));
  const stops: Array<() => Promise<void>> = [];
  const sb: Sandbox = {
    root,
    home,
    workspace,
    env,
    agent: (id, args, o = {}) => runAgent(id, args, workspace, env, o),
    panel: (args) => runCli(args, { cwd: workspace, env: panelEnv, timeoutMs: 120_000 }),
    async panelJson<T>(args: string[]) {
      const r = await sb.panel([...args, '--json']);
      if (r.code !== 0) throw new Error(`mcp-panel ${args.join(' ')} exited ${r.code}: ${r.stderr.trim() || r.stdout.trim()}`);
      return JSON.parse(r.stdout) as T;
    },
    installOnPath(id, bin) {
      const a = installedAgent(id);
      const quote = (x: string) => `'${x.replace(/'/g, `'\\''`)}'`;
      mkdirSync(join(root, 'bin'), { recursive: true });
      writeFileSync(join(root, 'bin', bin), `#!/bin/sh\nexec ${[a.command, ...a.prefix].map(quote).join(' ')} "$@"\n`, { mode: 0o755 });
    },
    read: (p) => (existsSync(abs(p)) ? readFileSync(abs(p), 'utf8') : null),
    write: (p, text) => {
      mkdirSync(dirname(abs(p)), { recursive: true });
      writeFileSync(abs(p), text);
    },
    async http(name, args = []) {
      const server = await startHttpFixture(name, args);
      stops.push(server.stop);
      return { url: server.url };
    },
    async cleanup() {
      await Promise.all(stops.map((stop) => stop()));
      rmSync(root, { recursive: true, force: true });
    },
  };
  if (opts.panelTrust !== false) {
    const r = await sb.panel(['trust', '--workspace', workspace]);
    if (r.code !== 0) throw new Error(`mcp-panel trust failed: ${r.stderr}`);
  }
  return sb;
}
