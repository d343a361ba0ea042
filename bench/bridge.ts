// bench:bridge — the agent bridge (BRIDGE-1) as agents run it: the built `mcp-panel bridge`
// (out/cli/mcp-panel.mjs) in front of the registry's reference server over streamable HTTP.
//   - start → ready: spawn → the answer to `initialize` on stdout, median of RUNS cold starts,
//     for `bridge --url URL` and for `bridge NAME` (the config engine finds the entry);
//     target ≤ 1.2× (issue 40) the baseline: a bare SDK proxy (bench/bridge/bare-proxy.ts) bundled the same way
//   - tool-call latency through the bridge vs a direct SDK client to the same server, same run
//     (and through the bare SDK proxy: the stdio hop alone),
//     interleaved; target ratio ≤ 1.10× (issue 40)
//   - the latency the bridge adds to one call (issue 40: the panel's published overhead): each
//     bridge call is paired with the direct call made right after it (or before: the order
//     alternates), and p50 / p99 of (bridge − direct) over the pairs are printed, both eras
//   - RSS of a bridge after the calls; target ≤ 60 MB
// Both upstream eras (PROTO-6): `--era legacy` (default, server-everything, 2025-11-25: the
// bridge forwards messages as they are) and `--era modern` (the SDK v2 fixture with
// { legacy: 'reject' }: the bridge translates; the direct client is a v2 client pinned to
// 2026-07-28; a bare proxy cannot reach such a server, so it is measured for legacy only).
// Run: npm run build:node && npm run bench:bridge [-- --runs 15 --calls 300 --era modern]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Client as V2Client, StreamableHTTPClientTransport as V2HttpTransport } from '@modelcontextprotocol/client';
import { build } from 'esbuild';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { full } from './short';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'out/cli/mcp-panel.mjs');
const arg = (name: string, dflt: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : dflt;
};
const RUNS = arg('runs', full(15, 1));
const ERA = process.argv.includes('--era') ? process.argv[process.argv.indexOf('--era') + 1] : 'legacy';
const MODERN = ERA === 'modern';
const echoArgs = (i: number) => (MODERN ? { text: `m${i}` } : { message: `m${i}` });
const CALLS = arg('calls', full(300, 10));
const quantile = (xs: readonly number[], q: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]! : NaN);
const median = (xs: readonly number[]) => quantile(xs, 0.5);

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function startModern(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(ROOT, 'test/fixtures/servers/v2.mjs'), 'http', '--modern-only'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const port = await new Promise<string>((r) => child.stdout!.on('data', (d: Buffer) => /LISTENING (\d+)/.test(d.toString()) && r(/LISTENING (\d+)/.exec(d.toString())![1]!)));
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}

async function startEverything(): Promise<{ url: string; child: ChildProcess }> {
  if (MODERN) return startModern();
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  for (let i = 0; i < 200; i++) {
    if (await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}

const INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } }) + '\n';

/** spawn → the initialize answer on stdout (then stdin closes and the bridge exits, not timed). */
function timeStart(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return timeSpawn([BIN, 'bridge', ...args], env);
}

function timeSpawn(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, argv, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdin.write(INIT);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('"id":1')) {
        const ms = performance.now() - t0;
        child.stdin.end();
        child.once('exit', () => resolve(ms));
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => {
      if (!out.includes('"id":1')) reject(new Error(`bridge exited ${code} before answering: ${err}`));
    });
  });
}

async function timeCalls(client: Pick<Client, 'callTool'> | V2Client, n: number, from = 0): Promise<number[]> {
  const out: number[] = [];
  for (let i = from; i < from + n; i++) {
    const t0 = performance.now();
    await (client as Pick<V2Client, 'callTool'>).callTool({ name: 'echo', arguments: echoArgs(i) });
    out.push(performance.now() - t0);
  }
  return out;
}

/**
 * RSS counts the node binary and shared libraries, whose pages every node process on the machine
 * shares; USS (private pages) is what one more bridge costs, PSS the fair share of both.
 */
interface Memory {
  rss: number;
  pss: number;
  uss: number;
}
function memoryOf(pid: number): Memory {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  return { rss: kb('Rss') / 1024, pss: kb('Pss') / 1024, uss: (kb('Private_Clean') + kb('Private_Dirty')) / 1024 };
}

