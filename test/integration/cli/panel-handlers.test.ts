// Issue 36 item 3: `logs`, `tools accept` and `bridge install|uninstall` are contract calls
// (logs.get, tools.acceptSnapshot, bridges.*). With a panel running they go over its socket to its
// handlers: `logs` shows the panel's own connection (no second server process is started), an
// accepted list stops being flagged on the panel's row, and a bridge line is on the panel's row,
// when the CLI returns. With none, the same handlers answer in the CLI's process, connecting the
// server for this run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';
import { fixture } from '../../helpers/fixtures';
import { makePanelHome, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';
import { connectPanel, socketTransport } from '../../../electron/host/local-socket/connect';
import { contract, type ServerRow } from '../../../shared/contract';
import { createClient } from '../../../shared/rpc';

let h: PanelHome;
let env: NodeJS.ProcessEnv;
let drifted: string;
let panel: RunningPanel | null = null;

const cli = (...args: string[]) => runCli([...args, '--profile', 'minimax', '--workspace', h.workspace], { env, cwd: h.workspace, timeoutMs: 60_000 });
/** `bridge install|uninstall` name the agent with --agent. */
const bridge = (...args: string[]) => runCli(['bridge', ...args, '--agent', 'minimax', '--workspace', h.workspace], { env, cwd: h.workspace, timeoutMs: 60_000 });
const ANSWERED = 'answered by the running panel';

async function panelRow(name: string): Promise<ServerRow> {
  const socket = await connectPanel({ dataDir: join(h.dir, 'panel-data'), selection: { profile: h.profile, workspace: h.workspace } });
  if (!socket) throw new Error('no panel answers on the socket');
  try {
    const r = await createClient(contract, socketTransport(socket)).call('servers.list', {});
    if (!r.ok) throw new Error(r.error.message);
    return r.value.servers.find((s) => s.name === name)!;
  } finally {
    socket.close();
  }
}

beforeAll(() => {
  // poisoned.mjs --drift FILE: a clean `add` until FILE exists, then a poisoned one (a rug pull).
  // web: a remote entry for the bridge (a closed port: refused at once, nothing leaves the machine).
  h = makePanelHome({ drift: { command: process.execPath, args: [fixture('test/fixtures/servers/poisoned.mjs'), 'stdio', '--drift', 'DRIFT_FILE'] }, web: { type: 'http', url: 'http://127.0.0.1:9/mcp' } });
  drifted = join(h.dir, 'drifted');
  const file = join(h.home, '.minimax', 'mcp.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace('DRIFT_FILE', drifted));
  env = { ...process.env, HOME: h.home, MCP_PANEL_DATA_DIR: join(h.dir, 'panel-data') };
});
afterAll(async () => {
  await panel?.stop();
  h.cleanup();
});

describe('logs, tools accept and bridge install from the CLI go through the contract’s handlers', () => {
  it('with no panel: tools accept connects a server never listed and records its list; logs shows this run’s own session', async () => {
    const first = await cli('tools', 'accept', 'drift', '--json', '--verbose');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).not.toContain(ANSWERED);
    const doc = JSON.parse(first.stdout) as { server: string; id: string; accepted: string; previous: string | null; appliesTo: unknown[] };
    // First sight is approved (CONN-11): accepting it again changes nothing.
    expect(doc).toEqual({ server: 'drift', id: expect.any(String), accepted: expect.stringMatching(/^[0-9a-f]{64}$/), previous: doc.accepted, appliesTo: [{ profile: 'minimax', name: 'drift' }] });

    const pidBefore = existsSync(h.pidFile) ? readFileSync(h.pidFile, 'utf8') : null;
    const logs = await cli('logs', 'alpha', '--traffic', '--json', '--verbose');
    expect(logs.code, logs.stderr).toBe(0);
    expect(logs.stderr).not.toContain(ANSWERED);
    const traffic = JSON.parse(logs.stdout) as { server: string; state: string; traffic: Array<{ method?: string }> };
    expect(traffic).toMatchObject({ server: 'alpha', state: 'connected' });
    expect(traffic.traffic.map((t) => t.method)).toEqual(expect.arrayContaining(['initialize', 'notifications/initialized', 'tools/list']));
    // alpha was started for this run: it wrote its own pid.
    expect(readFileSync(h.pidFile, 'utf8')).not.toBe(pidBefore);
  });

  it('with serve running: logs is the panel’s connection; tools accept clears the panel’s flag and bridge install|uninstall change its row when the CLI returns', async () => {
    writeFileSync(drifted, 'now');
    panel = await startPanel(h);
    expect((await panelRow('drift')).toolsChanged).toMatchObject({ added: 1, changed: 1 });
    const panelAlpha = readFileSync(h.pidFile, 'utf8');

    const logs = await cli('logs', 'alpha', '--traffic', '--json', '--verbose');
    expect(logs.code, logs.stderr).toBe(0);
    expect(logs.stderr).toContain(ANSWERED);
    expect(JSON.parse(logs.stdout)).toMatchObject({ server: 'alpha', state: 'connected', traffic: expect.arrayContaining([expect.objectContaining({ method: 'initialize' })]) });
    // No second alpha: the panel's own process is the one whose session was shown.
    expect(readFileSync(h.pidFile, 'utf8')).toBe(panelAlpha);

    const text = await cli('logs', 'missing', '--verbose');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stderr).toContain(ANSWERED);
    expect(text.stderr).toMatch(/^missing failed: /m);

    const accept = await cli('tools', 'accept', 'drift', '--json', '--verbose');
    expect(accept.code, accept.stderr).toBe(0);
    expect(accept.stderr).toContain(ANSWERED);
    const doc = JSON.parse(accept.stdout) as { accepted: string; previous: string };
    expect(doc.previous).not.toBe(doc.accepted);
    // No reload or reconnect needed: the panel's handler cleared the row before it answered.
    expect((await panelRow('drift')).toolsChanged ?? null).toBeNull();

    const bridged = await bridge('install', 'web', '--json', '--verbose');
    expect(bridged.code, bridged.stderr).toBe(0);
    expect(bridged.stderr).toContain(ANSWERED);
    expect(JSON.parse(bridged.stdout)).toMatchObject({ ok: true, server: 'web', agent: 'minimax', changed: true, replaced: true });
    // The handler reloaded the panel's read model before it answered: the row is the bridge line.
    expect((await panelRow('web')).entry).toMatchObject({ args: expect.arrayContaining(['bridge', 'web']) });
    const stdio = await bridge('install', 'alpha', '--json', '--verbose');
    expect(stdio.code).toBe(1);
    expect(stdio.stderr).toContain(ANSWERED);
    expect(JSON.parse(stdio.stdout)).toMatchObject({ ok: false, error: { code: 'stdio_target', params: { server: 'alpha' } } });
    const restored = await bridge('uninstall', 'web', '--verbose');
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stderr).toContain(ANSWERED);
    expect(restored.stdout).toMatch(/^web: restored exactly in /);
    expect((await panelRow('web')).entry).toEqual({ type: 'http', url: 'http://127.0.0.1:9/mcp' });

    await panel.stop();
    panel = null;
    const again = await cli('tools', 'accept', 'drift');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(`drift: already accepted (${doc.accepted.slice(0, 12)})\n`);
  });

  it('a server that is not in the profile is named with the ones that are, panel or not', async () => {
    const r = await cli('logs', 'nope');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no server "nope" in profile minimax; known: alpha, missing, sleepy, drift, web');
  });
});
