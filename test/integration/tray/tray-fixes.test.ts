// UI-10 (issue 38 item 4) under plain Node: the tray's problems and their fixes from the real
// composition, each fix run by electron/host/tray-fixes.ts (what the Electron tray calls) and its
// effect checked, for three agents at once. MiniMax Code is selected (it cannot log in by OAuth
// itself); Claude Code and Codex list the same servers: a remote server behind the real OAuth
// authorization server (login: one login, and each agent's entry connects; bridge: MiniMax's
// entry through the bridge), the poisoned fixture that pulls its rug (review: the page opens on it,
// one accept covers every agent), a command that does not exist (doctor), and a project server in
// an untrusted workspace (trust: it starts). Run inside scripts/with-keyring.sh (the keychain).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgentServers, AppContract, ServerRow, ServersView } from '../../../shared/contract';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/rpc';
import { viewTray } from '../../../shared/tray-view';
import type { TrayFix } from '../../../shared/tray-fixes';
import { startServices, type Services } from '../../../electron/services/compose';
import { HeadlessPerson } from '../../../electron/services/auth';
import { runTrayFix } from '../../../electron/host/tray-fixes';
import { inProcessClient } from '../../../electron/host/in-process-client';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/oauth/auth-server';
import { fixture } from '../../helpers/fixtures';

const SERVICE = `mcp-panel-test-fixes-${process.pid}`;
let dir: string;
let ws: string;
let drifted: string;
let oauth: OAuthFixture;
let services: Services;
const navigated: unknown[] = [];

async function call<M extends MethodName<AppContract>>(method: M, input: MethodInput<AppContract, M>): Promise<MethodOutput<AppContract, M>> {
  const r = await services.dispatch(method, input, { host: 'web' });
  if (!r.ok) throw Object.assign(new Error(r.error.message), { code: r.error.code });
  return r.value as MethodOutput<AppContract, M>;
}
const view = () => call('servers.list', {}) as Promise<ServersView>;
const row = async (name: string): Promise<ServerRow> => (await view()).servers.find((s) => s.name === name)!;
/** The tray's fixes now, as the Electron tray and the page compute them. */
async function fixes(): Promise<TrayFix[]> {
  return viewTray(await view(), 'en', (await call('install.agentServers', {})) as AgentServers).fixes;
}
const fixOf = async (kind: TrayFix['kind']) => (await fixes()).find((f) => f.kind === kind)!;
const run = (f: TrayFix) => runTrayFix(f.action, { client: inProcessClient(services, 'web'), events: services.api.events, workspace: () => ws });

beforeAll(async () => {
  oauth = await startOAuthFixture();
  dir = await mkdtemp(join(tmpdir(), 'tray-fixes-'));
  const home = join(dir, 'home');
  ws = join(dir, 'ws');
  drifted = join(dir, 'drifted');
  await mkdir(join(home, '.minimax'), { recursive: true });
  await mkdir(join(home, '.codex'), { recursive: true });
  await mkdir(ws, { recursive: true });
  const drift = { command: process.execPath, args: [fixture('test/fixtures/servers/poisoned.mjs'), 'stdio', '--drift', drifted] };
  await writeFile(join(home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { docs: { url: oauth.mcpUrl }, drift, broken: { command: join(dir, 'no-such-server') } } }, null, 2));
  await writeFile(join(home, '.claude.json'), JSON.stringify({ mcpServers: { docs: { type: 'http', url: oauth.mcpUrl }, drift: { type: 'stdio', ...drift } } }, null, 2));
  await writeFile(join(home, '.codex', 'config.toml'), `[mcp_servers.docs]\nurl = "${oauth.mcpUrl}"\n\n[mcp_servers.drift]\ncommand = "${drift.command}"\nargs = ${JSON.stringify(drift.args)}\n`);
  // The workspace's own server (MiniMax reads <ws>/.mcp.json once the workspace is trusted).
  await writeFile(join(ws, '.mcp.json'), JSON.stringify({ mcpServers: { proj: { command: process.execPath, args: [fixture('test/fixtures/servers/echo.mjs'), 'stdio'] } } }));
  const env = { PATH: process.env.PATH, HOME: home, MCP_PANEL_DATA_DIR: join(dir, 'data'), MCP_PANEL_KEYCHAIN_SERVICE: SERVICE, DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS };
  services = await startServices({ host: 'web', pickFolder: null, env, cwd: ws, version: '0.0.0', profile: 'minimax', workspace: ws });
  services.api.events.subscribe((event, payload) => event === 'app.navigate' && navigated.push(payload));
  await vi.waitFor(async () => expect((await row('docs')).state.kind).toBe('needs-auth'), { timeout: 30_000, interval: 100 });
  await vi.waitFor(async () => expect((await row('drift')).state.kind).toBe('connected'), { timeout: 30_000, interval: 100 });
}, 90_000);

