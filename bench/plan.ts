// bench:plan — the context plan per agent (CTX-2, issue 39 item 4) on one person's machine
// (bench/plan/machine.ts: server-everything twice under two names, SDK fixtures, two servers
// offering the same search tools, 150–250 tools in all; each agent's own rules refusing the
// destructive ones). Per agent, the built CLI's `plan --agent A --dry-run --json` run from the
// workspace, and again with --target-tokens at 20 % of the tokens up front before: tools and
// definition tokens before and after, the tokens up front (an agent's own deferral loads the rest
// on demand: Kimi's `deferred` servers, which the plan can write, Minara's every tool), beside
// tool search's cut; its time beside `status` over the same servers; then one real write and
// undo for Codex, which must leave config.toml byte-identical.
// Run: npm run bench:plan   (-- --short: 5 servers, 4 agents, one run, the baselines for the first agent only; BENCH_PLAN_KEEP=1 keeps the setup)
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PlanResult, PlanUndo, PlanView } from '../shared/contract';
import { DEFAULT_CONTEXT_WINDOW } from '../shared/contract';
import { profileFacts } from '../shared/profiles';
import { DEFER_SHARE } from '../electron/services/context/plan';
import { AGENTS, DENIED, makeMachine, SERVERS } from './plan/machine';
import { cut, printTable, printTimes, said, type AgentFigures } from './plan/table';
import { full, SHORT } from './short';

const CLI = join(import.meta.dirname, '..', 'out/cli/mcp-panel.cjs');
const RUNS = full(3, 1);
const TARGET_SHARE = 0.2;
/** Tool search's cut (Anthropic, "advanced tool use": ~85 %; ~134k → ~5k tokens; a 58-tool setup ~55k → ~3.5k). */
const REFERENCE = 0.8;

const median = (xs: readonly number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1]! : NaN);

const load = loadavg()[0]!;
const m = await makeMachine();

/** The built CLI from the workspace folder; its wall time and stdout. A non-zero exit stops the benchmark. */
function cli(args: string[]): Promise<{ ms: number; out: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [CLI, ...args], { cwd: m.workspace, env: m.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - t0;
      if (code === 0) resolve({ ms, out: Buffer.concat(out).toString() });
      else reject(new Error(`mcp-panel ${args.join(' ')} exited ${code}: ${Buffer.concat(err).toString().slice(-600)}`));
    });
  });
}
const plan = async (args: string[]) => JSON.parse((await cli(['plan', ...args, '--json'])).out) as { plan: PlanView; applied: PlanResult | null };

