// Issue 22 item 5: the CLI's read commands answer from the running panel (a real `serve`
// process) through the socket in its private data folder, or from the cached tool lists when
// no panel runs; `--refresh` reconnects. Whether a server was started again is told by the
// server itself: each start appends a line to its START_LOG.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';
import { startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';
import { fixture, until } from '../connections/helpers';
import { connectPanel } from '../../../electron/host/local-socket/connect';
import { contract } from '../../../shared/contract';
import { methodsFor } from '../../../shared/rpc';

let home: PanelHome;
let env: NodeJS.ProcessEnv;
let dataDir: string;
let startLog: string;
let panel: RunningPanel | null = null;

const starts = () => (existsSync(startLog) ? readFileSync(startLog, 'utf8').trim().split('\n').filter(Boolean).length : 0);
const sock = () => join(dataDir, 'panel.sock');

async function tools(...extra: string[]) {
  const r = await runCli(['tools', '--json', '--profile', 'minimax', '--workspace', home.workspace, '--verbose', ...extra], { env, cwd: home.workspace });
  expect(r.code, r.stderr).toBe(0);
  return { doc: JSON.parse(r.stdout) as { source: string; tools: Array<{ server: string; name: string }>; servers: Array<{ server: string; state: string }> }, stderr: r.stderr };
}

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-socket-'));
  home = { profile: 'minimax', dir, home: join(dir, 'home'), workspace: join(dir, 'workspace'), pidFile: join(dir, 'unused.pid'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  dataDir = join(dir, 'panel-data'); // where startPanel puts MCP_PANEL_DATA_DIR
  startLog = join(dir, 'starts.log');
  mkdirSync(join(home.home, '.minimax'), { recursive: true });
  mkdirSync(home.workspace, { recursive: true });
  const servers = { counted: { command: process.execPath, args: [fixture('counted'), 'stdio'], env: { START_LOG: startLog } }, off: { command: process.execPath, args: [fixture('counted')], enabled: false } };
  writeFileSync(join(home.home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  env = { ...process.env, HOME: home.home, MCP_PANEL_DATA_DIR: dataDir };
});
afterEach(async () => {
  await panel?.stop();
  panel = null;
});
afterAll(() => home.cleanup());

describe('the CLI and the running panel', () => {
  it('a running serve answers tools, status and names through its 0600 socket: no server starts again', async () => {
    panel = await startPanel(home);
    const first = await tools();
    expect(first.doc.source).toBe('panel');
    expect(first.stderr).toContain('answered by the running panel');
    expect(first.doc.tools.map((t) => t.name)).toEqual(['ping', 'say']);
    expect(first.doc.servers.map((s) => [s.server, s.state])).toEqual([['counted', 'connected'], ['off', 'disabled']]);
    // The panel's own start is the only one.
    expect(starts()).toBe(1);
    const st = statSync(sock());
    expect(st.isSocket()).toBe(true);
    expect(st.mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);

    const status = await runCli(['status', '--json', '--profile', 'minimax', '--workspace', home.workspace], { env, cwd: home.workspace });
    const sdoc = JSON.parse(status.stdout);
    expect(sdoc.source).toBe('panel');
    expect(sdoc.servers.find((s: { name: string }) => s.name === 'counted')).toMatchObject({ state: 'connected', toolCount: 2 });
    const names = await runCli(['names', '--json', '--profile', 'minimax', '--workspace', home.workspace], { env, cwd: home.workspace });
    expect(JSON.parse(names.stdout).map((n: { name: string }) => n.name)).toEqual(['mcp__counted__ping', 'mcp__counted__say']);
    expect(starts()).toBe(1);

    // The socket serves the CLI's own writes (issue 36: editor.*, workspace.trust, install.undo,
    // auth.logout), never the page's row toggle or a switch of the view. It is the user's alone
    // (0600 in a 0700 folder, above): what it serves, the same user could write to the files anyway.
    const client = (await connectPanel({ dataDir, selection: { profile: 'minimax', workspace: home.workspace } }))!;
    try {
      const flip = await client.call('servers.setEnabled', { id: 'configured:minimax:counted', enabled: false });
      expect(flip.ok ? null : flip.error.code).toBe('refused');
      const bad = await client.call('tools.list', { catalog: 'not a list' });
      expect(bad.ok ? null : bad.error.code).toBe('invalid-input');
    } finally {
      client.close();
    }
  });

  // Issue 36: the socket serves exactly the methods the contract marks for it, walked one by one
  // against a real `serve`: a served read is answered (or its empty input refused as input), and
  // every other method is refused as not served, before its input is even read.
  it('serves exactly the methods the contract marks for the socket', async () => {
    panel = await startPanel(home);
    const client = (await connectPanel({ dataDir, selection: { profile: 'minimax', workspace: home.workspace } }))!;
    try {
      const served: string[] = [];
      for (const name of Object.keys(contract.methods)) {
        const r = await client.call(name as never, {} as never);
        if (r.ok || r.error.code !== 'refused') served.push(name);
        else expect(r.error.message, name).toContain('is not served to the command line');
      }
      expect(served.sort()).toEqual(methodsFor(contract, 'socket').sort());
      expect(served).toContain('tools.list');
      expect(served).not.toContain('servers.setEnabled');
    } finally {
      client.close();
    }
  });

  it('--refresh reconnects: the server starts once more', async () => {
    panel = await startPanel(home);
    await tools(); // settled: the panel's start is in the log
    const before = starts();
    const r = await tools('--refresh');
    expect(r.doc.source).toBe('live');
    expect(r.doc.tools.map((t) => t.name)).toEqual(['ping', 'say']);
    expect(starts()).toBe(before + 1);
  });

  it("another workspace than the panel's is not answered by the panel", async () => {
    panel = await startPanel(home);
    const other = join(home.dir, 'elsewhere');
    mkdirSync(other, { recursive: true });
    const r = await runCli(['tools', '--json', '--profile', 'minimax', '--workspace', other, '--verbose'], { env, cwd: other });
    expect(JSON.parse(r.stdout).source).toBe('cache');
    expect(r.stderr).toContain(`the running panel shows minimax · ${home.workspace}`);
  });

  it("a killed panel's stale socket falls back to the cached lists, and the next panel replaces it", async () => {
    panel = await startPanel(home);
    await tools();
    // The panel records the list in the background: the cache is what is on disk.
    const index = join(dataDir, 'tool-snapshots', 'index.json');
    await until(() => existsSync(index) && readFileSync(index, 'utf8').includes('configured:minimax:counted'), 10_000, 'the snapshot index');
    panel.child.kill('SIGKILL');
    await new Promise((r) => panel!.child.once('exit', r));
    panel = null;
    expect(statSync(sock()).isSocket()).toBe(true); // left behind
    const before = starts();
    const r = await tools();
    expect(r.doc.source).toBe('cache');
    expect(r.doc.tools.map((t) => t.name)).toEqual(['ping', 'say']);
    expect(starts()).toBe(before); // cached: nothing started
    // Said as a kept list, not as a connection that took 0 ms.
    const text = await runCli(['status', '--profile', 'minimax', '--workspace', home.workspace], { env, cwd: home.workspace });
    expect(text.stdout).toMatch(/counted .* 2 tools \(kept list\)/);
    expect(text.stdout).not.toMatch(/tools in 0 ms/);
    panel = await startPanel(home);
    expect((await tools()).doc.source).toBe('panel');
  });
});

describe('a socket that is not private is never used', () => {
  let impostor: Server | null = null;
  let connections = 0;
  const listen = (path: string) =>
    new Promise<Server>((done) => {
      const s = createServer((c) => {
        connections++;
        c.destroy();
      });
      s.listen(path, () => done(s));
    });
  afterEach(async () => {
    await new Promise<void>((r) => (impostor ? impostor.close(() => r()) : r()));
    impostor = null;
    chmodSync(dataDir, 0o700);
    rmSync(sock(), { force: true });
  });

  it("another user's socket: refused by the CLI and left alone by a starting panel", async () => {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    rmSync(sock(), { force: true });
    impostor = await listen(sock());
    chmodSync(sock(), 0o600);
    chownSync(sock(), 65534, 65534); // nobody (the tests run as root here)
    connections = 0;
    const r = await tools();
    expect(r.doc.source).toBe('cache');
    expect(r.stderr).toContain('belongs to user 65534');
    expect(connections).toBe(0);
    // A panel does not take over (or delete) a socket it does not own; it still serves the page.
    panel = await startPanel(home, ['--verbose']);
    expect(statSync(sock()).uid).toBe(65534);
    expect((await tools()).doc.source).toBe('cache');
    expect(connections).toBe(0);
  });

  it('a socket open to others is refused; a data folder open to others is made private again (SEC-8)', async () => {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    rmSync(sock(), { force: true });
    impostor = await listen(sock());
    connections = 0;
    chmodSync(sock(), 0o666);
    let r = await tools();
    expect(r.doc.source).toBe('cache');
    expect(r.stderr).toMatch(/panel\.sock is open to other users \(mode 0666\)/);
    expect(connections).toBe(0);
    chmodSync(sock(), 0o600);
    chmodSync(dataDir, 0o755);
    r = await tools();
    expect(r.stderr).toMatch(/panel-data was mode 0755, open to other users; made it 0700/);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });
});
