// bench:names — 10,000 tools over 100 servers: naming + collisions, permission simulation
// against 500 rules, BM25 index build and query latency. Each figure is a median (wall clock
// and CPU) over several runs after warm-ups, printed beside a naive baseline measured in the
// same run, with the load average (the machine may be shared).
// Run: npx tsx bench/names.ts [naming] [simulate] [search]   (targets: naming ≤ 20 ms, simulate ≤ 50 ms, build ≤ 150 ms, query p95 ≤ 2 ms)
// Env: BENCH_RUNS=N (timed runs per measure, ≥ 15, default 21), BENCH_NO_GC=1 (no collection between measures).
import { full } from './short';
import MiniSearch from 'minisearch';
import { availableParallelism, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { performance } from 'node:perf_hooks';
import { assignNames, type NamingServerInput } from '../shared/naming/assign';
import { kimiQualifiedName } from '../shared/profiles/kimi/naming';
import { minimaxBaseName } from '../shared/profiles/minimax/naming';
import { minaraToolName } from '../shared/profiles/minara/naming';
import { simulate } from '../shared/permissions/simulate';
import { flattenRules, type RuleLists } from '../shared/permissions/rules';
import { ToolSearchIndex } from '../shared/disclosure/search';
import { createToolIndex } from '../test/helpers/minisearch-reference';

// Deterministic data (mulberry32).
let seed = 42;
const rand = (): number => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
// A vocabulary about the size of real tool catalogues (names and one-line descriptions).
const verbs = 'get list create update delete search run send fetch sync read write open close merge review approve assign archive export import upload download start stop restart deploy build test scan'.split(' ');
const nouns = 'issue repo user file message channel query table invoice balance forecast ticket branch commit pipeline job secret token wallet block transaction contract price chart alert incident page document folder calendar event meeting contact lead order product customer payment refund shipment report dashboard metric log trace span cluster node pod volume bucket queue topic schema index record'.split(' ');
const zh = '创建 查询 删除 更新 列出 发送 议题 仓库 用户 文件 天气 数据库 余额 消息 分支 提交 流水线 任务 密钥 钱包 区块 交易 合约 价格 图表 告警 事件 页面 文档 文件夹 日历 会议 联系人 订单 产品 客户 支付 退款 物流 报表 仪表盘 指标 日志 集群 节点 存储 队列 主题 索引 记录'.split(' ');

const SERVERS = 100;
const PER = 100;
type BenchTool = { name: string; description: string; inputSchema: object };
const servers: (Omit<NamingServerInput, 'tools'> & { tools: BenchTool[] })[] = [];
for (let s = 0; s < SERVERS; s++) {
  const name = s % 10 === 0 ? `server.${s}` : s % 10 === 1 ? `server_${s - 1}` : `srv-${s}-${pick(nouns)}`;
  // server_N mirrors server.N's tools: the same names after sanitising, so kimi drops them.
  const mirror = s % 10 === 1 ? servers[s - 1]!.tools : null;
  const tools: BenchTool[] = mirror ?? Array.from({ length: PER }, (_, t) => {
    const tool = t % 25 === 0 ? `${pick(verbs)}_${pick(nouns)}_${'x'.repeat(60)}_${t}` : `${pick(verbs)}_${pick(nouns)}_${t}`;
    // One description in three also carries a Chinese phrase, as bilingual servers do.
    const desc = `${pick(verbs)} a ${pick(nouns)} and ${pick(verbs)} its ${pick(nouns)}.${t % 3 === 0 ? ` ${pick(zh)}${pick(zh)}${pick(zh)}` : ''}`;
    return { name: tool, description: desc, inputSchema: { type: 'object', properties: { id: { type: 'string' } } } };
  });
  servers.push({ serverId: `id-${s}`, serverName: name, tools, source: s % 7 === 0 ? 'plugin-official' : 'configured' });
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

// A full collection before each series (then the warm-ups), so one measure's garbage is not
// billed to the next. Not before every timed run: a forced full collection ages out and
// flushes compiled code (with --no-flush-bytecode the effect disappears), and the next run
// measured 2-3× slower, re-compiling rather than computing. `tsx bench/names.ts` does not
// pass --expose-gc, so it is switched on from inside when it can be.
const gc: (() => void) | null = process.env.BENCH_NO_GC ? null : (() => {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) return g;
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return null;
  }
})();

// Short: one run of each, no warm-up (a short run's figures are not quoted; every check still runs).
const RUNS = full(Math.max(15, Number(process.env.BENCH_RUNS) || 21), 1);
const WARM = full(5, 0);
interface Timing { wall: number; cpu: number }
/**
 * Median wall-clock and CPU time of `runs` runs after `warm` warm-up runs (JIT, caches).
 * CPU time (this process, user + system) is shown too: on a loaded shared machine the
 * wall clock also counts time spent waiting for a core.
 */