afterAll(async () => {
  if (services) {
    for (const a of await services.broker.store.list('')) await services.broker.store.delete(a);
    await services.dispose();
  }
  await oauth?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the tray fixes things for every agent at once (UI-10)', () => {
  it('lists each problem with its fix and the agents it helps', async () => {
    const byKind = Object.fromEntries((await fixes()).map((f) => [f.kind, f]));
    expect(byKind.login).toMatchObject({ server: 'docs', agents: ['MiniMax Code', 'Claude Code', 'Codex CLI'], label: 'Log in to docs again (for MiniMax Code, Claude Code, Codex CLI)' });
    expect(byKind.bridge).toMatchObject({ server: 'docs', agents: ['MiniMax Code', 'Claude Code', 'Codex CLI'] });
    expect(byKind.doctor).toMatchObject({ server: 'broken' });
    expect(byKind.trust).toMatchObject({ server: null, starts: ['proj'], label: 'Trust this workspace: it starts proj' });
    expect(byKind.review).toBeUndefined();
    // The tray's menu puts them first, each a click.
    const { model } = viewTray(await view(), 'en', (await call('install.agentServers', {})) as AgentServers);
    expect(model.menu.slice(0, 4).map((i) => i.kind === 'action' && i.action.type)).toEqual(['fix', 'fix', 'fix', 'fix']);
  });

  it('login: one login, and the server connects for MiniMax Code, Claude Code and Codex alike', async () => {
    const person = new HeadlessPerson();
    const off = services.api.events.subscribe((event, payload) => {
      const p = payload as { progress?: { type: string; url?: string } };
      if (event === 'auth.progress' && p.progress?.type === 'waiting-for-browser') void person.open(p.progress.url!);
    });
    expect(await run(await fixOf('login'))).toEqual({ ok: true });
    await vi.waitFor(async () => expect((await row('docs')).state.kind).toBe('connected'), { timeout: 30_000, interval: 100 });
    await person.finished();
    off();
    for (const profile of ['claude-code', 'codex'] as const) {
      await call('profiles.select', { profile, workspace: ws });
      await vi.waitFor(async () => expect((await row('docs')).state.kind).toBe('connected'), { timeout: 30_000, interval: 100 });
    }
    await call('profiles.select', { profile: 'minimax', workspace: ws });
    expect((await fixes()).map((f) => f.kind)).not.toContain('login');
  });

  it('bridge: MiniMax Code\'s entry goes through the bridge (its file says so, and its verdict is usable)', async () => {
    expect(await run(await fixOf('bridge'))).toEqual({ ok: true });
    expect(await readFile(join(dir, 'home', '.minimax', 'mcp.json'), 'utf8')).toMatch(/"bridge"/);
    await vi.waitFor(async () => expect((await fixes()).map((f) => f.kind)).not.toContain('bridge'), { timeout: 30_000, interval: 100 });
  });

  it('review: a rug pull opens the page on the change; one accept approves it for every agent', async () => {
    await writeFile(drifted, 'now');
    await call('servers.reconnect', { id: (await row('drift')).id });
    const review = await fixOf('review');
    expect(review).toMatchObject({ server: 'drift', agents: ['MiniMax Code', 'Claude Code', 'Codex CLI'] });
    expect(await run(review)).toEqual({ ok: true });
    expect(navigated.at(-1)).toEqual({ serverId: (await row('drift')).id, show: 'review' });
    // The accept is said as a state event too: a page that keeps the latest event per row must not put the flag back.
    const driftId = (await row('drift')).id;
    const flags: unknown[] = [];
    const stop = services.api.events.subscribe((event, payload) => {
      const p = payload as { id: string; toolsChanged?: unknown };
      if (event === 'servers.stateChanged' && p.id === driftId) flags.push(p.toolsChanged);
    });
    await call('tools.acceptSnapshot', { id: driftId });
    stop();
    expect(flags).toContain(null);
    await call('profiles.select', { profile: 'codex', workspace: ws });
    await vi.waitFor(async () => expect((await row('drift')).state.kind).toBe('connected'), { timeout: 30_000, interval: 100 });
    expect((await row('drift')).toolsChanged ?? null).toBeNull();
    await call('profiles.select', { profile: 'minimax', workspace: ws });
  });

  it('doctor opens the page on the server that does not start; trust starts the workspace\'s server', async () => {
    // After the profile switches above the server is started again: its failure comes back.
    await vi.waitFor(async () => expect(await fixOf('doctor')).toBeDefined(), { timeout: 30_000, interval: 100 });
    const doctor = await fixOf('doctor');
    expect(await run(doctor)).toEqual({ ok: true });
    expect(navigated.at(-1)).toMatchObject({ show: 'doctor', serverId: (await row('broken')).id });
    expect(await run(await fixOf('trust'))).toEqual({ ok: true });
    await vi.waitFor(async () => expect((await row('proj')).state.kind).toBe('connected'), { timeout: 30_000, interval: 100 });
    expect((await fixes()).map((f) => f.kind)).not.toContain('trust');
  });
});
