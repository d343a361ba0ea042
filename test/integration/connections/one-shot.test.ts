// Bug "a one-shot CLI drops remote servers": with ~10 stdio and 5 remote servers a
// busy machine made every healthy HTTP server miss its 2 s budget, and `status`/`tools` ran one
// round and exited. A one-shot command now waits for each server until it answered or failed
// for its own reason, or the command's deadline passed. Real fixture processes throughout.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../../../electron/host/cli/command';
import { connectionCommands, discoverOnce } from '../../../electron/host/cli/connection-commands';
import type { ConnectionSpec } from '../../../shared/schemas/server';
import { ManualClock } from '../../helpers/manual-clock';
import { fixture, spec, startFixture, startSlowRemote, stdioSpec, tempDir } from './helpers';
import { usePoolBed } from './pool-bed';

const { newPool, keep } = usePoolBed('one-shot-');

const STDIO = 10;
const REMOTES = 5;
const ECHO_TOOLS = 7;

async function remotes(): Promise<string[]> {
  const started = await Promise.all(Array.from({ length: REMOTES }, () => startFixture('echo', 'http')));
  return started.map((r) => keep(r).url);
}

/** Remotes in front of `urls` that hold every request until `open()`: slower than any budget for as long as the test says. */
async function heldRemotes(urls: string[]): Promise<{ urls: string[]; open(): void }> {
  let open!: () => void;
  const held = new Promise<void>((r) => (open = r));
  const proxies = await Promise.all(urls.map((url) => startSlowRemote(url, held)));
  return { urls: proxies.map((p) => keep(p).url), open };
}

function servers(urls: string[]): ConnectionSpec[] {
  return [
    ...Array.from({ length: STDIO }, (_, i) => stdioSpec(`local${i}`, 'echo')),
    ...urls.map((url, i) => spec({ id: `remote${i}`, profile: 'minimax', transport: 'http', url })),
  ];
}

const remoteIds = Array.from({ length: REMOTES }, (_, i) => `remote${i}`);

describe('one-shot discovery (CONN-3 without a next round)', () => {
  it('10 stdio + 5 HTTP servers with a 1 ms remote budget: one round drops every remote, the one-shot path gets them all', async () => {
    // The remotes answer only once the control round is over, so none can beat even a 1 ms budget.
    const held = await heldRemotes(await remotes());
    const urls = held.urls;
    // Control: the single budgeted round the CLI used to run loses every remote at this budget.
    const once = newPool({ remoteBudgetMs: 1 });
    once.setServers(servers(urls));
    const round = await once.discover();
    held.open();
    for (const id of remoteIds) {
      const r = round.servers.find((s) => s.id === id)!;
      expect(r.tools).toEqual([]);
      expect(r.error).toMatch(/did not answer within its 1 ms discovery budget/);
    }
    const pool = newPool({ remoteBudgetMs: 1 });
    pool.setServers(servers(urls));
    const settled = await discoverOnce(pool);
    expect(settled.servers.map((s) => [s.id, s.state.kind, s.error])).toEqual(servers(urls).map((s) => [s.id, 'connected', null]));
    expect(settled.servers.reduce((n, s) => n + s.tools.length, 0)).toBe((STDIO + REMOTES) * ECHO_TOOLS);
  });

  it('a server that never answers is cut at the deadline; one that fails for its own reason is not waited for', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    keep({ stop: () => new Promise<void>((r) => (silent.closeAllConnections(), silent.close(() => r()))) });
    const clock = new ManualClock();
    const t0 = clock.now();
    const pool = newPool({ clock, remoteBudgetMs: 50 });
    pool.setServers([
      spec({ id: 'silent', transport: 'http', url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp` }),
      stdioSpec('broken', 'echo', [], { command: '/nonexistent/binary' }),
    ]);
    const finished: Array<[string, number]> = [];
    let brokenIn!: () => void;
    const broken = new Promise<void>((r) => (brokenIn = r));
    let over = false;
    const pending = pool
      .discover({
        settleWithinMs: 1_500,
        onResult: (id) => {
          finished.push([id, clock.now() - t0]);
          if (id === 'broken') brokenIn();
        },
      })
      .finally(() => (over = true));
    // The broken one fails for its own reason before any time passes: nobody waits for it.
    await broken;
    expect(finished).toEqual([['broken', 0]]);
    // The silent one misses its 50 ms budget and is waited for up to the command's deadline…
    await clock.timerAt(t0 + 50);
    clock.advance(50);
    await clock.timerAt(t0 + 1_500);
    expect(over).toBe(false);
    // …and cut there.
    clock.advance(1_450);
    const round = await pending;
    expect(finished).toEqual([
      ['broken', 0],
      ['silent', 1_500],
    ]);
    const byId = Object.fromEntries(round.servers.map((s) => [s.id, s]));
    expect(byId.broken!.error).toMatch(/ENOENT/);
    expect(byId.silent!.state.kind).toBe('failed');
    expect(byId.silent!.error).toMatch(/did not answer within the 1500 ms this command waits/);
  });

  it('`tools --json` lists the tools of remote servers slower than the 2 s budget, next to 10 stdio ones', async () => {
    const home = await tempDir('one-shot-home-');
    keep({ stop: () => home.cleanup() });
    // Each remote holds its initialize 2.5 s: past CONN-3's 2 s, well within its startup timeout.
    const slow = await Promise.all((await remotes()).map((url) => startSlowRemote(url, 2_500)));
    slow.forEach((s) => keep(s));
    const entries: Record<string, unknown> = {};
    for (let i = 0; i < STDIO; i++) entries[`local${i}`] = { command: process.execPath, args: [fixture('echo'), 'stdio'] };
    slow.forEach((s, i) => (entries[`remote${i}`] = { type: 'http', url: s.url }));
    mkdirSync(join(home.path, '.minimax'), { recursive: true });
    writeFileSync(join(home.path, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: entries }));
    let out = '';
    const ctx: CommandContext = {
      args: [],
      opts: { json: true, workspace: home.path },
      env: { ...process.env, HOME: home.path, MCP_PANEL_DATA_DIR: join(home.path, 'panel') },
      cwd: home.path,
      stdout: (t) => (out += t),
      stderr: () => undefined,
      interrupted: new Promise(() => {}),
    };
    const code = await connectionCommands.find((c) => c.name === 'tools')!.run(ctx);
    expect(code ?? 0).toBe(0);
    const doc = JSON.parse(out) as { tools: Array<{ server: string }>; servers: Array<{ server: string; state: string; error: string | null }> };
    expect(doc.servers.filter((s) => s.state !== 'connected')).toEqual([]);
    expect(doc.tools.filter((t) => t.server.startsWith('remote'))).toHaveLength(REMOTES * ECHO_TOOLS);
    expect(doc.tools).toHaveLength((STDIO + REMOTES) * ECHO_TOOLS);
  });
});