function timeIt(fn: () => unknown, runs = RUNS, warm = WARM): Timing {
  gc?.();
  for (let i = 0; i < warm; i++) fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}
const only = process.argv.slice(2).filter((a) => a !== '--short');
const section = (name: string): boolean => only.length === 0 || only.includes(name);
const load = (): string => loadavg().map((x) => x.toFixed(1)).join(' ');
const loadBefore = load();

const rows: string[][] = [['measure', 'ours wall', 'ours cpu', 'target', 'baseline wall', 'baseline cpu', 'speed-up', '']];
const row = (label: string, ours: Timing, target: number, base: Timing): void => {
  const ok = ours.wall <= target ? 'ok' : ours.cpu <= target ? 'over (wall only)' : 'OVER';
  const f = (x: number): string => (Number.isNaN(x) ? '-' : x.toFixed(2));
  rows.push([label, f(ours.wall), f(ours.cpu), `≤ ${target}`, f(base.wall), f(base.cpu), `${(base.wall / ours.wall).toFixed(1)}×`, ok]);
};

// 1. Naming + collisions. Baseline: the same names, collisions found by scanning a list.
const naiveNaming = (nameOf: (server: string, tool: string) => string) => (): number => {
  const taken: string[] = [];
  let dropped = 0;
  for (const s of servers) for (const t of s.tools) {
    const n = nameOf(s.serverName, t.name);
    if (taken.includes(n)) dropped++;
    else taken.push(n);
  }
  return dropped;
};
const kimiDropped = assignNames('kimi', servers).collisions.length;
if (kimiDropped !== naiveNaming(kimiQualifiedName)()) throw new Error('kimi naming disagrees with the baseline');
// The list scan is quadratic (≈ 0.3 s a run): fewer runs for it.
const BASE_SLOW = full(5, 1);
const BASE_WARM = full(1, 0);
if (section('naming')) {
  row('naming kimi (10k tools)', timeIt(() => assignNames('kimi', servers)), 20, timeIt(naiveNaming(kimiQualifiedName), BASE_SLOW, BASE_WARM));
  row('naming minimax, fresh registry', timeIt(() => assignNames('minimax', servers)), 20, timeIt(naiveNaming(minimaxBaseName), BASE_SLOW, BASE_WARM));
  row('naming minara', timeIt(() => assignNames('minara', servers)), 20, timeIt(naiveNaming(minaraToolName), BASE_SLOW, BASE_WARM));
}

// 2. Simulation: 500 rules. Baseline: every rule compiled to a regex, every tool × every rule.
const kimiNames = assignNames('kimi', servers).tools.flatMap((t) => (t.name ? [t.name] : []));
const mmNames = assignNames('minimax', servers).tools.flatMap((t) => (t.name ? [t.name] : []));
function makeRules(names: string[], glob: boolean): RuleLists {
  const lists: RuleLists = { allow: [], ask: [], deny: [] };
  const seg = (n: string): string => n.split('__')[1] ?? 'x';
  for (let i = 0; i < 500; i++) {
    const n = pick(names);
    const list = i % 5 === 0 ? 'deny' : i % 3 === 0 ? 'ask' : 'allow';
    const kind = i % 4;
    const rule = kind === 0 ? `mcp__${seg(n)}` : kind === 1 || !glob ? n : kind === 2 ? `mcp__${seg(n)}__${pick(verbs)}_*` : `mcp__*__${pick(verbs)}_${pick(nouns)}_*`;
    lists[list].push(rule);
  }
  return lists;
}
const kimiRules = makeRules(kimiNames, true);
const mmRules = makeRules(mmNames, false);
const naiveSim = (names: string[], rules: RuleLists, toRe: (r: string) => RegExp): number => {
  const flat = flattenRules(rules).map((r) => ({ ...r, re: toRe(r.rule) }));
  const counts = new Array<number>(flat.length).fill(0);
  let decided = 0;
  for (const n of names) {
    let first = -1;
    flat.forEach((r, i) => {
      if (r.re.test(n)) {
        counts[i]!++;
        if (first === -1) first = i;
      }
    });
    if (first !== -1) decided++;
  }
  return decided;
};
const esc = (s: string): string => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
const globRe = (r: string): RegExp => new RegExp(`^${r.split('*').map(esc).join('[^/]*')}$`);
const mmRe = (r: string): RegExp => (r.split('__').length === 2 ? new RegExp(`^${esc(r)}__(?:(?!__).)+$`) : new RegExp(`^${esc(r)}$`));
const simK = simulate({ profile: 'kimi', rules: kimiRules, tools: kimiNames });
if (simK.tools.filter((t) => t.rule).length !== naiveSim(kimiNames, kimiRules, globRe)) throw new Error('kimi simulation disagrees with the baseline');
const simM = simulate({ profile: 'minimax', rules: mmRules, tools: mmNames });
if (simM.tools.filter((t) => t.rule).length !== naiveSim(mmNames, mmRules, mmRe)) throw new Error('minimax simulation disagrees with the baseline');
if (section('simulate')) {
  row('simulate kimi (10k × 500 rules)', timeIt(() => simulate({ profile: 'kimi', rules: kimiRules, tools: kimiNames })), 50, timeIt(() => naiveSim(kimiNames, kimiRules, globRe), BASE_SLOW, BASE_WARM));
  row('simulate minimax (10k × 500 rules)', timeIt(() => simulate({ profile: 'minimax', rules: mmRules, tools: mmNames })), 50, timeIt(() => naiveSim(mmNames, mmRules, mmRe), BASE_SLOW, BASE_WARM));
}

