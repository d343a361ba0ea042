// Reads the reports of one .ci/run and prints the single line CI reads.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0, failed = 0, skipped = 0;
const failures = [];

const stepsFile = join(dir, 'steps');
if (existsSync(stepsFile)) {
  for (const line of readFileSync(stepsFile, 'utf8').trim().split('\n')) {
    const [name, result] = line.split(' ');
    if (result === 'pass') passed++;
    else { failed++; failures.push(name); }
  }
}

const vitest = join(dir, 'vitest.json');
if (existsSync(vitest)) {
  const r = JSON.parse(readFileSync(vitest, 'utf8'));
  for (const file of r.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'passed') passed++;
      else if (t.status === 'failed') { failed++; failures.push(t.fullName); }
      else skipped++;
    }
    // A file that failed to load has no assertions but must count as a failure.
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') { failed++; failures.push(file.name); }
  }
} else { failed++; failures.push('vitest produced no report'); }

const pw = join(dir, 'playwright.json');
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

const conf = join(dir, 'conformance.json');
if (existsSync(conf)) {
  const r = JSON.parse(readFileSync(conf, 'utf8'));
  for (const s of r.scenarios ?? []) {
    if (s.ok) passed++; else { failed++; failures.push(`conformance ${s.name}`); }
  }
}

if (failures.length) console.error('failed:\n  ' + failures.slice(0, 50).join('\n  '));
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
