// bench:scale — a heavy user's machine (issue 44): every agent the panel knows detected, each
// with its own files in its own dialect (user layer, and the project layer of three workspaces
// where the agent has one), DISTINCT stdio servers of TOOLS tools each (test/fixtures/servers/
// many-tools.mjs), most configured in several agents, MiniMax Code listing all of them. Each
// figure is the built bin from another folder, a median of RUNS runs, beside a baseline run
// the same number of times in the same minutes:
//   reads      `agents`, `across`, `status --all-agents --no-connect`  vs a bare parse of the same
//              files with the same parsers (bench/scale/bare-parse.mjs)
//   discovery  `status --all-agents --refresh`  vs the bare SDK client connecting the distinct
//              servers at once (bench/scale/bare-discovery.mjs); process starts per distinct server
//   names      `collisions --json` and `names --profile minimax --json` over the servers' recorded
//              lists  vs the same tools named the bare way (bench/scale/bare-naming.mjs)
// Run: npm run bench:scale   (-- --short: 4 servers of 20 tools, one run; BENCH_SCALE_KEEP=1 keeps the setup)
import { spawn, type SpawnOptions } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CanonicalEntry } from '../shared/install/canonical';
import { profileFacts } from '../shared/profiles';
import { PROFILES, type LayerKind, type Profile } from '../shared/schemas/server';
import { ConfigService } from '../electron/services/config/config-service';
import { poolInput } from '../electron/services/config/status';
import { bundleFixtures, fixture } from '../test/helpers/fixtures';
import { writeAgentFiles, type AgentFile } from '../test/helpers/agent-files';
import { full } from './short';

const ROOT = join(import.meta.dirname, '..');
// The bin people run (package.json `bin`), with its compile cache: the first of each command's runs fills it.
const CLI = join(ROOT, 'out/cli/mcp-panel.mjs');
const DISTINCT = full(50, 4);
const TOOLS = full(200, 20);
const RUNS = full(3, 1);
const WORKSPACES = 3;
/** The first SHARED tools of every server have the same names (search, fetch… as real servers do); the rest are the server's own. */
const SHARED = full(5, 2);

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Runs a command to its end; its wall time and stdout. A non-zero exit stops the benchmark. */
function timed(cmd: string, args: string[], opts: SpawnOptions): Promise<{ ms: number; out: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout!.on('data', (c: Buffer) => out.push(c));
    child.stderr!.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - t0;
      if (code !== 0) reject(new Error(`${[cmd, ...args].join(' ')} exited ${code}: ${Buffer.concat(err).toString().slice(-600)}`));
      else resolve({ ms, out: Buffer.concat(out).toString() });
    });
  });
}

// --- the setup -------------------------------------------------------------------------------
const root = mkdtempSync(join(tmpdir(), 'bench-scale-'));
const home = join(root, 'home');
const dataDir = join(root, 'panel-data');
const startLog = join(root, 'starts.log');
const workspaces = Array.from({ length: WORKSPACES }, (_, i) => join(root, `ws-${i}`));
const elsewhere = join(root, 'elsewhere');
for (const d of [home, elsewhere, ...workspaces.map((w) => join(w, '.git'))]) mkdirSync(d, { recursive: true });
const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, USERPROFILE: home, XDG_CONFIG_HOME: join(home, '.config'), MCP_PANEL_DATA_DIR: dataDir, GEMINI_CLI_TRUST_WORKSPACE: 'true' };
delete env.XDG_DATA_HOME;
delete env.MINIMAX_DATA_DIR;

const server = (i: number): CanonicalEntry => ({
  transport: 'stdio',
  command: process.execPath,
  args: [fixture('test/fixtures/servers/many-tools.mjs'), 'stdio', '--count', String(TOOLS), '--variant', `-s${i}`, '--prefix', `s${i}_`, '--shared', String(SHARED)],
  env: { START_LOG: startLog },
  enabled: true,
});
/** Which distinct servers an agent lists in a layer: MiniMax all of them, the others a share, as people copy entries around. */
function pick(profile: Profile, layer: LayerKind): Record<string, CanonicalEntry> | undefined {
  const a = PROFILES.indexOf(profile);
  const ids = Array.from({ length: DISTINCT }, (_, i) => i).filter((i) =>
    profile === 'minimax' ? layer === 'user' : layer === 'user' ? (i + a) % 4 === 0 : layer === 'project' && (i + a) % 9 === 0,
  );
  return ids.length ? Object.fromEntries(ids.map((i) => [`srv-${i}`, server(i)])) : undefined;
}

await bundleFixtures();
const files: AgentFile[] = [];
for (const ws of workspaces) files.push(...(await writeAgentFiles({ env, home, workspace: ws }, PROFILES, pick, { layers: ['user', 'project'] })));
const unique = [...new Map(files.map((f) => [f.path, f])).values()];
// The panel's trust for the workspaces (SEC-5), as a person gives it once.
const config = new ConfigService({ env, cwd: workspaces[0]! });
for (const ws of workspaces) await config.trust.trust(ws);
writeFileSync(join(root, 'files.json'), JSON.stringify(unique.map((f) => ({ path: f.path, format: f.format }))));
// The distinct servers the agents' entries run for the first workspace (issue 44's identity: command,
// arguments, environment, working folder; a project entry runs in the workspace, a user entry in
// HOME), read with the agents' own parsers: what the bare client starts, each once.
const distinct = new Map<string, { command: string; args: string[]; env: Record<string, string>; cwd?: string }>();
for (const p of PROFILES) {
  for (const s of poolInput(await config.load(p, workspaces[0]!)).specs) {
    const one = { command: s.command!, args: s.args ?? [], env: s.env ?? {}, ...(s.cwd ? { cwd: s.cwd } : {}) };
    distinct.set(JSON.stringify(one), one);
  }
}
writeFileSync(join(root, 'servers.json'), JSON.stringify([...distinct.values()]));
const entries = unique.reduce((n, f) => n + JSON.stringify(f.value).split('many-tools').length - 1, 0);

