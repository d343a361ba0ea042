// Benchmarks of the connection engine, each against a baseline measured in the same
// run: the pool vs a bare SDK v2 Client on the same transport, in each protocol era (legacy:
// the SDK v1 echo fixture; modern: the SDK v2 fixture, 2026-07-28). Prints medians and ratios.
//
//   npx tsx bench/connections.ts [--calls 2000] [--servers 50] [--reps 5] [--only calls,discovery,rss,idle]
//   (env: BENCH_CALLS, BENCH_SERVERS, BENCH_REPS; small quick run: --calls 200 --servers 8 --reps 3)
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ConnectionPool, liveChildPids } from '../electron/services/connections';
import { fixture, pidAlive, spec, startFixture, stdioSpec, until } from '../test/integration/connections/helpers';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: process.env.BENCH_CALLS ?? '2000' },
    servers: { type: 'string', default: process.env.BENCH_SERVERS ?? '50' },
    reps: { type: 'string', default: process.env.BENCH_REPS ?? '5' },
    only: { type: 'string', default: 'calls,discovery,rss,idle' },
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
      ? new StdioClientTransport({ command: process.execPath, args: [fixture(FIXTURE[era]), 'stdio'], stderr: 'pipe' })
      : new StreamableHTTPClientTransport(new URL(url!));
  await client.connect(transport);
  await client.listTools();
  return client;
}

/**
 * Sequential calls in small blocks, alternating pool and bare (ABBA) so load from anything
 * else on the machine hits both sides alike; medians of the per-block per-call times.
 */
async function benchCalls(dataDir: string, kind: 'stdio' | 'http', era: Era): Promise<void> {
  const http = kind === 'http' ? await startFixture(FIXTURE[era], 'http') : null;
  const pool = new ConnectionPool({ dataDir, env: process.env });
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
  await poolBlock(50); // warm-up: JIT, sockets
  await bareBlock(50);
  const block = 20;
  const blocks = Math.max(2, Math.round(CALLS / block / 2) * 2);
  const poolTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let b = 0; b < blocks; b++) {
    if (b % 4 === 0 || b % 4 === 3) poolTimes.push(await poolBlock(block));
    else bareTimes.push(await bareBlock(block));
  }
  const p = median(poolTimes);
  const q = median(bareTimes);
  const n = (blocks / 2) * block;
  line(`calls ${kind} ${era} (${n} per side, blocks of ${block})`, `pool ${ms(p)}/call · bare ${ms(q)}/call · ratio ${(p / q).toFixed(3)} (target ≤ 1.05)`);
  await bare.close();
  await pool.dispose();
  await http?.stop();
}

/** Discovery of N stdio servers: the pool's round vs bare clients with Promise.all, and sequential. */
async function benchDiscovery(dataDir: string): Promise<ConnectionPool> {
  const specs = Array.from({ length: SERVERS }, (_, i) => stdioSpec(`s${i}`, 'echo', [], { name: `s${i}` }));
  // Bare, all at once (the naive start the issue measured).
  let t = performance.now();
  const bareLat: number[] = [];
  const clients = await Promise.all(
    specs.map(async () => {
      const t0 = performance.now();
      const c = await bareClient('stdio');
      bareLat.push(performance.now() - t0);
      return c;
    }),
  );
  const bareTotal = performance.now() - t;
  await Promise.all(clients.map((c) => c.close()));
  // Bare, one after the other.
  const seqN = Math.min(SERVERS, 10);
  t = performance.now();
  for (let i = 0; i < seqN; i++) await (await bareClient('stdio')).close();
  const seqTotal = ((performance.now() - t) / seqN) * SERVERS;
  // The pool's round (bounded starts, budgets from each server's own start).
  const pool = new ConnectionPool({ dataDir, env: process.env });
  pool.setServers(specs);
  const poolLat: number[] = [];
  t = performance.now();
  const round = await pool.discover({ onResult: (_id, r) => poolLat.push(r.connectMs ?? NaN) });
  const poolTotal = performance.now() - t;
  const found = round.servers.filter((s) => s.state.kind === 'connected').length;
  line(`discovery of ${SERVERS} stdio servers`, `pool ${ms(poolTotal)} · bare Promise.all ${ms(bareTotal)} · ratio ${(poolTotal / bareTotal).toFixed(3)} (target ≤ 1.0)`);
  line('  sequential (bare, extrapolated from 10)', ms(seqTotal));
  line('  discovered in the first round', `${found}/${SERVERS} (initialLoadDurationMs ${round.initialLoadDurationMs})`);
  line('  per-server connect, pool', `p50 ${ms(pct(poolLat, 50))} · max ${ms(Math.max(...poolLat))}`);
  line('  per-server connect, bare Promise.all', `p50 ${ms(pct(bareLat, 50))} · max ${ms(Math.max(...bareLat))}`);
  return pool;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-conn-'));
  console.log(`bench/connections: calls=${CALLS} servers=${SERVERS} reps=${REPS} node ${process.version}`);
  try {
    if (ONLY.has('calls')) {
      for (const era of ['legacy', 'modern'] as const) {
        await benchCalls(dataDir, 'stdio', era);
        await benchCalls(dataDir, 'http', era);
      }
    }
    if (ONLY.has('discovery')) await (await benchDiscovery(dataDir)).dispose();
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
