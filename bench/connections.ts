// Benchmarks of the connection engine, each against a baseline measured in the same
// run: the pool vs a bare SDK v2 Client on the same transport, in each protocol era (legacy:
// the SDK v1 echo fixture; modern: the SDK v2 fixture, 2026-07-28). Prints medians and ratios.
//
// The calls are made by the pool as it ships: bundled by esbuild like the CLI and the panel
// (built-pool.ts). Under tsx every function the pool creates per call is wrapped in `__name`
// (esbuild's keepNames), which cost the pool ~40% more host CPU per call than the bare client
// and is no part of the product. `--only instructions` counts the host's instructions per call
// under valgrind (callgrind), the same figure on a busy machine as on an idle one.
//
//   npx tsx bench/connections.ts [--calls 2000] [--servers 50] [--reps 5] [--only calls,discovery,rss,idle,instructions]
//   (env: BENCH_CALLS, BENCH_SERVERS, BENCH_REPS; small quick run: --calls 200 --servers 8 --reps 3)
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ConnectionPool, liveChildPids } from '../electron/services/connections';
import { stdioEnv } from '../electron/services/connections/expand';
import { fixture, pidAlive, spec, startFixture, stdioSpec, until } from '../test/integration/connections/helpers';
import { buildHost, builtPool } from './connections/built-pool';
import { full } from './short';

const here = dirname(fileURLToPath(import.meta.url));
const execFileP = promisify(execFile);
const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: process.env.BENCH_CALLS ?? full('2000', '40') },
    servers: { type: 'string', default: process.env.BENCH_SERVERS ?? full('50', '4') },
    reps: { type: 'string', default: process.env.BENCH_REPS ?? full('5', '1') },
    short: { type: 'boolean' },
    only: { type: 'string', default: 'calls,discovery,rss,idle' }, // and `instructions` (valgrind, minutes)
  },
});
const CALLS = Number(values.calls);
const SERVERS = Number(values.servers);
const REPS = Math.max(1, Number(values.reps));
const ONLY = new Set(values.only!.split(','));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (n: number) => `${n.toFixed(n < 10 ? 3 : 1)} ms`;
const line = (label: string, text: string) => console.log(`${label.padEnd(44)} ${text}`);

type Era = 'legacy' | 'modern';
const FIXTURE: Record<Era, string> = { legacy: 'echo', modern: 'v2' };

/** A bare v2 client that knows the era (pinned modern, or the default legacy handshake). */
async function bareClient(kind: 'stdio' | 'http', url?: string, era: Era = 'legacy'): Promise<Client> {
  const client = new Client(
    { name: 'bench-bare', version: '1' },
    { capabilities: { roots: { listChanged: false } }, ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}) },
  );
  const transport =
    kind === 'stdio'
      ? // The environment the pool gives its servers (the pool's own rule: an agent's servers inherit
        // the person's), not the SDK's short default list: what a child is given changes its start
        // (NODE_EXTRA_CA_CERTS alone costs each node child ~70 ms of CPU).
        new StdioClientTransport({ command: process.execPath, args: [fixture(FIXTURE[era]), 'stdio'], env: stdioEnv(stdioSpec('bare', FIXTURE[era]), process.env, {}), stderr: 'pipe' })
      : new StreamableHTTPClientTransport(new URL(url!));
  await client.connect(transport);
  await client.listTools();
  return client;
}

/**
 * Sequential calls in rounds of four blocks, pool-bare-bare-pool (ABBA), so load from anything
 * else on the machine hits both sides alike. Printed: the median per-call time of each side's
 * blocks, and the median (with the middle half) of the rounds' own ratios.
 */
