// bench:cli — `mcp-panel tools --json` over 18 real stdio servers (issue 22 item 5), three ways
// in the same run:
//   - a panel running (`serve` on the same HOME): answered through its socket, target ≤ 500 ms
//   - reconnecting (`--refresh`: what every read command did before): every server started
//   - no panel: the cached tool lists (nothing started)
// The socket and cache runs alternate with `node -e 0` in rounds; printed: medians of RUNS cold
// starts of the built command, and the median of each round's ratio to the `node -e 0` run beside
// it (robust to the load changing between rounds). Each answer is checked (18 servers, every one
// connected, the right source), so a fast wrong answer cannot pass.
// Run: npm run bench:cli [-- --runs 7]
import { full, targetsExit } from './short';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'out/cli/mcp-panel.mjs');
const FIX = join(ROOT, 'test/fixtures/servers');
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt > 0 ? Number(process.argv[runsAt + 1]) : full(7, 1);
const TARGET_MS = 500;
const SERVERS = full(18, 6);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** 18 stdio servers built with the SDK: 4 × server-everything, 14 of the test fixtures. */
function sandbox(): { env: NodeJS.ProcessEnv; workspace: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-bench-cli-'));
  const home = join(dir, 'home');
  const workspace = join(dir, 'workspace');
  mkdirSync(join(home, '.minimax'), { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const servers: Record<string, unknown> = {};
  for (let i = 0; i < 4; i++) servers[`everything_${i}`] = { command: process.execPath, args: [EVERYTHING, 'stdio'] };
  const kinds = ['echo', 'counted', 'many-tools'];
  for (let i = 0; i < SERVERS - 4; i++) {
    const kind = kinds[i % kinds.length]!;
    servers[`${kind}_${i}`] = { command: process.execPath, args: [join(FIX, `${kind}.mjs`), 'stdio', ...(kind === 'many-tools' ? ['--count', '40'] : [])] };
  }
  writeFileSync(join(home, '.minimax/mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, MCP_PANEL_DATA_DIR: join(dir, 'data'), LANG: 'C.UTF-8' };
  for (const k of ['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR', 'XDG_DATA_HOME']) if (process.env[k]) env[k] = process.env[k];
  return { env, workspace, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

function timeTools(env: NodeJS.ProcessEnv, cwd: string, extra: string[], source: string): number {
  const args = ['tools', '--json', '--profile', 'minimax', '--workspace', cwd, ...extra];
  const t0 = performance.now();
  const r = spawnSync(BIN, args, { env, cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`tools ${extra.join(' ')} exited ${r.status}: ${r.stderr}`);
  const doc = JSON.parse(r.stdout) as { source: string; servers: Array<{ state: string }> };
  const up = doc.servers.filter((s) => s.state === 'connected').length;
  if (doc.source !== source || up !== SERVERS) throw new Error(`tools ${extra.join(' ')}: source ${doc.source}, ${up}/${SERVERS} connected (expected ${source}, all)`);
  return ms;
}

/** `serve` on the sandbox, ready once it printed its URL and answered one `tools` (servers settled). */
async function startServe(env: NodeJS.ProcessEnv, cwd: string): Promise<ChildProcess> {
  const child = spawn(BIN, ['serve', '--json', '--profile', 'minimax', '--workspace', cwd], { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (/"url":\s*"http/.test(out)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
  });
  timeTools(env, cwd, [], 'panel');
  return child;
}

async function main(): Promise<number> {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-node.mjs'), '--if-stale', '--quiet'], { stdio: 'inherit' });
  if (built.status !== 0) return 1;
  const sb = sandbox();
  const cwd = sb.workspace;
  const bare: number[] = [];
  const refresh: number[] = [];
  const panel: number[] = [];
  const cache: number[] = [];
  const bareCache: number[] = [];
  let serve: ChildProcess | null = null;
  try {
    // Unmeasured: the file cache, the first snapshots, the data folder's first-run files.
    timeTools(sb.env, cwd, ['--refresh'], 'live');
    serve = await startServe(sb.env, cwd);
    // Rounds of `node -e 0` then the panel's answer, side by side, so each round's ratio is read
    // at one load. The reconnecting runs come after: 18 servers starting and being reaped would
    // slow whatever is measured next.
    for (let i = 0; i < RUNS; i++) {
      bare.push(timeRun(process.execPath, ['-e', '0'], sb.env, cwd));
      panel.push(timeTools(sb.env, cwd, [], 'panel'));
    }
    for (let i = 0; i < RUNS; i++) refresh.push(timeTools(sb.env, cwd, ['--refresh'], 'live'));
    serve.kill('SIGTERM');
    await new Promise((r) => serve!.once('exit', r));
    serve = null;
    for (let i = 0; i < RUNS; i++) {
      bareCache.push(timeRun(process.execPath, ['-e', '0'], sb.env, cwd));
      cache.push(timeTools(sb.env, cwd, [], 'cache'));
    }
  } finally {
    serve?.kill('SIGKILL');
    sb.dispose();
  }
  const [l1, l5] = loadavg();
  const base = median(bare);
  process.stdout.write(`cli: tools --json, ${SERVERS} stdio servers, medians of ${RUNS} cold starts each, ${availableParallelism()} cores, load ${l1!.toFixed(2)}/${l5!.toFixed(2)}, node ${process.version}\n`);
  // Per round: the command over the `node -e 0` run just before it (same load).
  const perRound = (xs: number[], bases: number[]) => median(xs.map((x, i) => x / bases[i]!));
  const rows: Array<[string, number, number | null, string]> = [
    ['node -e 0 (baseline)', base, null, ''],
    ['tools --json --refresh (reconnects all)', median(refresh), null, ''],
    ['tools --json, a panel running (socket)', median(panel), perRound(panel, bare), `target ≤ ${TARGET_MS} ms: ${median(panel) <= TARGET_MS ? 'ok' : 'OVER'}`],
    ['tools --json, no panel (cached lists)', median(cache), perRound(cache, bareCache), ''],
  ];
  for (const [name, ms, round, note] of rows) {
    const perRun = round === null ? '' : `  (median of per-round ratios ${round.toFixed(2)}×)`;
    process.stdout.write(`  ${name.padEnd(42)} ${ms.toFixed(1).padStart(8)} ms  ${(ms / base).toFixed(2).padStart(6)}× node${perRun}   ${note}\n`);
  }
  process.stdout.write(`  speed-up with a panel running: ${(median(refresh) / median(panel)).toFixed(1)}×\n`);
  return targetsExit(median(panel) <= TARGET_MS);
}

function timeRun(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): number {
  const t0 = performance.now();
  spawnSync(cmd, args, { env, cwd, stdio: 'ignore' });
  return performance.now() - t0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`bench:cli: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