const notes: string[] = [];
let failed = false;
try {
  const rows: AgentFigures[] = [];
  for (const agent of AGENTS) {
    const times = { plan: [] as number[], status: [] as number[], refresh: [] as number[], ratio: [] as number[] };
    let out = '';
    // The baselines are only timing, and a short run's times are not quoted: it runs them for the
    // first agent alone (each `status --refresh` starts every server, as the plan does).
    const baselines = !SHORT || agent === AGENTS[0];
    // Alternating, so a busy minute weighs on the plan and its baselines alike.
    for (let r = 0; r < RUNS; r++) {
      if (baselines) times.status.push((await cli(['status', '--profile', agent, '--json'])).ms);
      const refresh = baselines ? await cli(['status', '--profile', agent, '--refresh', '--json']) : null;
      const run = await cli(['plan', '--agent', agent, '--dry-run', '--json']);
      times.plan.push(run.ms);
      if (refresh) {
        times.refresh.push(refresh.ms);
        times.ratio.push(run.ms / refresh.ms);
      }
      out = run.out;
    }
    const v = (JSON.parse(out) as { plan: PlanView }).plan;
    const target = (await plan(['--agent', agent, '--dry-run', '--target-tokens', String(Math.round(v.upFront.before.tokens * TARGET_SHARE))])).plan;
    rows.push({ agent, plan: v, target, ms: { plan: median(times.plan), status: median(times.status), refresh: median(times.refresh), ratio: median(times.ratio) } });
    // What the plan says it saves against what the standing after shows (both the panel's own figures).
    const saved = v.via !== 'none' ? said(v) : 0;
    const shown = v.upFront.before.tokens - v.upFront.after.tokens;
    if (shown !== saved) notes.push(`${agent}: the picked suggestions save ${saved} tokens up front, the standing after shows ${shown}`);
    const denied = v.suggestions.filter((s) => s.kind === 'denied').length;
    // An agent that leaves a denied tool out of its context itself (Claude Code) has none to suggest.
    const expected = profileFacts(agent).rules.denyHides ? 0 : m.rules.get(agent);
    if (m.rules.has(agent) && denied !== expected) notes.push(`${agent}: ${m.rules.get(agent)} deny rules written in its own rule file, ${denied} denied suggestions`);
  }

  console.log(
    `bench:plan: ${Object.keys(SERVERS).length} servers in every agent's user file (${Math.min(...rows.map((r) => r.plan.before.tools))}–${Math.max(...rows.map((r) => r.plan.before.tools))} tools per agent), ${DENIED.length} deny rules per agent with a rule file; ${RUNS} run(s) each; ${availableParallelism()} cores, load ${load.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} now, node ${process.version}`,
  );
  console.log('estimate: tokens ≈ ceil(JSON length of each tool definition / 4) (DISC-1, shared/disclosure/plan.ts estimateTokens): characters, not a tokenizer');
  console.log(`reference: tool search cuts ~85 % (Anthropic: ~134k → ~5k tokens; a 58-tool setup ~55k → ~3.5k); the bar here is ≥ ${REFERENCE * 100} %`);
  printTable(rows, REFERENCE);
  // Deferral hides nothing: the agent's own tool search loads those tools when the model asks.
  const servers = (v: PlanView) => v.suggestions.filter((s) => s.kind === 'defer' && s.picked).length;
  const offered = (v: PlanView) => v.suggestions.filter((s) => s.kind === 'defer').length;
  for (const r of rows.filter((x) => offered(x.plan) > 0)) {
    console.log(`  ${r.agent}: deferred by its own "${r.plan.suggestions.find((s) => s.kind === 'defer')!.params.field}": true (${r.plan.suggestions.find((s) => s.kind === 'defer')!.params.mechanism} loads them on demand, no tool hidden): the default plan defers ${servers(r.plan)} of ${offered(r.plan)} servers (it does past ${DEFER_SHARE * 100} % of the ${DEFAULT_CONTEXT_WINDOW.toLocaleString('en-US')}-token window), the target ${servers(r.target)}`);
  }
  for (const r of rows.filter((x) => x.plan.upFront.before.deferred > 0)) console.log(`  ${r.agent}: defers ${r.plan.upFront.before.deferred} of its ${r.plan.before.tools} tools itself before any plan`);
  // Said plainly where the bar is missed: the default plan hides only dead weight, never a tool the person kept.
  const below = rows.filter((r) => Math.max(cut(r.plan), cut(r.target)) < REFERENCE * 100);
  const label = (rs: readonly AgentFigures[]) => rs.map((r) => r.agent).join(', ');
  const writes = below.filter((r) => r.plan.via !== 'none');
  const tells = below.filter((r) => r.plan.via === 'none');
  const bridged = rows.filter((r) => r.plan.via === 'bridge');
  if (bridged.length) console.log(`  through the bridge: ${label(bridged)}: no filter field of their own, so each trimmed entry becomes the bridge line naming the hidden tools (--hide-tools)`);
  if (writes.length) console.log(`  below ${REFERENCE * 100} %: ${label(writes)}: no per-server deferral field of their own, so the plan hides only dead weight (denied by the agent's own rules, a second copy of a definition, a name it cannot use); every other tool is one the person kept, and a token target adds only renamed collision losers (${writes.reduce((n, r) => n + r.target.suggestions.filter((x) => x.kind === 'collision_renamed').length, 0)} here)`);
  if (tells.length) console.log(`  not written: ${label(tells)}: no filter field of their own and no mcp-panel command for a bridge line, so the plan only says what it would hide: ${tells.map((r) => `${r.agent} −${((said(r.plan) / r.plan.before.tokens) * 100).toFixed(1)} %`).join(', ')}`);
  printTimes(rows, RUNS);

  // One real round trip: written into Codex's config.toml, then undone byte for byte.
  if (AGENTS.includes('codex')) {
    const before = readFileSync(m.codexConfig);
    const applied = await plan(['--agent', 'codex']);
    const id = applied.applied?.id;
    if (!id) throw new Error(`plan --agent codex wrote nothing: ${JSON.stringify(applied.applied)}`);
    const written = readFileSync(m.codexConfig, 'utf8');
    const again = (await plan(['--agent', 'codex', '--dry-run'])).plan;
    const undo = JSON.parse((await cli(['plan', '--undo', id, '--agent', 'codex', '--json'])).out) as PlanUndo;
    const same = readFileSync(m.codexConfig).equals(before);
    console.log(
      `round trip (codex): plan wrote ${applied.applied!.written.length} file(s) (${written.split('disabled_tools').length - 1} disabled_tools lines); read back: ${again.before.tools} tools, ~${again.before.tokens} tokens (planned ${applied.plan.after.tools}, ~${applied.plan.after.tokens}); undo ${id} restored ${undo.restored.length}: ${same ? 'byte-identical' : 'DIFFERENT'}`,
    );
    if (again.before.tokens !== applied.plan.after.tokens) notes.push(`codex: after the write the plan reads ${again.before.tokens} tokens, the preview said ${applied.plan.after.tokens}`);
    if (!same || undo.failed.length) {
      failed = true;
      console.error(`undo did not restore ${m.codexConfig} byte for byte (${undo.failed.map((f) => f.message).join('; ')})`);
    }
  }
  for (const n of notes) console.log(`note: ${n}`);
} finally {
  await m.stop();
  if (process.env.BENCH_PLAN_KEEP === '1') console.log(`kept: ${m.root} (HOME ${m.home}, workspace ${m.workspace})`);
  else rmSync(m.root, { recursive: true, force: true });
}
if (failed) process.exit(1);
