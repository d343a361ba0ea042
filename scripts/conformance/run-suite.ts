// Runs every client scenario that `conformance list` prints against the panel's conformance
// client, one at a time (2-core machines), with Node 22 taken from the npm registry
// (TOOLCHAIN.md: the suite needs fs.globSync). Prints passed/failed checks per scenario and
// a total; `--json-out FILE` writes {scenarios: [{name, ok, passed, failed}]}.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
const SUITE = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const CLIENT = `${join(ROOT, 'node_modules/.bin/tsx')} ${join(ROOT, 'scripts/conformance-client.ts')}`;

export interface ScenarioResult {
  name: string;
  ok: boolean;
  passed: number;
  failed: number;
  warnings: number;
  seconds: number;
  detail?: string;
}

function node22(args: string[], timeoutMs: number): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['exec', '--yes', '--package=node@22', '--', 'node', SUITE, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(t);
      resolve({ code, out });
    });
  });
}

export async function listClientScenarios(): Promise<string[]> {
  const { out } = await node22(['list'], 120_000);
  const section = out.split(/Client scenarios[^\n]*\n/)[1] ?? '';
  return [...section.matchAll(/^\s*-\s+(\S+)/gm)].map((m) => m[1]!).filter(Boolean);
}

const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex

export async function runScenario(name: string): Promise<ScenarioResult> {
  const started = Date.now();
  const { code, out } = await node22(['client', '--command', CLIENT, '--scenario', name], 90_000);
  const text = strip(out);
  const m = /Passed:\s*(\d+)\/(\d+),\s*(\d+)\s*failed,\s*(\d+)\s*warnings/.exec(text);
  const passed = m ? Number(m[1]) : 0;
  const failed = m ? Number(m[3]) : 1;
  const warnings = m ? Number(m[4]) : 0;
  // The suite counts a warning as a failure; so do we.
  const ok = code === 0 && !!m && failed === 0 && warnings === 0;
  const bad = text.split('\n').filter((l) => /\] (FAILURE|WARNING)/.test(l)).slice(0, 5).join('\n');
  return { name, ok, passed, failed: failed + warnings, warnings, seconds: (Date.now() - started) / 1000, ...(ok ? {} : { detail: bad || text.slice(-800) }) };
}

export async function main(argv: string[]): Promise<number> {
  const jsonAt = argv.indexOf('--json-out');
  const jsonOut = jsonAt >= 0 ? argv[jsonAt + 1] : undefined;
  const only = argv.filter((a, i) => !a.startsWith('--') && (jsonAt < 0 || i !== jsonAt + 1));
  const names = only.length ? only : await listClientScenarios();
  if (names.length === 0) {
    process.stdout.write('conformance: `conformance list` printed no client scenarios\n');
    return 1;
  }
  const results: ScenarioResult[] = [];
  for (const name of names) {
    const r = await runScenario(name);
    results.push(r);
    process.stdout.write(`${r.ok ? 'PASS' : 'FAIL'} ${name.padEnd(44)} ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(1)} s)\n`);
    if (r.detail) process.stdout.write(r.detail.replace(/^/gm, '    ') + '\n');
  }
  const okCount = results.filter((r) => r.ok).length;
  const checks = results.reduce((a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed }), { passed: 0, failed: 0 });
  process.stdout.write(`conformance: ${okCount}/${results.length} scenarios passed; checks ${checks.passed} passed, ${checks.failed} failed\n`);
  if (jsonOut) await writeFile(jsonOut, JSON.stringify({ scenarios: results.map(({ name, ok, passed, failed }) => ({ name, ok, passed, failed })) }, null, 2) + '\n');
  return okCount === results.length ? 0 : 1;
}
