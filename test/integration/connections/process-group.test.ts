// SEC-7 / CONN-4 (security issue item 9): no server process, nor anything it started, outlives
// the panel. Real hosts (the CLI, `cli serve`), a real server that starts a helper of its own
// (test/fixtures/servers/spawner.mjs), real signals; pids are polled with bounded deadlines.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionPool, sweepStaleGroups } from '../../../electron/services/connections';
import { cliNodeArgs, runCli } from '../../helpers/run-cli';
import { seedCodeCache } from '../../helpers/code-cache-seed';
import { fixture, pidAlive, stdioSpec, tempDir, until } from './helpers';

interface Started {
  server: number;
  grandchild: number;
  parent: number;
}

let tmp: Awaited<ReturnType<typeof tempDir>>;
let n = 0;
const hosts: ChildProcess[] = [];
const strays: number[] = [];
const pidFiles: string[] = [];

beforeAll(async () => {
  tmp = await tempDir('proc-group-');
});
afterEach(() => {
  for (const h of hosts.splice(0)) if (h.exitCode === null && h.signalCode === null) h.kill('SIGKILL');
  // Whatever a failed assertion left running must not outlive the test run either.
  for (const f of pidFiles.splice(0)) started(f);
  for (const p of strays.splice(0)) if (pidAlive(p)) process.kill(p, 'SIGKILL');
});
afterAll(() => tmp.cleanup());

/** A temp HOME whose minimax config holds one spawner server, and a panel data dir. */
function makeHome(flags: string[] = []) {
  const dir = join(tmp.path, `h${n++}`);
  const home = join(dir, 'home');
  const pidFile = join(dir, 'started.jsonl');
  pidFiles.push(pidFile);
  mkdirSync(join(home, '.minimax'), { recursive: true });
  const kid = { command: process.execPath, args: [fixture('spawner'), 'stdio', ...flags], env: { PID_FILE: pidFile } };
  writeFileSync(join(home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { kid } }));
  const dataDir = join(dir, 'panel-data');
  const env = { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: dataDir };
  return { home, pidFile, dataDir, env, records: () => (existsSync(join(dataDir, 'process-groups')) ? readdirSync(join(dataDir, 'process-groups')) : []) };
}

function started(pidFile: string): Started[] {
  if (!existsSync(pidFile)) return [];
  const lines = readFileSync(pidFile, 'utf8').split('\n').filter(Boolean);
  const list = lines.map((l) => JSON.parse(l) as Started);
  for (const s of list) strays.push(s.server, s.grandchild);
  return list;
}

const pidsOf = (s: Started[]) => s.flatMap((x) => [x.server, x.grandchild]);
const allGone = (pids: number[], what: string) => until(() => pids.every((p) => !pidAlive(p)), 30_000, `${what} gone (${pids.filter(pidAlive)})`);

/**
 * `cli serve --json` as the real host process, node itself (its pid is the host's): the bundle
 * when the tests run the built CLI, else the source through the tsx loader (run-cli.ts).
 */
async function startHost(env: NodeJS.ProcessEnv, home: string): Promise<ChildProcess> {
  seedCodeCache(env);
  const child = spawn(process.execPath, cliNodeArgs(['serve', '--json', '--profile', 'minimax', '--workspace', home]), { cwd: home, env, stdio: ['ignore', 'pipe', 'pipe'] });
  hosts.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${err}`)), 60_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (/"url"/.test(out) && out.trim().endsWith('}')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}: ${err}`));
    });
  });
  return child;
}

/**
 * The server the host keeps: started by it, alive, and recorded (a record is named by its pid).
 * Not merely the first it started: a start the host gave up on (an era probe answered too late
 * on a starved machine is retried) is struck off and ended, and its pid line stays in the file.
 */
async function serverOf(pidFile: string, host: ChildProcess, dataDir: string): Promise<Started> {
  let mine: Started | undefined;
  const recorded = (pid: number) => existsSync(join(dataDir, 'process-groups')) && readdirSync(join(dataDir, 'process-groups')).some((f) => f.startsWith(`${pid}-`));
  const kept = () => started(pidFile).find((s) => s.parent === host.pid && pidAlive(s.server) && recorded(s.server));
  await until(() => (mine = kept()) !== undefined, 30_000, `the live, recorded server of host ${host.pid}`);
  return mine!;
}