const cli = (args: string[]) => timed(process.execPath, [CLI, ...args], { cwd: elsewhere, env });
const node = (script: string, args: string[]) => timed(process.execPath, [join(ROOT, 'bench/scale', script), ...args], { cwd: ROOT, env });
const starts = () => readFileSync(startLog, 'utf8').split('\n').filter(Boolean);

/** Each command and its baseline, alternating, RUNS times; medians and the median of per-run ratios. */
async function versus(rows: Array<[string, () => Promise<unknown>]>, baseName: string, base: () => Promise<unknown>): Promise<void> {
  const times = new Map<string, number[]>(rows.map(([n]) => [n, []]));
  const bases: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    await base();
    bases.push(performance.now() - t);
    for (const [n, run] of rows) {
      const t1 = performance.now();
      await run();
      times.get(n)!.push(performance.now() - t1);
    }
  }
  console.log(`  ${baseName.padEnd(48)} ${median(bases).toFixed(0).padStart(7)} ms   1.00×`);
  for (const [n] of rows) {
    const xs = times.get(n)!;
    console.log(`  ${n.padEnd(48)} ${median(xs).toFixed(0).padStart(7)} ms  ${median(xs.map((x, i) => x / bases[i]!)).toFixed(2).padStart(5)}×`);
  }
}

try {
  const agents = JSON.parse((await cli(['agents', '--workspace', workspaces[0]!, '--json'])).out) as { agents: Array<{ profile: string; servers: unknown[] }> };
  console.log(`bench:scale: ${agents.agents.length} agents detected, ${entries} entries in ${unique.length} files (${WORKSPACES} workspaces), ${DISTINCT} distinct servers × ${TOOLS} tools; ${RUNS} run(s) each; ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(1)}, node ${process.version}`);

  console.log('reads (nothing started)');
  const ws = workspaces[0]!;
  await versus(
    [
      ['agents --json', () => cli(['agents', '--workspace', ws, '--json'])],
      ['across --json', () => cli(['across', '--workspace', ws, '--json'])],
      ['status --all-agents --no-connect --json', () => cli(['status', '--all-agents', '--no-connect', '--workspace', ws, '--json'])],
    ],
    'bare parse of every file (same parsers)',
    () => node('bare-parse.mjs', [join(root, 'files.json')]),
  );

  console.log('discovery (every server started and listed)');
  const before = () => (rmSync(startLog, { force: true }), writeFileSync(startLog, ''));
  let status: { summary: { servers: number; tools: number; connected: number } } | null = null;
  let perRun: number[] = [];
  await versus(
    [
      [
        'status --all-agents --refresh --json',
        async () => {
          before();
          status = JSON.parse((await cli(['status', '--all-agents', '--refresh', '--workspace', ws, '--json'])).out);
          perRun.push(starts().length);
        },
      ],
    ],
    `bare SDK client, ${distinct.size} distinct servers at once`,
    async () => {
      before();
      await node('bare-discovery.mjs', [join(root, 'servers.json')]);
    },
  );
  const declared = new Set(PROFILES.filter((p) => agents.agents.some((a) => a.profile === p && a.servers.length > 0)).map((p) => JSON.stringify(profileFacts(p).clientCapabilities)));
  const s = status!.summary;
  console.log(`  summary: ${s.servers} distinct servers, ${s.connected} connected, ${s.tools} distinct tools`);
  console.log(`  process starts per run: median ${median(perRun)} for ${distinct.size} distinct servers (${DISTINCT} programs, run in HOME or in the workspace: ${(median(perRun) / distinct.size).toFixed(2)} per server); the agents declare ${declared.size} different client capability sets, each server's one process the union of its agents' (AGENT-6)`);
  perRun = [];

  console.log('names (the recorded lists: no server starts)');
  const rows = Array.from({ length: DISTINCT }, (_, i) => Array.from({ length: TOOLS }, (_, t) => ({ server: `srv-${i}`, tool: t < SHARED ? `tool_${t}` : `s${i}_tool_${t}` }))).flat();
  writeFileSync(join(root, 'tools.json'), JSON.stringify(rows));
  const schemes = PROFILES.map((p) => [profileFacts(p).naming.prefix, profileFacts(p).naming.sep]);
  await versus(
    [
      ['collisions --json (every detected agent)', () => cli(['collisions', '--profile', 'all', '--workspace', ws, '--json'])],
      ['names --profile minimax --json', () => cli(['names', '--profile', 'minimax', '--workspace', ws, '--json'])],
      ['collisions --json --tools FILE (hand-given)', () => cli(['collisions', '--tools', join(root, 'tools.json'), '--json'])],
    ],
    `bare naming of the ${rows.length} tools for ${PROFILES.length} agents`,
    () => node('bare-naming.mjs', [join(root, 'tools.json'), JSON.stringify(schemes)]),
  );
  const named = JSON.parse((await cli(['names', '--profile', 'minimax', '--workspace', ws, '--json'])).out) as unknown[];
  if (named.length !== DISTINCT * TOOLS) throw new Error(`names listed ${named.length} tools, not ${DISTINCT * TOOLS}`);
} finally {
  // BENCH_SCALE_KEEP=1: the setup stays for a profile of one command (its folder is printed).
  if (process.env.BENCH_SCALE_KEEP === '1') console.log(`kept: ${root} (HOME ${home}, workspace ${workspaces[0]})`);
  else rmSync(root, { recursive: true, force: true });
}
