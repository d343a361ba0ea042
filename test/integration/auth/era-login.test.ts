// AUTH-1…3 in both protocol eras (PROTO-1, PROTO-5) through the real composition (startServices,
// the real dispatch, pool, login service and the real OS keychain): two servers behind the real
// OAuth authorization server fixture, one speaking only 2025-11-25 (SDK v1) and one only
// 2026-07-28 (SDK v2, `legacy: 'reject'`). Each answers 401 and shows NEEDS LOGIN; `auth.login`
// runs as the page starts it (the web host: the page opens the link, here a headless person
// follows it); afterwards the server is connected in its own era, its tool answers, and the
// tokens are in the keychain and in no file of the home or the panel's data folder.
// Run inside `bash scripts/with-keyring.sh` with CI=true: a missing keychain fails, never skips.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContract, LoginProgress, ServerRow } from '../../../shared/contract';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/rpc';
import { startServices, type Services } from '../../../electron/services/compose';
import { HeadlessPerson } from '../../../electron/services/auth';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/oauth/auth-server';
import { findSecrets } from './scan';
import type { Result } from '../../../shared/result';

const SERVICE = `mcp-panel-test-era-${process.pid}`;
const ctx = { host: 'web' } as const;
let dir: string;
let services: Services;
const fixtures: Record<'legacy' | 'modern', OAuthFixture | undefined> = { legacy: undefined, modern: undefined };

async function call<M extends MethodName<AppContract>>(method: M, input: MethodInput<AppContract, M>): Promise<Result<MethodOutput<AppContract, M>>> {
  return (await services.dispatch(method, input, ctx)) as Result<MethodOutput<AppContract, M>>;
}

async function row(name: string): Promise<ServerRow> {
  const list = await call('servers.list', {});
  if (!list.ok) throw new Error(list.error.message);
  const r = list.value.servers.find((s) => s.name === name);
  if (!r) throw new Error(`no row ${name}`);
  return r;
}

/** Resolves with the row once `pred` holds for its state (checked on each state event, and now). */
function rowWhen(name: string, pred: (r: ServerRow) => boolean): Promise<ServerRow> {
  return new Promise((resolve, reject) => {
    const check = () =>
      row(name).then((r) => {
        if (!pred(r)) return;
        off();
        resolve(r);
      }, reject);
    const off = services.api.events.subscribe((event) => {
      if (event === 'servers.stateChanged' || event === 'servers.changed') void check();
    });
    void check();
  });
}

/** The login's progress events for `id`, until it ends. */
function progressOf(id: string, onLink: (url: string) => void): Promise<LoginProgress[]> {
  const seen: LoginProgress[] = [];
  return new Promise((resolve) => {
    const off = services.api.events.subscribe((event, payload) => {
      if (event !== 'auth.progress') return;
      const p = payload as { id: string; progress: LoginProgress };
      if (p.id !== id) return;
      seen.push(p.progress);
      if (p.progress.type === 'waiting-for-browser') onLink(p.progress.url);
      if (p.progress.type === 'done' || p.progress.type === 'failed') {
        off();
        resolve(seen);
      }
    });
  });
}

beforeAll(async () => {
  fixtures.legacy = await startOAuthFixture();
  fixtures.modern = await startOAuthFixture({ mcpEra: 'modern' });
  dir = await mkdtemp(join(tmpdir(), 'era-login-'));
  await mkdir(join(dir, 'home', '.minimax'), { recursive: true });
  await mkdir(join(dir, 'ws'));
  const servers = { 'legacy-oauth': { type: 'http', url: fixtures.legacy.mcpUrl }, 'modern-oauth': { type: 'http', url: fixtures.modern.mcpUrl } };
  await writeFile(join(dir, 'home', '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  const env = { PATH: process.env.PATH, HOME: join(dir, 'home'), MCP_PANEL_DATA_DIR: join(dir, 'data'), MCP_PANEL_KEYCHAIN_SERVICE: SERVICE, DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS };
  services = await startServices({ host: 'web', pickFolder: null, env, cwd: join(dir, 'ws'), version: '0.0.0', profile: 'minimax', workspace: join(dir, 'ws') });
}, 60_000);

afterAll(async () => {
  if (services) {
    for (const a of await services.broker.store.list('')) await services.broker.store.delete(a);
    await services.dispose();
  }
  await fixtures.legacy?.close();
  await fixtures.modern?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each([
  ['legacy-oauth', 'legacy', '2025-11-25', /^client=client-/],
  ['modern-oauth', 'modern', '2026-07-28', /^era=modern$/],
] as const)('401 → login → %s connected in its era', (name, era, version, whoami) => {
  it(`needs login first, logs in against the real authorization server, then speaks ${era} (${version}) with tokens only in the keychain`, async () => {
    const status = await services.broker.store.status();
    if (process.env.CI) expect(status, 'the OS keychain (run inside scripts/with-keyring.sh)').toMatchObject({ available: true, backend: 'keychain' });

    const before = await rowWhen(name, (r) => r.state.kind === 'needs-auth');
    expect(before.state.kind).toBe('needs-auth');

    const person = new HeadlessPerson();
    const done = progressOf(before.id, (url) => void person.open(url));
    expect(await call('auth.login', { id: before.id })).toMatchObject({ ok: true });
    const steps = await done;
    expect(steps.map((p) => p.type)).toEqual(['discovering', 'waiting-for-browser', 'exchanging', 'done']);
    expect(steps.find((p) => p.type === 'waiting-for-browser')).toMatchObject({ opened: false });
    await person.finished();

    const after = await rowWhen(name, (r) => r.state.kind === 'connected');
    expect(after.state).toMatchObject({ kind: 'connected', era, protocolVersion: version });
    const info = await call('inspect.server', { id: after.id });
    expect(info.ok && { era: info.value.era, version: info.value.protocolVersion }).toEqual({ era, version });
    const r = await call('tools.call', { id: after.id, tool: 'whoami', arguments: {} });
    expect(r.ok && r.value.isError).toBe(false);
    expect(r.ok && r.value.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(whoami) });

    // The tokens: in the keychain (an account of this server holds the access token the
    // authorization server issued), in no file, and never in what the page is sent.
    const fx = fixtures[era]!;
    const issued = [...fx.provider.access.keys()];
    expect(issued).toHaveLength(1);
    const accounts = await services.broker.store.list('');
    const holders: string[] = [];
    for (const a of accounts.filter((x) => x.endsWith(':tokens'))) if ((await services.broker.store.get(a))?.includes(issued[0]!)) holders.push(a);
    expect(holders).toHaveLength(1);
    expect(accounts).toContain(holders[0]!.replace(/:tokens$/, ':client'));
    expect(fx.provider.issuedSecrets.length).toBeGreaterThan(0);
    expect(await findSecrets([join(dir, 'home'), join(dir, 'data'), join(dir, 'ws')], [...fx.provider.access.keys(), ...fx.provider.refresh.keys(), ...fx.provider.issuedSecrets])).toEqual([]);
    expect(JSON.stringify(await call('auth.list', {}))).not.toContain(issued[0]!);
    expect(JSON.stringify(await call('servers.list', {}))).not.toContain(issued[0]!);
  });
});

