// `tsx bench/config.ts`: load + merge of three layers holding 500 servers each (kimi: user,
// git-root project, project-local; trusted), median over repeated runs, beside a baseline of
// plain JSON.parse of the same three files in the same run. Target: ≤ 30 ms. Then every agent's
// layers in their own formats (config-agents.ts).
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ConfigService } from '../electron/services/config/config-service';
import { benchAgents } from './config-agents';
import { full } from './short';

const SERVERS = 500;
// Short: one load each, no warm-up (its figure is not quoted; the load and its checks still run).
const WARMUP = full(5, 0);
const RUNS = Number(process.env.BENCH_RUNS ?? full(30, 1));

function layerFile(tag: string): string {
  const mcpServers: Record<string, unknown> = {};
  for (let i = 0; i < SERVERS; i++) {
    // Two thirds overlap between layers so the merge really shadows.
    const name = i % 3 === 0 ? `${tag}-server-${i}` : `server-${i}`;
    mcpServers[name] =
      i % 2 === 0
        ? { command: 'npx', args: ['-y', `@example/mcp-${i}`], env: { LEVEL: String(i) }, timeout: 60000, enabledTools: ['a', 'b'], deferred: i % 4 === 0 }
        : { url: `https://mcp-${i}.example.com/mcp`, headers: { Authorization: 'Bearer ${TOKEN}', 'X-Tenant': tag }, startupTimeoutMs: 5000 };
  }
  return JSON.stringify({ mcp: { startupTimeoutMs: 20000 }, mcpServers }, null, 2);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

async function main(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'mcp-panel-bench-'));
  try {
    const home = join(root, 'home');
    const ws = join(root, 'ws');
    const files = [join(home, '.kimi-code', 'mcp.json'), join(ws, '.mcp.json'), join(ws, '.kimi-code', 'mcp.json')];
    await mkdir(join(ws, '.git'), { recursive: true });
    for (const [i, f] of files.entries()) {
      await mkdir(join(f, '..'), { recursive: true });
      await writeFile(f, layerFile(['user', 'project', 'local'][i] ?? 'x'));
    }
    const svc = new ConfigService({ env: { HOME: home }, cwd: ws });
    await svc.trust.trust(ws);

    const load: number[] = [];
    const parse: number[] = [];
    let servers = 0;
    for (let r = 0; r < WARMUP + RUNS; r++) {
      let t = performance.now();
      const view = await svc.load('kimi', ws);
      const loadMs = performance.now() - t;
      servers = view.servers.length;
      if (r === 0 && view.problems.length) console.log("problems:", view.problems.length, view.problems[0]);
      t = performance.now();
      for (const f of files) JSON.parse(await readFile(f, 'utf8'));
      const parseMs = performance.now() - t;
      if (r >= WARMUP) {
        load.push(loadMs);
        parse.push(parseMs);
      }
    }
    const mLoad = median(load);
    const mParse = median(parse);
    console.log(`config load+merge: 3 layers × ${SERVERS} servers → ${servers} effective, ${RUNS} runs`);
    console.log(`  ConfigService.load   median ${mLoad.toFixed(2)} ms  (target ≤ 30 ms: ${mLoad <= 30 ? 'met' : 'MISSED'})`);
    console.log(`  baseline JSON.parse  median ${mParse.toFixed(2)} ms`);
    console.log(`  ratio                ${(mLoad / mParse).toFixed(1)}×`);
    await benchAgents(root, RUNS, WARMUP);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