// 3. BM25 index build. Baseline: a default-configured minisearch index (its own tokenizer,
// stored nothing, no boosts): what "just use minisearch" costs.
const docs = servers.flatMap((s) => s.tools.map((t) => ({ ...t, name: kimiQualifiedName(s.serverName, t.name) })));
const defaultIndex = (): MiniSearch => {
  const m = new MiniSearch({ fields: ['name', 'description'] });
  m.addAll(docs.map((d, id) => ({ id, name: d.name, description: d.description })));
  return m;
};
if (section('search')) row('BM25 index build (10k tools)', timeIt(() => new ToolSearchIndex(docs)), 150, timeIt(defaultIndex));

// 4. Query latency p95 over 200 queries (English, Chinese, mixed), top 5 with definitions.
const queries = Array.from({ length: 200 }, (_, i) => (i % 3 === 0 ? `${pick(zh)}${pick(zh)}` : i % 3 === 1 ? `${pick(verbs)} ${pick(nouns)}` : `${pick(verbs)}_${pick(nouns)} ${pick(zh)}`));
// The minisearch configuration tool_search's own index reproduces (bm25.ts): a second
// reference, and a check that the fast index ranks exactly as it does.
const referenceIndex = (): ReturnType<typeof createToolIndex> => {
  const m = createToolIndex();
  m.addAll(docs.map((d, id) => ({ id, name: d.name, description: d.description })));
  return m;
};
const extra: string[] = [];
if (section('search')) {
  const ours = new ToolSearchIndex(docs);
  const base = defaultIndex();
  const reference = referenceIndex();
  for (const q of queries) {
    const a = ours.search(q);
    const b = reference.search(q).slice(0, 5);
    if (!a.ok || JSON.stringify(a.results.map((r) => [r.name, r.score])) !== JSON.stringify(b.map((r) => [docs[r.id as number]!.name, r.score]))) {
      throw new Error(`tool_search disagrees with its minisearch reference on "${q}"`);
    }
  }
  // One p95 over all queries; the median of RUNS such passes (each after a collection).
  const p95 = (fn: (q: string) => unknown): Timing => {
    gc?.();
    for (let w = 0; w < WARM; w++) for (const q of queries) fn(q);
    const runs: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const xs = queries.map((q) => {
        const t0 = performance.now();
        fn(q);
        return performance.now() - t0;
      });
      xs.sort((a, b) => a - b);
      runs.push(xs[Math.floor(xs.length * 0.95)]!);
    }
    return { wall: median(runs), cpu: NaN };
  };
  row('query p95 (top 5)', p95((q) => ours.search(q)), 2, p95((q) => base.search(q).slice(0, 5)));
  const refBuild = timeIt(referenceIndex);
  const refP95 = p95((q) => reference.search(q).slice(0, 5));
  extra.push(`minisearch with tool_search's settings (our tokenizer, name boost 2; same ranking as ours, checked on all ${queries.length} queries): build ${refBuild.wall.toFixed(2)} ms, query p95 ${refP95.wall.toFixed(2)} ms`);
}

const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
for (const r of rows) console.log(r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd());
for (const line of extra) console.log(line);
console.log(
  `\nmedians of ${RUNS} runs after ${WARM} warm-ups (quadratic baselines: ${BASE_SLOW} runs), gc ${gc ? 'before each series' : 'off'};` +
    ` ${docs.length} tools over ${SERVERS} servers; kimi collisions ${kimiDropped}; node ${process.version}` +
    `\nload average ${loadBefore} at start, ${load()} at end (${availableParallelism()} cores; "over (wall only)": the CPU time meets the target, the wall clock waited for a core)`,
);
