// The installable command: `npm pack`, then `npm i -g --prefix <empty> --omit=dev <tarball>` from
// a folder outside the repository, then the installed `mcp-panel` run from yet another folder
// against a temp HOME: no repository, no dev dependencies, no tsx. Real npm, real registry
// (about half a minute, mostly npm installing the runtime dependencies).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/run-cli';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; bin: Record<string, string> };
const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-install-'));
const prefix = join(dir, 'prefix');
const home = join(dir, 'home');
const elsewhere = join(dir, 'elsewhere');
const bin = join(prefix, 'bin', 'mcp-panel');
let files: string[] = [];

/**
 * No npm_* variables of the outer `npx vitest`, no repository on PATH: as a person's shell. The
 * CA certificates a proxy needs come back (.ci/run takes them from every other test's processes).
 */
function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_|^INIT_CWD$/i.test(k) && k !== 'PATH') env[k] = v;
  if (process.env.MCP_PANEL_TEST_NPM_CA_CERTS) env.NODE_EXTRA_CA_CERTS = process.env.MCP_PANEL_TEST_NPM_CA_CERTS;
  return { ...env, PATH: [join(prefix, 'bin'), dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'), ...extra };
}

function run(cmd: string, args: string[], cwd: string, env = cleanEnv(), timeout = 120_000) {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  for (const d of [prefix, home, elsewhere, join(home, '.minimax')]) mkdirSync(d, { recursive: true });
  // A clean clone's `npm pack` builds first (`prepack`: npm run build). Here the build is the one
  // CI made; only the Node entries are brought up to date (rebuilding out/renderer would pull it
  // from under the browser suites running beside this one).
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) expect(run('npx', ['electron-vite', 'build'], ROOT, process.env, 120_000).code).toBe(0);
  expect(run(process.execPath, ['scripts/build-node.mjs', '--if-stale', '--quiet'], ROOT, process.env).code).toBe(0);
  const packed = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], ROOT, cleanEnv());
  expect(packed.code, packed.stderr).toBe(0);
  const [info] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  files = info!.files.map((f) => f.path);
  const tarball = join(dir, info!.filename);
  const installed = run('npm', ['i', '-g', '--prefix', prefix, '--omit=dev', '--no-audit', '--no-fund', tarball], elsewhere, cleanEnv(), 150_000);
  expect(installed.code, installed.stderr).toBe(0);
}, 175_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the packed tarball', () => {
  it('ships what runs: the built command, the renderer, package.json, README; no sources, maps or tests', () => {
    expect(files).toContain(pkg.bin['mcp-panel']);
    expect(files).toContain('out/renderer/index.html');
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md']));
    const stray = files.filter((f) => /\.(ts|tsx|map)$/.test(f) || /^(electron|shared|renderer|test|scripts|bench|node_modules)\//.test(f));
    expect(stray).toEqual([]);
  });

  it('installs without dev dependencies: no electron, tsx or vitest next to the command', () => {
    const deps = readdirSync(join(prefix, 'lib/node_modules/mcp-panel/node_modules'));
    expect(deps).not.toEqual(expect.arrayContaining(['electron']));
    for (const dev of ['electron', 'tsx', 'vitest', 'typescript', 'esbuild', 'react']) expect(deps).not.toContain(dev);
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });
});

describe('the installed mcp-panel, run from another folder', () => {
  it('--version prints the package version', () => {
    const r = run(bin, ['--version'], elsewhere, cleanEnv({ HOME: home }));
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe(pkg.version);
    expect(r.code).toBe(0);
  });

  it('help lists the commands on stdout', () => {
    const r = run('mcp-panel', ['help'], elsewhere, cleanEnv({ HOME: home }));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\s+status\s/m);
    expect(r.stdout).toMatch(/^\s+serve\s/m);
  });

  it('status --json reads the temp HOME and connects its server (the bundled engine and SDK)', () => {
    writeFileSync(
      join(home, '.minimax/mcp.json'),
      JSON.stringify({ mcpServers: { missing: { command: 'mcp-panel-test-no-such-command', args: [] }, off: { command: 'node', enabled: false } } }),
    );
    const r = run('mcp-panel', ['status', '--json'], elsewhere, cleanEnv({ HOME: home, MCP_PANEL_DATA_DIR: join(home, '.mcp-panel') }));
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { profile: string; workspace: string; servers: Array<{ name: string; state: string; layer: string }> };
    expect(report.profile).toBe('minimax');
    expect(report.workspace).toBe(elsewhere);
    const byName = Object.fromEntries(report.servers.map((s) => [s.name, s]));
    expect(byName.missing).toMatchObject({ layer: 'user', state: 'failed' });
    expect(byName.off).toMatchObject({ state: 'disabled' });

    const quick = run('mcp-panel', ['status', '--no-connect', '--json'], elsewhere, cleanEnv({ HOME: home, MCP_PANEL_DATA_DIR: join(home, '.mcp-panel') }));
    expect(quick.code, quick.stderr).toBe(0);
    expect((JSON.parse(quick.stdout) as { servers: Array<{ name: string; state: string }> }).servers.find((s) => s.name === 'missing')?.state).not.toBe('failed');
  });

  it('serve prints a one-time link and serves the shipped renderer on it', async () => {
    const child = spawn(bin, ['serve', '--json'], { cwd: elsewhere, env: cleanEnv({ HOME: home, MCP_PANEL_DATA_DIR: join(home, '.mcp-panel') }), stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /"url":\s*"([^"]+)"/.exec(out);
          if (m) resolve(m[1]!);
        });
        void exited.then((code) => reject(new Error(`serve exited ${code}: ${err}`)));
      });
      // The link is exchanged for the session cookie (SEC-2); the page itself is then `/`.
      const exchange = await fetch(url, { redirect: 'manual' });
      const cookie = exchange.headers.get('set-cookie')?.split(';')[0] ?? '';
      expect(cookie).toMatch(/^mcp-panel-\d+=/);
      const page = await fetch(new URL('/', url), { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const html = await page.text();
      const script = /src="([^"]+\.js)"/.exec(html)?.[1];
      expect(script, html).toBeTruthy();
      const asset = await fetch(new URL(script!, url), { headers: { cookie } });
      expect(asset.status).toBe(200);
      expect((await asset.text()).length).toBeGreaterThan(10_000);
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});
