// A temporary HOME holding real agent config files, and the panel's web host started on it
// as a real process (`cli serve --json`): what the browser tests and the screenshot use.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const PID_SERVER = join(ROOT, 'test/e2e/fixtures/pid-server.mjs');

export interface PanelHome {
  profile: 'minimax' | 'kimi';
  dir: string;
  home: string;
  workspace: string;
  pidFile: string;
  cleanup(): void;
}

/**
 * minimax profile: a user file with a good stdio server (3 tools), one whose command does
 * not exist, and a disabled one; a project file that does not parse (CFG-5).
 */
export function makePanelHome(extra: Record<string, unknown> = {}): PanelHome {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-e2e-'));
  const home = join(dir, 'home');
  const workspace = join(dir, 'workspace');
  const pidFile = join(dir, 'alpha.pid');
  mkdirSync(join(home, '.minimax-code'), { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const user = {
    mcpServers: {
      alpha: { command: process.execPath, args: [PID_SERVER], env: { PID_FILE: pidFile, API_TOKEN: 'sk-live-do-not-leak' } },
      missing: { command: join(dir, 'no-such-binary') },
      sleepy: { command: process.execPath, args: [PID_SERVER], enabled: false },
      ...extra,
    },
  };
  writeFileSync(join(home, '.minimax-code', 'mcp.json'), JSON.stringify(user, null, 2));
  writeFileSync(join(workspace, '.mcp.json'), '{\n  "mcpServers": {\n    "half": { "command": "x", }\n');
  return { profile: 'minimax', dir, home, workspace, pidFile, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** kimi profile: a user server and a project server in an untrusted git workspace (CFG-10). */
export function makeKimiHome(): PanelHome {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-e2e-kimi-'));
  const home = join(dir, 'home');
  const workspace = join(dir, 'repo');
  const pidFile = join(dir, 'project.pid');
  mkdirSync(join(home, '.kimi-code'), { recursive: true });
  mkdirSync(join(workspace, '.git'), { recursive: true });
  const server = (env: Record<string, string> = {}) => ({ command: process.execPath, args: [PID_SERVER], env });
  writeFileSync(join(home, '.kimi-code', 'mcp.json'), JSON.stringify({ mcpServers: { personal: server() } }, null, 2));
  writeFileSync(join(workspace, '.mcp.json'), JSON.stringify({ mcpServers: { project: server({ PID_FILE: pidFile }) } }, null, 2));
  return { profile: 'kimi', dir, home, workspace, pidFile, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface RunningPanel {
  url: string;
  origin: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startPanel(h: PanelHome, extraArgs: string[] = []): Promise<RunningPanel> {
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'electron/host/cli.ts'), 'serve', '--json', '--profile', h.profile, '--workspace', h.workspace, ...extraArgs], {
    cwd: h.workspace,
    env: { ...process.env, HOME: h.home, MCP_PANEL_DATA_DIR: join(h.dir, 'panel-data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const info = await new Promise<{ url: string; origin: string; port: number }>((resolveInfo, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${err}`)), 60_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      try {
        const parsed = JSON.parse(out) as { url: string; origin: string; port: number };
        clearTimeout(timer);
        resolveInfo(parsed);
      } catch {
        /* not complete yet */
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}: ${err}`));
    });
  });
  return {
    ...info,
    child,
    stop: () =>
      new Promise<void>((r) => {
        if (child.exitCode !== null) return r();
        const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(kill);
          r();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** A fixture HTTP MCP server from test/fixtures/servers (`LISTENING <port>` on stdout). */
export async function startHttpFixture(name: string, args: string[] = []): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [join(ROOT, 'test/fixtures/servers', `${name}.mjs`), 'http', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const port = await new Promise<number>((resolvePort, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /LISTENING (\d+)/.exec(out);
      if (m) resolvePort(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`${name} fixture exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
