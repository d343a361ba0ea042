// A temporary HOME holding real agent config files, and the panel's web host started on it
// as a real process (`cli serve --json`): what the browser tests and the screenshot use.
import { createHash } from 'node:crypto';
import { kimiWorkDirKey } from '../../shared/profiles/kimi/files';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { get as httpGet } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedCodeCache } from './code-cache-seed';
import { cliNodeArgs } from './run-cli';
import type { Profile } from '../../shared/schemas/server';
import { fixture } from './fixtures';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const PID_SERVER = fixture('test/e2e/fixtures/pid-server.mjs');

export interface PanelHome {
  profile: Profile;
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
  mkdirSync(join(home, '.minimax'), { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const user = {
    mcpServers: {
      alpha: { command: process.execPath, args: [PID_SERVER], env: { PID_FILE: pidFile, API_TOKEN: 'sk-live-do-not-leak' } },
      missing: { command: join(dir, 'no-such-binary') },
      sleepy: { command: process.execPath, args: [PID_SERVER], enabled: false },
      ...extra,
    },
  };
  writeFileSync(join(home, '.minimax', 'mcp.json'), JSON.stringify(user, null, 2));
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
  // Kimi Code itself trusts the folder (its own record, 2.1.0): what is left to decide is the panel's trust.
  const record = join(home, '.kimi-code', 'workspace-trust', kimiWorkDirKey(workspace, (t) => createHash('sha256').update(t).digest('hex')));
  mkdirSync(dirname(record), { recursive: true });
  writeFileSync(record, JSON.stringify({ root: workspace, trustedAt: 1 }));
  return { profile: 'kimi', dir, home, workspace, pidFile, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface RunningPanel {
  /** The first one-time link `serve --json` printed (it works once: SEC-2). */
  url: string;
  origin: string;
  port: number;
  child: ChildProcess;
  /** A new one-time link: serve prints one per line on its stdin. One per browser context. */
  freshUrl(): Promise<string>;
  /**
   * A fresh link's session as request headers (`Cookie` and the page's key), for requests
   * made outside a browser: what the page sends on every call (SEC-2).
   */
  session(): Promise<{ Cookie: string; 'X-MCP-Panel-Key': string }>;
  stop(): Promise<void>;
}

export interface StartPanelOptions {
  /** Extra environment for the serve process (e.g. MCP_PANEL_BROWSER for a stand-in browser). */
  env?: NodeJS.ProcessEnv;
}

/**
 * Trades a one-time link for the session cookie the web host sets (`name=value`) and the key
 * the page it answers moves on with (`/#k=KEY`, read by the page's script).
 */
export function exchangeLink(link: string): Promise<{ status: number; cookie: string | null; key: string | null; body: string }> {
  return new Promise((done, reject) => {
    const req = httpGet(link, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        const set = res.headers['set-cookie']?.[0];
        done({ status: res.statusCode ?? 0, cookie: set ? set.split(';')[0]! : null, key: /url=\/#k=([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? null, body });
      });
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`no answer from ${link}`)));
    req.on('error', reject);
  });
}

export async function startPanel(h: PanelHome, extraArgs: string[] = [], opts: StartPanelOptions = {}): Promise<RunningPanel> {
  seedCodeCache({ HOME: h.home });
  const child = spawn(process.execPath, cliNodeArgs(['serve', '--json', '--profile', h.profile, '--workspace', h.workspace, ...extraArgs]), {
    cwd: h.workspace,
    // No test reaches the official MCP Registry: Discover (every view is walked) gets a closed
    // local port, refused at once, unless the test gives its own registry (test/fixtures/registry).
    env: { ...process.env, HOME: h.home, MCP_PANEL_DATA_DIR: join(h.dir, 'panel-data'), MCP_PANEL_REGISTRY: 'http://127.0.0.1:9', ...opts.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  // stdout: one pretty-printed document (ends with "\n}\n"), then one `{"url": …}` line per line written to stdin.
  const links: string[] = [];
  const waiting: Array<(url: string) => void> = [];
  let first: ((info: { url: string; origin: string; port: number }) => void) | null = null;
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
    if (first) {
      const end = out.indexOf('\n}\n');
      if (end < 0) return;
      const done = first;
      first = null;
      done(JSON.parse(out.slice(0, end + 2)) as { url: string; origin: string; port: number });
      out = out.slice(end + 3);
    }
    let nl: number;
    while ((nl = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, nl);
      out = out.slice(nl + 1);
      if (line.trim()) links.push((JSON.parse(line) as { url: string }).url);
    }
    while (links.length && waiting.length) waiting.shift()!(links.shift()!);
  });
  const info = await new Promise<{ url: string; origin: string; port: number }>((resolveInfo, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${err}`)), 60_000);
    first = (i) => {
      clearTimeout(timer);
      resolveInfo(i);
    };
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}: ${err}`));
    });
  });
  const freshUrl = () =>
    new Promise<string>((resolveUrl, reject) => {
      const take = (u: string) => {
        clearTimeout(timer);
        resolveUrl(u);
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(take), 1);
        reject(new Error(`serve printed no new link: ${err}`));
      }, 30_000); // a margin for a busy machine, not a measurement
      waiting.push(take);
      child.stdin!.write('\n');
    });
  return {
    ...info,
    child,
    freshUrl,
    async session() {
      const { status, cookie, key } = await exchangeLink(await freshUrl());
      if (status !== 200 || !cookie || !key) throw new Error(`the fresh link was refused (${status})`);
      return { Cookie: cookie, 'X-MCP-Panel-Key': key };
    },
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
  const child = spawn(process.execPath, [fixture(`test/fixtures/servers/${name}.mjs`), 'http', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
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
