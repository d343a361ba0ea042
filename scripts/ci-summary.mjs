// Reads the reports of one .ci/run and prints each step's seconds, then the single line CI
// reads ("N passed, N failed, N skipped"), always last.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';

const dir = process.argv[2];
let passed = 0, failed = 0, skipped = 0;
const failures = [];
// Checks (build, typecheck, lint, knip, the agents' install, the benchmarks' short run) are listed
// as checks, not counted as tests; a failed one still fails the run (issue 36 item 6).
const checks = [];

const stepsFile = join(dir, 'steps');
if (existsSync(stepsFile)) {
  for (const line of readFileSync(stepsFile, 'utf8').trim().split('\n')) {
    const [name, result] = line.split(' ');
    checks.push(`${name} ${result}`);
    if (result !== 'pass') { failed++; failures.push(`check: ${name}`); }
  }
}

// name status wall cpu, one line per step (.ci/run's `timed`), in the order they ran.
const timing = existsSync(join(dir, 'timing'))
  ? readFileSync(join(dir, 'timing'), 'utf8').trim().split('\n').filter(Boolean).map((l) => {
      const [name, status, wall, cpu] = l.split(' ');
      return { name, status: Number(status), wall: Number(wall), cpu: Number(cpu) };
    })
  : [];
/** A runner that exited non-zero although its report shows no failure (an unhandled error, a crash after the report) still failed. */
function exitedBadly(name, failedBefore) {
  const t = timing.find((x) => x.name === name);
  if (t && t.status !== 0 && failed === failedBefore) { failed++; failures.push(`${name} exited ${t.status}`); }
}

/** A vitest JSON report (the main run's, the agents lane's): every assertion counted. */
function vitestReport(name, file) {
  const mark = failed;
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    for (const f of r.testResults ?? []) {
      for (const t of f.assertionResults ?? []) {
        if (t.status === 'passed') passed++;
        else if (t.status === 'failed') { failed++; failures.push(t.fullName); }
        else skipped++;
      }
      // A file that failed to load has no assertions but must count as a failure.
      if ((f.assertionResults ?? []).length === 0 && f.status === 'failed') { failed++; failures.push(f.name); }
    }
  } else { failed++; failures.push(`${name} produced no report`); }
  exitedBadly(name, mark);
}
vitestReport('vitest', join(dir, 'vitest.json'));
// The agents' own CLIs (test/agents, SPEC AGENT-7), in a lane of their own.
if (timing.some((t) => t.name === 'agents')) vitestReport('agents', join(dir, 'agents.json'));

const pw = join(dir, 'playwright.json');
let mark = failed;
if (timing.some((t) => t.name === 'playwright') && !existsSync(pw)) { failed++; failures.push('playwright produced no report'); }
if (existsSync(pw)) {
  const r = JSON.parse(readFileSync(pw, 'utf8'));
  const walk = (suite) => {
    for (const s of suite.suites ?? []) walk(s);
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const status = t.status; // expected | unexpected | flaky | skipped
        if (status === 'expected' || status === 'flaky') passed++;
        else if (status === 'skipped') skipped++;
        else { failed++; failures.push(spec.title); }
      }
    }
  };
  for (const s of r.suites ?? []) walk(s);
  for (const e of r.errors ?? []) { failed++; failures.push(e.message?.split('\n')[0] ?? 'playwright error'); }
}

exitedBadly('playwright', mark);

const conf = join(dir, 'conformance.json');
mark = failed;
if (timing.some((t) => t.name === 'conformance') && !existsSync(conf)) { failed++; failures.push('conformance produced no report'); }
if (existsSync(conf)) {
  const r = JSON.parse(readFileSync(conf, 'utf8'));
  for (const s of r.scenarios ?? []) {
    if (s.ok) passed++; else { failed++; failures.push(`conformance ${s.name}`); }
  }
}

exitedBadly('conformance', mark);

// Every benchmark once in its short form (npm run bench -- --short): a check, judged by its exit alone.
const bench = timing.find((t) => t.name === 'bench');
if (bench) {
  checks.push(`bench ${bench.status === 0 ? 'pass' : 'fail'}`);
  if (bench.status !== 0) { failed++; failures.push(`check: benchmarks (short) exited ${bench.status}: see bench.log`); }
}

if (timing.length) {
  const rows = timing.map((t) => `  ${t.name.padEnd(16)} ${t.wall.toFixed(1).padStart(7)} ${t.cpu.toFixed(1).padStart(7)}${t.status === 0 ? '' : `   (exit ${t.status})`}`);
  // Wall: from .ci/run's start to now (typecheck, lint + knip and the tests run side by side); CPU: the sum.
  const started = existsSync(join(dir, 'started')) ? Number(readFileSync(join(dir, 'started'), 'utf8')) / 1e6 : null;
  const wall = started ? Date.now() / 1000 - started : timing.reduce((n, t) => n + t.wall, 0);
  const cpu = timing.reduce((n, t) => n + t.cpu, 0);
  console.log(['step seconds       wall     cpu   (apt | npm ci | agents-install; keytar beside build; then typecheck | lint, knip | vitest; then playwright | conformance, bench | agents)', ...rows, `  ${'total'.padEnd(16)} ${wall.toFixed(1).padStart(7)} ${cpu.toFixed(1).padStart(7)}`].join('\n'));
  // The machine as a whole (/proc/stat since the start): CPU the steps' own counts miss (daemons
  // such as the keyring, processes that outlived their parent, other load) and time no core worked.
  const statAt = (text) => text.split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const startStat = join(dir, 'stat.start');
  if (existsSync(startStat) && existsSync('/proc/stat')) {
    const [a, b] = [statAt(readFileSync(startStat, 'utf8')), statAt(readFileSync('/proc/stat', 'utf8'))];
    const d = b.map((x, i) => x - (a[i] ?? 0));
    const hz = 100;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = d.map((x) => x / hz);
    const busy = user + nice + system + irq + softirq + steal;
    console.log(`  machine: ${busy.toFixed(0)} CPU s busy (${(100 * busy / (busy + idle + iowait)).toFixed(0)} % of ${os.availableParallelism()} cores), ${idle.toFixed(0)} s idle, ${iowait.toFixed(0)} s waiting on I/O`);
  }
}
if (checks.length) console.log(`checks: ${checks.join(', ')}`);
if (failures.length) console.log('failed:\n  ' + failures.slice(0, 50).join('\n  '));
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
