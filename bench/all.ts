// `npm run bench`: every benchmark, one after another on a quiet machine, each printing its own
// figures against its baseline measured in the same run; then one table of what ran and how long.
// `npm run bench -- --short` (what .ci/run does): each once with a handful of iterations, so a
// change that breaks a benchmark fails CI; no timing is judged here (the figures are the point of
// a full run on a quiet machine, README "Benchmarks").
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SHORT } from './short';

const ROOT = join(import.meta.dirname, '..');

/** Each benchmark's script and the arguments of its run (short: the knobs in bench/short.ts). */
const BENCHES: ReadonlyArray<{ name: string; script: string; args?: string[] }> = [
  { name: 'config', script: 'bench/config.ts' },
  { name: 'names', script: 'bench/names.ts' },
  { name: 'connections', script: 'bench/connections.ts', ...(SHORT ? { args: ['--only', 'calls,discovery'] } : {}) },
  { name: 'startup', script: 'bench/startup.ts' },
  { name: 'cli', script: 'bench/cli.ts' },
  { name: 'bridge', script: 'bench/bridge.ts' },
  { name: 'ui', script: 'bench/ui.ts' },
  { name: 'hostile', script: 'bench/hostile-content.ts' },
  { name: 'scale', script: 'bench/scale.ts' },
  { name: 'plan', script: 'bench/plan.ts' },
  { name: 'registry', script: 'bench/registry.ts' },
];

const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));

function run(script: string, args: readonly string[]): Promise<{ code: number; tail: string[] }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, script), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...(SHORT ? { MCP_PANEL_BENCH_SHORT: '1' } : {}) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    child.stdout.on('data', (c: Buffer) => {
      process.stdout.write(c);
      lines.push(...c.toString().split('\n').filter(Boolean));
      if (lines.length > 200) lines.splice(0, lines.length - 200);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, tail: lines.slice(-3) }));
  });
}

// bridge, cli and startup run the built command: build it first when a source is newer.
await run('scripts/build-node.mjs', ['--if-stale', '--quiet']);

const rows: Array<[string, string, string]> = [];
let failed = 0;
for (const b of BENCHES.filter((x) => only.length === 0 || only.includes(x.name))) {
  console.log(`\n== bench:${b.name}${SHORT ? ' (short)' : ''}`);
  const t0 = performance.now();
  const { code } = await run(b.script, b.args ?? []);
  if (code !== 0) failed++;
  rows.push([b.name, code === 0 ? 'ran' : `FAILED (exit ${code})`, `${((performance.now() - t0) / 1000).toFixed(1)} s`]);
}
console.log(`\n${'benchmark'.padEnd(14)}${'result'.padEnd(20)}wall`);
for (const [n, r, w] of rows) console.log(`${n.padEnd(14)}${r.padEnd(20)}${w}`);
if (failed > 0) {
  console.error(`${failed} benchmark(s) failed`);
  process.exit(1);
}