async function benchCalls(Pool: typeof ConnectionPool, dataDir: string, kind: 'stdio' | 'http', era: Era): Promise<void> {
  const http = kind === 'http' ? await startFixture(FIXTURE[era], 'http') : null;
  const pool = new Pool({ dataDir, env: process.env });
  pool.setServers([kind === 'stdio' ? stdioSpec('echo', FIXTURE[era]) : spec({ id: 'echo', transport: 'http', url: http!.url })]);
  const round = await pool.discover();
  const got = round.servers[0]!.state;
  if (got.kind !== 'connected' || got.era !== era) throw new Error(`pool connected ${JSON.stringify(got)}, wanted era ${era}`);
  const bare = await bareClient(kind, http?.url, era);
  const poolBlock = async (n: number) => {
    const t = performance.now();
    for (let i = 0; i < n; i++) {
      const res = await pool.callTool('echo', 'echo', { text: `m${i}` });
      if (res.isError) throw new Error(`pool call failed: ${JSON.stringify(res)}`);
    }
    return (performance.now() - t) / n;
  };
  const bareBlock = async (n: number) => {
    const t = performance.now();
    for (let i = 0; i < n; i++) await bare.callTool({ name: 'echo', arguments: { text: `m${i}` } });
    return (performance.now() - t) / n;
  };
  await poolBlock(100); // warm-up: JIT, sockets
  await bareBlock(100);
  const block = 20;
  const rounds = Math.max(3, Math.round(CALLS / (4 * block)));
  const poolTimes: number[] = [];
  const bareTimes: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const p1 = await poolBlock(block);
    const b1 = await bareBlock(block);
    const b2 = await bareBlock(block);
    const p2 = await poolBlock(block);
    poolTimes.push(p1, p2);
    bareTimes.push(b1, b2);
    ratios.push((p1 + p2) / (b1 + b2));
  }
  const p = median(poolTimes);
  const q = median(bareTimes);
  const spread = `${pct(ratios, 25).toFixed(2)}–${pct(ratios, 75).toFixed(2)}`;
  line(`calls ${kind} ${era} (${rounds} rounds of 4×${block})`, `pool ${ms(p)}/call · bare ${ms(q)}/call · ratio per round ${median(ratios).toFixed(3)} (middle half ${spread}; target ≤ 1.05)`);
  await bare.close();
  await pool.dispose();
  await http?.stop();
}

/**
 * The host's instructions per call (callgrind), pool vs bare, each from two runs of one process
 * (N and 4N calls after a warm-up): the difference over 3N calls, so start-up and JIT warm-up
 * cancel out. The server child is not counted. The host runs `--single-threaded`: V8 compiles
 * and collects on the one thread callgrind follows in order, so a count does not depend on when
 * a background compile landed (repeated counts agree within ~2 %; without it, within ~10 %,
 * more than the difference measured). Three such pairs per side, alternating, the median. One
 * run at a time on a quiet machine: how the host's polls meet the server's answers moves the
 * count (two runs side by side, or a test run beside them, moved it by up to 25 %). Minutes:
 * valgrind runs ~50× slower.
 */
async function benchInstructions(dataDir: string, era: Era): Promise<void> {
  if (spawnSync('valgrind', ['--version']).status !== 0) return line(`instructions ${era}`, 'skipped: valgrind is not installed');
  const host = await buildHost();
  const n = Math.max(50, Math.round(CALLS / 10));
  const count = async (side: 'pool' | 'bare', calls: number, run: number): Promise<number> => {
    const out = join(dataDir, `callgrind.${side}.${calls}.${run}`);
    const args = ['--tool=callgrind', `--callgrind-out-file=${out}`, process.execPath, '--single-threaded', host, side, era, String(calls), dataDir, fixture(FIXTURE[era])];
    const r = await execFileP('valgrind', args, { encoding: 'utf8', timeout: 1_800_000 }).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: `${String(err)}\n${err.stderr ?? ''}` }));
    const m = /Collected : (\d+)/.exec(r.stderr);
    if (!m) throw new Error(`callgrind ${side} ${calls}: ${r.stdout}${r.stderr.slice(-2000)}`);
    return Number(m[1]);
  };
  const per = async (side: 'pool' | 'bare', run: number) => ((await count(side, 4 * n, run)) - (await count(side, n, run))) / (3 * n);
  const pool: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < 3; run++) {
    pool.push(await per('pool', run));
    bare.push(await per('bare', run));
  }
  const k = (xs: number[]) => xs.map((x) => `${(x / 1000).toFixed(0)}k`).join(', ');
  line(
    `instructions per call, stdio ${era} (${3 * n} calls)`,
    `pool ${(median(pool) / 1000).toFixed(0)}k · bare ${(median(bare) / 1000).toFixed(0)}k · ratio ${(median(pool) / median(bare)).toFixed(3)} (target ≤ 1.03; runs: pool ${k(pool)}, bare ${k(bare)})`,
  );
}

/**
 * Discovery of N stdio servers: the pool's round (first start, so every server is probed for its
 * era) vs bare clients with Promise.all, in alternating order over a few rounds (the machine's
 * drift hits both sides alike); the median of the rounds' ratios. And bare, one after the other.
 */
