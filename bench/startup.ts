// bench:startup — cold starts of the built `mcp-panel` command (out/cli/mcp-panel.mjs, run as
// the installed link runs it: the file itself, through its `#!/usr/bin/env node` line), each
// against `node -e 0` measured in the same run, interleaved so a busy machine slows both:
//   - `mcp-panel help`                        target ≤ 250 ms wall and ≤ 3× bare node
//   - `mcp-panel status --no-connect --json`  target ≤ 400 ms (config alone, 3 layers, 6 servers)
//   - `mcp-panel serve --json`: spawn → URL printed, target ≤ 600 ms (then SIGTERM, waited for)
// Medians of RUNS cold starts each (fresh processes; the OS file cache is warm, as it is for a
// person typing the command twice). Run: npm run bench:startup [-- --runs 21]
import { full, targetsExit } from './short';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'out/cli/mcp-panel.mjs');
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt > 0 ? Number(process.argv[runsAt + 1]) : full(15, 2);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A HOME with a minimax user config and a trusted-looking project layer: what `status` reads. */
function sandbox(): { home: string; workspace: string; env: NodeJS.ProcessEnv; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-bench-startup-'));
  const home = join(dir, 'home');
  const workspace = join(dir, 'workspace');
  mkdirSync(join(home, '.minimax'), { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const stdio = (n: number) => ({ command: 'node', args: [`server-${n}.js`], env: { LEVEL: String(n) } });
  writeFileSync(join(home, '.minimax/mcp.json'), JSON.stringify({ mcpServers: { a: stdio(1), b: stdio(2), docs: { type: 'http', url: 'https://docs.example.com/mcp' } } }, null, 2));
  writeFileSync(join(workspace, '.mcp.json'), JSON.stringify({ mcpServers: { c: stdio(3), d: stdio(4), e: stdio(5) } }, null, 2));
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, MCP_PANEL_DATA_DIR: join(home, '.mcp-panel'), LANG: 'C.UTF-8' };
  // The keychain as the person has it: the D-Bus session of this shell, if any.
  for (const k of ['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR', 'XDG_DATA_HOME', 'DISPLAY']) if (process.env[k]) env[k] = process.env[k];
  return { home, workspace, env, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

function timeRun(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): number {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { env, cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

/** spawn → the line with the URL on stdout; then SIGTERM and wait for the exit (not timed). */
function timeServe(env: NodeJS.ProcessEnv, cwd: string, workspace: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(BIN, ['serve', '--json', '--profile', 'minimax', '--workspace', workspace], { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let ms: number | null = null;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (ms === null && /"url":\s*"http/.test(out)) {
        ms = performance.now() - t0;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (ms === null ? reject(new Error(`serve exited ${code} before printing its URL: ${err}`)) : resolve(ms)));
  });
}

async function main(): Promise<number> {
  // The figures are for the built command: build it (and the renderer serve needs) if stale.
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-node.mjs'), '--if-stale', '--quiet'], { stdio: 'inherit' });
  if (built.status !== 0) return 1;
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'inherit' });

  const sb = sandbox();
  const cwd = sb.workspace;
  const bare: number[] = [];
  const help: number[] = [];
  const status: number[] = [];
  const serve: number[] = [];
  try {
    // One unmeasured round: the file cache, and the data dir's first-run files.
    timeRun(BIN, ['status', '--no-connect', '--json'], sb.env, cwd);
    await timeServe(sb.env, cwd, sb.workspace);
    for (let i = 0; i < RUNS; i++) {
      bare.push(timeRun(process.execPath, ['-e', '0'], sb.env, cwd));
      help.push(timeRun(BIN, ['help'], sb.env, cwd));
      status.push(timeRun(BIN, ['status', '--no-connect', '--json', '--profile', 'minimax', '--workspace', sb.workspace], sb.env, cwd));
      serve.push(await timeServe(sb.env, cwd, sb.workspace));
    }
  } finally {
    sb.dispose();
  }

  const base = median(bare);
  const rows = [
    { name: 'node -e 0 (baseline)', ms: base, target: null as number | null, ratioTarget: null as number | null },
    { name: 'mcp-panel help', ms: median(help), target: 250, ratioTarget: 3 },
    { name: 'mcp-panel status --no-connect --json', ms: median(status), target: 400, ratioTarget: null },
    { name: 'mcp-panel serve: spawn → URL printed', ms: median(serve), target: 600, ratioTarget: null },
  ];
  const [l1, l5] = loadavg();
  process.stdout.write(`startup: medians of ${RUNS} cold starts each, ${availableParallelism()} cores, load ${l1!.toFixed(2)}/${l5!.toFixed(2)}, node ${process.version}\n`);
  let ok = true;
  for (const r of rows) {
    const ratio = r.ms / base;
    const meets = (r.target === null || r.ms <= r.target) && (r.ratioTarget === null || ratio <= r.ratioTarget);
    ok &&= meets;
    const target = r.target === null ? '' : `target ≤ ${r.target} ms${r.ratioTarget ? ` and ≤ ${r.ratioTarget}×` : ''}: ${meets ? 'ok' : 'OVER'}`;
    process.stdout.write(`  ${r.name.padEnd(40)} ${r.ms.toFixed(1).padStart(7)} ms  ${ratio.toFixed(2).padStart(5)}× node   ${target}\n`);
  }
  process.stdout.write(ok ? 'startup: every target met\n' : 'startup: a target was missed\n');
  return targetsExit(ok);
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`bench:startup: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