/** The floor: a node process that has only loaded the SDK's streamable HTTP client. */
async function sdkClientMemory(): Promise<Memory> {
  const code = "await import('@modelcontextprotocol/sdk/client/streamableHttp.js'); process.stdout.write('ready'); setInterval(() => {}, 1e6);";
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
  await new Promise((r) => child.stdout!.once('data', r));
  const m = memoryOf(child.pid!);
  child.kill();
  return m;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-bench-bridge-'));
  const server = await startEverything();
  try {
    const home = join(dir, 'home');
    mkdirSync(join(home, '.minimax'), { recursive: true });
    writeFileSync(join(home, '.minimax/mcp.json'), JSON.stringify({ mcpServers: { everything: { type: 'http', url: server.url } } }));
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, MCP_PANEL_DATA_DIR: join(home, '.mcp-panel'), LANG: 'C.UTF-8' };
    // The keychain as the person has it: the D-Bus session of this shell, if any.
    for (const k of ['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR', 'XDG_DATA_HOME', 'DISPLAY', 'MCP_PANEL_KEYCHAIN_SERVICE']) if (process.env[k]) env[k] = process.env[k];

    const sdkProxy = join(dir, 'bare-proxy.mjs');
    await build({ entryPoints: [join(import.meta.dirname, 'bridge/bare-proxy.ts')], outfile: sdkProxy, bundle: true, platform: 'node', format: 'esm', target: 'node20.19', logLevel: 'warning', banner: { js: "import { createRequire as r } from 'node:module'; const require = r(import.meta.url);" } });

    const byUrl: number[] = [];
    const byName: number[] = [];
    const bySdk: number[] = [];
    const bare: number[] = [];
    await timeStart(['--url', server.url], env); // warm the OS file cache once
    if (!MODERN) await timeSpawn([sdkProxy, server.url], env);
    for (let i = 0; i < RUNS; i++) {
      byUrl.push(await timeStart(['--url', server.url], env));
      byName.push(await timeStart(['everything', '--profile', 'minimax'], env));
      if (!MODERN) bySdk.push(await timeSpawn([sdkProxy, server.url], env));
      // A busy machine slows every start: bare node, measured interleaved, says by how much.
      const t0 = performance.now();
      spawnSync(process.execPath, ['-e', '0']);
      bare.push(performance.now() - t0);
    }

    const bridged = new Client({ name: 'bench-bridged', version: '1' });
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'bridge', 'everything', '--profile', 'minimax'], env: env as Record<string, string>, stderr: 'ignore' });
    await bridged.connect(transport);
    const direct = MODERN ? new V2Client({ name: 'bench-direct', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } }) : new Client({ name: 'bench-direct', version: '1' });
    await (direct as V2Client).connect(MODERN ? new V2HttpTransport(new URL(server.url)) : (new StreamableHTTPClientTransport(new URL(server.url)) as never));
    // The same stdio hop with nothing else: what any stdio → HTTP proxy adds to a call (legacy:
    // against a modern-only server it cannot even start).
    const proxied = new Client({ name: 'bench-sdk-proxy', version: '1' });
    const proxiedTransport = new StdioClientTransport({ command: process.execPath, args: [sdkProxy, MODERN ? 'http://127.0.0.1:9/none' : server.url], stderr: 'ignore' });
    if (!MODERN) await proxied.connect(proxiedTransport);
    await timeCalls(bridged, 20);
    await timeCalls(direct, 20);
    if (!MODERN) await timeCalls(proxied, 20);
    const viaBridge: number[] = [];
    const viaDirect: number[] = [];
    const viaProxy: number[] = [];
    // One call each way in turn (the first of each turn alternates), so a busy machine slows
    // both alike and each bridge call has a direct call made next to it to be compared with.
    for (let i = 0; i < CALLS; i++) {
      const turn: Array<[Parameters<typeof timeCalls>[0], number[]]> = [[bridged, viaBridge], [direct, viaDirect]];
      if (!MODERN) turn.push([proxied, viaProxy]);
      if (i % 2) turn.reverse();
      for (const [client, into] of turn) into.push(...(await timeCalls(client, 1, i)));
    }
    const mem = memoryOf(transport.pid!);
    const proxyMem = MODERN ? { rss: NaN, pss: NaN, uss: NaN } : memoryOf(proxiedTransport.pid!);
    const floor = await sdkClientMemory();
    await bridged.close();
    if (!MODERN) await proxied.close();
    await direct.close();

    const fmt = (n: number) => n.toFixed(1);
    const bridgeMs = median(viaBridge);
    const directMs = median(viaDirect);
    const proxyMs = median(viaProxy);
    console.log(`bench:bridge — upstream era ${ERA}${MODERN ? " (SDK v2 fixture, legacy: 'reject')" : ' (server-everything)'}, ${RUNS} starts each, ${CALLS} calls each way, load ${loadavg()[0]!.toFixed(2)}`);
    const sdkMs = median(bySdk);
    // A modern-only upstream has no bare baseline: the SDK's own proxy cannot translate eras.
    const vsProxy = (n: number, what = ' the bare SDK proxy') => (MODERN ? '' : ` (${(n / sdkMs).toFixed(2)}×${what})`);
    console.log(`start → initialize answered, --url URL     median ${fmt(median(byUrl))} ms${vsProxy(median(byUrl))}   (target ≤ 1.2× the bare SDK proxy)`);
    console.log(`start → initialize answered, NAME (config) median ${fmt(median(byName))} ms${vsProxy(median(byName), '')}   (target ≤ 1.2× the bare SDK proxy)`);
    if (MODERN) console.log('bare SDK proxy: none can reach a modern-only server (it speaks the agent\'s era upstream)');
    else console.log(`bare SDK proxy (two SDK transports, nothing else) median ${fmt(sdkMs)} ms`);
    console.log(`bare \`node -e 0\` in the same run          median ${fmt(median(bare))} ms`);
    console.log(`tool call: bridge ${fmt(bridgeMs)} ms, direct SDK client ${fmt(directMs)} ms, ratio ${(bridgeMs / directMs).toFixed(2)}×   (target ≤ 1.10×)`);
    if (!MODERN) console.log(`tool call through the bare SDK proxy (the stdio hop alone): ${fmt(proxyMs)} ms, ${(proxyMs / directMs).toFixed(2)}× direct; the bridge is ${(bridgeMs / proxyMs).toFixed(2)}× it`);
    // The pairs: what one call pays for going through the bridge rather than straight to the server.
    const added = (via: number[]) => via.map((ms, i) => ms - viaDirect[i]!);
    const ms3 = (n: number) => n.toFixed(3);
    const bridgeAdded = added(viaBridge);
    console.log(`added latency per proxied call (bridge − direct, ${CALLS} paired calls): p50 ${ms3(quantile(bridgeAdded, 0.5))} ms, p99 ${ms3(quantile(bridgeAdded, 0.99))} ms   (bridge p50 / p99 ${ms3(quantile(viaBridge, 0.5))} / ${ms3(quantile(viaBridge, 0.99))} ms; direct ${ms3(quantile(viaDirect, 0.5))} / ${ms3(quantile(viaDirect, 0.99))} ms)`);
    if (!MODERN) {
      const proxyAdded = added(viaProxy);
      console.log(`added latency per call through the bare SDK proxy, same pairs: p50 ${ms3(quantile(proxyAdded, 0.5))} ms, p99 ${ms3(quantile(proxyAdded, 0.99))} ms`);
    }
    console.log(`memory of a bridge after ${CALLS + 20} calls: RSS ${fmt(mem.rss)} MB, PSS ${fmt(mem.pss)} MB, private (USS) ${fmt(mem.uss)} MB   (target ≤ 60 MB)`);
    if (!MODERN) console.log(`the bare SDK proxy after the same calls:       RSS ${fmt(proxyMem.rss)} MB, PSS ${fmt(proxyMem.pss)} MB, private (USS) ${fmt(proxyMem.uss)} MB`);
    console.log(`node with only the SDK's HTTP client loaded:   RSS ${fmt(floor.rss)} MB, PSS ${fmt(floor.pss)} MB, private (USS) ${fmt(floor.uss)} MB`);
  } finally {
    server.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
