#!/usr/bin/env node
// Installs the agents the contract suite runs (SPEC AGENT-7) at the versions scripts/agents/pins.json
// pins, all at once, into the cache outside the clone (cache.mjs). npm runs no install script: each
// pin names where its working binary already is. A package counts as installed once its binary
// printed the pinned version to `--version`; then a marker is written, and a rerun installs nothing.
//   node scripts/agents/install.mjs [--only id,id]
// Exit 1 when a `required` agent did not install and run; the others are reported only.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cacheRoot, expand, installDir, MARKER, platformName, readMarker } from './cache.mjs';

const pins = JSON.parse(readFileSync(join(import.meta.dirname, 'pins.json'), 'utf8'));
const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = values.only ? new Set(values.only.split(',')) : null;

/** Runs a command to its end: { code, out } (stdout and stderr together), killed after `timeoutMs`. */
function run(command, args, opts) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'], timeout: opts.timeoutMs });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', (err) => resolve({ code: -1, out: `${out}${err.message}` }));
    child.on('close', (code, signal) => resolve({ code: code ?? -1, out: signal ? `${out}(killed by ${signal})` : out }));
  });
}

// The version probe runs in a HOME of its own: some agents write their first-run files on any start.
const probeHome = mkdtempSync(join(tmpdir(), 'mcp-panel-agents-probe-'));
const probeEnv = { ...process.env, HOME: probeHome, XDG_CONFIG_HOME: join(probeHome, '.config'), CODEX_HOME: join(probeHome, '.codex'), GEMINI_CLI_NO_RELAUNCH: 'true', NO_COLOR: '1' };

/** The first candidate that prints `version` to --version, with that line; else why none did. */
async function probe(dir, patterns, version, runtime) {
  const tried = [];
  for (const bin of patterns.flatMap((p) => expand(dir, platformName(p)))) {
    const [command, args] = runtime ? [runtime, [bin, '--version']] : [bin, ['--version']];
    const r = await run(command, args, { env: probeEnv, timeoutMs: 120_000 });
    const line = r.out.split('\n').find((l) => l.includes(version));
    if (r.code === 0 && line) return { bin, versionLine: line.trim() };
    tried.push(`${bin}: exit ${r.code}: ${r.out.trim().split('\n').slice(-2).join(' / ')}`);
  }
  return { error: tried.length ? tried.join('; ') : `no file matches ${patterns.join(', ')} under ${dir}` };
}

/** Installs `pkg@version` (unless its marker is there) and returns its marker, or { error }. */
async function ensure({ pkg, version, bin, runtime }) {
  const cached = readMarker(pkg, version);
  if (cached) return { ...cached, cached: true };
  const dir = installDir(pkg, version);
  rmSync(dir, { recursive: true, force: true }); // a half-done install (no marker) starts over
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ private: true, description: 'mcp-panel agent contract suite (scripts/agents/install.mjs)', dependencies: { [pkg]: version } }, null, 2)}\n`);
  const npm = await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, env: process.env, timeoutMs: 600_000 });
  if (npm.code !== 0) return { error: `npm install failed: ${npm.out.trim().split('\n').slice(-5).join(' / ')}` };
  const found = await probe(dir, bin, version, runtime === 'current' ? process.execPath : runtime);
  if (found.error) return found;
  const marker = { package: pkg, version, bin: found.bin, runtime, versionLine: found.versionLine };
  writeFileSync(join(dir, MARKER), `${JSON.stringify(marker, null, 2)}\n`);
  return marker;
}

const started = performance.now();
// A runtime installs once, when the first agent that needs it asks.
const runtimes = new Map();
function runtimeOf(name) {
  const r = pins.runtimes[name];
  if (!r) return Promise.resolve({ error: `unknown runtime ${name} (pins.json runtimes)` });
  if (!runtimes.has(name)) runtimes.set(name, ensure({ pkg: platformName(r.package), version: r.version, bin: [r.bin], runtime: null }));
  return runtimes.get(name);
}
const agents = pins.agents.filter((a) => !only || only.has(a.id));
const results = await Promise.all(
  agents.map(async (a) => {
    const t0 = performance.now();
    let runtime = a.node;
    if (runtime && runtime !== 'current') {
      const rt = await runtimeOf(runtime);
      if (rt.error) return { a, error: `runtime ${runtime}: ${rt.error}`, seconds: 0 };
      runtime = rt.bin;
    }
    const m = await ensure({ pkg: a.package, version: a.version, bin: a.bin, runtime });
    return { a, ...m, seconds: (performance.now() - t0) / 1000 };
  }),
);
rmSync(probeHome, { recursive: true, force: true });

let failed = 0;
for (const r of results) {
  const head = `${r.a.id.padEnd(12)} ${r.a.package}@${r.a.version}`;
  if (r.error) {
    if (r.a.required) failed++;
    console.log(`${head}: ${r.a.required ? 'FAILED' : 'not available'}: ${r.error}`);
  } else console.log(`${head}: ${r.cached ? 'cached' : `installed in ${r.seconds.toFixed(1)} s`} (${r.versionLine}) ${r.runtime ? `${r.runtime === 'current' ? 'node' : r.runtime} ` : ''}${r.bin}`);
}
console.log(`agents: ${results.length - results.filter((r) => r.error).length}/${results.length} ready in ${((performance.now() - started) / 1000).toFixed(1)} s under ${cacheRoot()}`);
process.exit(failed ? 1 : 0);