async function benchDiscovery(Pool: typeof ConnectionPool, dataDir: string): Promise<void> {
  const specs = Array.from({ length: SERVERS }, (_, i) => stdioSpec(`s${i}`, 'echo', [], { name: `s${i}` }));
  const bare = async () => {
    const lat: number[] = [];
    const t = performance.now();
    const clients = await Promise.all(
      specs.map(async () => {
        const t0 = performance.now();
        const c = await bareClient('stdio');
        lat.push(performance.now() - t0);
        return c;
      }),
    );
    const total = performance.now() - t;
    await Promise.all(clients.map((c) => c.close()));
    return { total, lat, found: clients.length };
  };
  // The pool's round (bounded starts, budgets from each server's own start), with nothing known yet.
  const pooled = async (round: number) => {
    const pool = new Pool({ dataDir: join(dataDir, `discovery-${round}`), env: process.env });
    pool.setServers(specs);
    const lat: number[] = [];
    const t = performance.now();
    const r = await pool.discover({ onResult: (_id, res) => lat.push(res.connectMs ?? NaN) });
    const total = performance.now() - t;
    await pool.dispose();
    return { total, lat, found: r.servers.filter((s) => s.state.kind === 'connected').length, initial: r.initialLoadDurationMs };
  };
  const rounds = Math.max(1, Math.min(REPS, 3));
  const ratios: number[] = [];
  const poolTotals: number[] = [];
  const bareTotals: number[] = [];
  let last: { p: Awaited<ReturnType<typeof pooled>>; b: Awaited<ReturnType<typeof bare>> } | null = null;
  for (let i = 0; i < rounds; i++) {
    const b1 = i % 2 ? null : await bare();
    const p = await pooled(i);
    const b = b1 ?? (await bare());
    ratios.push(p.total / b.total);
    poolTotals.push(p.total);
    bareTotals.push(b.total);
    last = { p, b };
  }
  const seqN = Math.min(SERVERS, 10);
  const t = performance.now();
  for (let i = 0; i < seqN; i++) await (await bareClient('stdio')).close();
  const seqTotal = ((performance.now() - t) / seqN) * SERVERS;
  line(
    `discovery of ${SERVERS} stdio servers (${rounds} rounds)`,
    `pool ${ms(median(poolTotals))} · bare Promise.all ${ms(median(bareTotals))} · ratio per round ${median(ratios).toFixed(3)} (${ratios.map((r) => r.toFixed(2)).join(', ')}; target ≤ 1.0)`,
  );
  line('  sequential (bare, extrapolated from 10)', ms(seqTotal));
  line('  discovered in the first round (last round)', `${last!.p.found}/${SERVERS} (initialLoadDurationMs ${last!.p.initial}); bare ${last!.b.found}/${SERVERS}`);
  line('  per-server connect, pool', `p50 ${ms(pct(last!.p.lat, 50))} · max ${ms(Math.max(...last!.p.lat))}`);
  line('  per-server connect, bare Promise.all', `p50 ${ms(pct(last!.b.lat, 50))} · max ${ms(Math.max(...last!.b.lat))}`);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-conn-'));
  console.log(`bench/connections: calls=${CALLS} servers=${SERVERS} reps=${REPS} node ${process.version}`);
  try {
    const Pool = ONLY.has('calls') || ONLY.has('discovery') ? await builtPool() : ConnectionPool;
    if (ONLY.has('calls')) {
      for (const era of ['legacy', 'modern'] as const) {
        await benchCalls(Pool, dataDir, 'stdio', era);
        await benchCalls(Pool, dataDir, 'http', era);
      }
    }
    if (ONLY.has('instructions')) for (const era of ['legacy', 'modern'] as const) await benchInstructions(dataDir, era);
    if (ONLY.has('discovery')) await benchDiscovery(Pool, dataDir);
    if (ONLY.has('rss')) {
      // A fresh host process, so the benchmark's own garbage (bare clients) is not counted.
      const res = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, 'connections', 'rss-host.ts'), String(SERVERS), dataDir], {
        encoding: 'utf8',
        timeout: 180_000,
      });
      const m = /RSS (\S+) BASE (\S+) CONNECTED (\d+)/.exec(res.stdout);
      if (!m) throw new Error(`rss-host failed: ${res.stdout}${res.stderr}`);
      line(`host RSS with ${m[3]}/${SERVERS} idle connected servers`, `${m[1]} MB (before the pool: ${m[2]} MB; children excluded; target ≤ 150 MB)`);
    }
    if (ONLY.has('idle')) {
      const n = Math.min(SERVERS, 10);
      const pool = new ConnectionPool({ dataDir, env: process.env, idleMs: 1_000 });
      pool.setServers(Array.from({ length: n }, (_, i) => stdioSpec(`i${i}`, 'echo')));
      await pool.discover();
      const pids = pool.ids().map((id) => pool.info(id)!.pid!);
      const t = performance.now();
      await until(() => pids.every((p) => !pidAlive(p)) && liveChildPids().length === 0, 15_000, 'idle close').catch(() => undefined);
      const left = new Set([...pids.filter(pidAlive), ...liveChildPids()]).size;
      line(`idle close (${n} servers, idleMs 1000)`, `${left} children left after ${ms(performance.now() - t)} (target 0)`);
      await pool.dispose();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