describe('no orphan processes (SEC-7)', () => {
  it('the CLI status --json and call end the server and the helper it started', async () => {
    const h = makeHome();
    const status = await runCli(['status', '--json', '--profile', 'minimax'], { env: h.env, cwd: h.home });
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout).servers).toContainEqual(expect.objectContaining({ name: 'kid', state: 'connected' }));
    expect(started(h.pidFile)).toHaveLength(1);
    await allGone(pidsOf(started(h.pidFile)), 'status: server and helper');

    const call = await runCli(['call', 'kid', 'pid', '--json', '--profile', 'minimax'], { env: h.env, cwd: h.home });
    expect(call.code, call.stderr).toBe(0);
    const runs = started(h.pidFile);
    expect(runs).toHaveLength(2);
    expect(JSON.parse(JSON.parse(call.stdout).content[0].text)).toEqual({ server: runs[1]!.server, grandchild: runs[1]!.grandchild });
    await allGone(pidsOf(runs), 'call: server and helper');
    expect(h.records()).toEqual([]); // struck off on a clean exit
  }, 90_000);

  it('SIGTERM of a running `cli serve` host leaves no child or grandchild', async () => {
    const h = makeHome();
    const host = await startHost(h.env, h.home);
    const mine = await serverOf(h.pidFile, host, h.dataDir);
    expect(pidAlive(mine.grandchild)).toBe(true);
    expect(h.records()).toHaveLength(1);
    host.kill('SIGTERM');
    await once(host, 'exit');
    // Every process this host started (a start it retried included), not only the one it kept.
    await allGone(pidsOf(started(h.pidFile).filter((s) => s.parent === host.pid)), 'server and helper after SIGTERM');
    expect(h.records()).toEqual([]);
  }, 90_000);

  it('retries of a server that never initialises do not pile up processes', async () => {
    const h = makeHome();
    const pool = new ConnectionPool({ dataDir: h.dataDir, env: process.env, backoffMs: [50], killGraceMs: 200 });
    try {
      pool.setServers([stdioSpec('mute', 'spawner', ['--no-init'], { startupTimeoutMs: 1_500, env: { PID_FILE: h.pidFile } })]);
      await expect(pool.listTools('mute')).rejects.toThrow(/within 1500 ms/);
      // The pool retries on its own (CONN-6 backoff, shortened here): wait for three more starts.
      await until(() => started(h.pidFile).length >= 4, 30_000, 'four starts');
      const runs = started(h.pidFile);
      // Every earlier attempt is gone, helper included, by the time a later one runs.
      await allGone(pidsOf(runs.slice(0, -1)), 'earlier attempts');
    } finally {
      await pool.dispose();
    }
    await allGone(pidsOf(started(h.pidFile)), 'every attempt after dispose');
    expect(h.records()).toEqual([]);
  }, 60_000);

  it('after SIGKILL of a host the next host start ends its survivors, and leaves a live host alone', async () => {
    const h = makeHome(['--stubborn']);
    const doomed = await startHost(h.env, h.home);
    const other = await startHost(h.env, h.home); // same data dir, still running throughout
    const [lost, kept] = [await serverOf(h.pidFile, doomed, h.dataDir), await serverOf(h.pidFile, other, h.dataDir)];
    expect(h.records()).toHaveLength(2);
    doomed.kill('SIGKILL');
    await once(doomed, 'exit');
    // The attack: no cleanup ran, and the server ignores stdin EOF, so it survives its host.
    expect([lost.server, lost.grandchild].filter(pidAlive)).toEqual([lost.server, lost.grandchild]);

    // Any host start sweeps: here the CLI, without connecting anything itself.
    const next = await runCli(['status', '--json', '--no-connect', '--profile', 'minimax'], { env: h.env, cwd: h.home });
    expect(next.code, next.stderr).toBe(0);
    await allGone([lost.server, lost.grandchild], "the killed host's server and helper");
    expect([kept.server, kept.grandchild].filter(pidAlive)).toEqual([kept.server, kept.grandchild]);
    expect(h.records()).toHaveLength(1);

    other.kill('SIGTERM'); // the stubborn server ignores it: the close ladder's SIGKILL ends the group
    await once(other, 'exit');
    await allGone([kept.server, kept.grandchild], "the live host's server and helper after its own exit");
    expect(h.records()).toEqual([]);
  }, 120_000);

  it('after SIGKILL of a host whose server left on stdin EOF, the next start ends the helper it left', async () => {
    const h = makeHome();
    const host = await startHost(h.env, h.home);
    const mine = await serverOf(h.pidFile, host, h.dataDir);
    host.kill('SIGKILL');
    await once(host, 'exit');
    await allGone([mine.server], 'the server (stdin EOF)');
    expect(pidAlive(mine.grandchild)).toBe(true); // its helper stayed: leader gone, group alive
    const next = await runCli(['status', '--json', '--no-connect', '--profile', 'minimax'], { env: h.env, cwd: h.home });
    expect(next.code, next.stderr).toBe(0);
    await allGone([mine.grandchild], 'the helper of the killed host');
    expect(h.records()).toEqual([]);
  }, 90_000);

  it('the sweep never signals a pid whose start time differs from the record (pid reuse)', async () => {
    const h = makeHome();
    const bystander = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { detached: true, stdio: 'ignore' });
    strays.push(bystander.pid!);
    const deadHost = spawn(process.execPath, ['-e', '']);
    await once(deadHost, 'exit');
    const dir = join(h.dataDir, 'process-groups');
    mkdirSync(dir, { recursive: true });
    const record = { pid: bystander.pid, pgid: bystander.pid, start: 'another-boot:1', command: 'x', hostPid: deadHost.pid, hostStart: 'gone', token: 'not-in-its-env', at: 0 };
    writeFileSync(join(dir, `${bystander.pid}-old.json`), JSON.stringify(record));
    writeFileSync(join(dir, 'junk.json'), '{ not json');
    const result = await sweepStaleGroups(h.dataDir, { graceMs: 200 });
    expect(result).toEqual({ ended: [], kept: 0 });
    expect(pidAlive(bystander.pid!)).toBe(true);
    expect(h.records()).toEqual([]); // stale and unreadable records are dropped
    bystander.kill('SIGKILL');
    await once(bystander, 'exit');
  });
});
