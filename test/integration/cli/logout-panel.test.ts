// Issue 36 item 3: `logout` is the contract's auth.logout and `auth status` its auth.list. With a
// panel running both go over the socket to the panel's handlers: logout drops the login and
// reconnects the servers of that URL, so the panel stops using a token the keychain no longer
// holds when the CLI returns, and auth status says what the page's login view says (a real OAuth
// server, the real keychain under scripts/with-keyring.sh).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/oauth/auth-server';
import { HeadlessPerson } from '../../../electron/services/auth';
import { runCli } from '../../helpers/run-cli';
import { startPanel, type PanelHome } from '../../helpers/panel-home';
import { connectPanel, socketTransport } from '../../../electron/host/local-socket/connect';
import { contract } from '../../../shared/contract';
import { createClient } from '../../../shared/rpc';
import type { AuthRow } from '../../../shared/contract';

let fx: OAuthFixture;
let h: PanelHome;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  fx = await startOAuthFixture();
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-logout-'));
  h = { profile: 'minimax', dir, home: join(dir, 'home'), workspace: join(dir, 'ws'), pidFile: join(dir, 'unused.pid'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  mkdirSync(join(h.home, '.minimax'), { recursive: true });
  mkdirSync(h.workspace, { recursive: true });
  writeFileSync(join(h.home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { cloud: { type: 'http', url: fx.mcpUrl } } }));
  env = { ...process.env, HOME: h.home, MCP_PANEL_DATA_DIR: join(dir, 'panel-data') };
});
afterAll(async () => {
  await fx.close();
  h.cleanup();
});

/** The running panel's row for `cloud` and its login row as the page's login view gets it (auth.list), over the socket. */
async function panelCloudRows(): Promise<{ state: string; login: AuthRow | undefined }> {
  const socket = await connectPanel({ dataDir: join(h.dir, 'panel-data'), selection: { profile: 'minimax', workspace: h.workspace } });
  if (!socket) throw new Error('no panel answers on the socket');
  const client = createClient(contract, socketTransport(socket));
  try {
    const [list, auth] = await Promise.all([client.call('servers.list', {}), client.call('auth.list', {})]);
    if (!list.ok || !auth.ok) throw new Error('the panel did not answer');
    return { state: list.value.servers.find((s) => s.name === 'cloud')!.state.kind, login: auth.value.servers.find((s) => s.name === 'cloud') };
  } finally {
    socket.close();
  }
}

async function panelCloud(): Promise<{ state: string; login: string | undefined }> {
  const { state, login } = await panelCloudRows();
  return { state, login: login?.state };
}

/**
 * `auth status --json --verbose` (every agent unless `args` names one), whether the running panel
 * answered, and whether its `cloud` row is the page's, field for field (never a secret either way).
 */
async function statusAgreesWithPage(...args: string[]): Promise<{ byPanel: boolean; row: Record<string, unknown> }> {
  const out = await runCli(['auth', 'status', '--json', '--verbose', '--workspace', h.workspace, ...args], { env, cwd: h.workspace });
  expect(out.code, out.stderr).toBe(0);
  const doc = JSON.parse(out.stdout) as { keychain: { available: boolean }; servers: Array<Record<string, unknown>> };
  expect(doc.keychain.available).toBe(true);
  expect(doc.servers.map((r) => `${String(r.profile)}/${String(r.server)}`)).toEqual(['minimax/cloud']);
  const row = doc.servers[0]!;
  const { login } = await panelCloudRows();
  const { state, tokenStored, expiresAt, scopes, issuer, lastRefresh } = login!;
  expect(row).toEqual({ profile: 'minimax', server: 'cloud', state, tokenStored, expiresAt, scopes, issuer, lastRefresh });
  return { byPanel: out.stderr.includes('answered by the running panel'), row };
}

/** `login cloud --no-browser` in a CLI process of its own, a headless person approving in the browser. */
async function loginCloud(): Promise<void> {
  const person = new HeadlessPerson();
  let clicked = false;
  const login = await runCli(['login', 'cloud', '--profile', 'minimax', '--workspace', h.workspace, '--no-browser'], {
    env,
    cwd: h.workspace,
    onStdout: (out) => {
      const m = /https?:\/\/\S+\/authorize\S+/.exec(out);
      if (m && !clicked) {
        clicked = true;
        void person.open(m[0]);
      }
    },
  });
  expect(login.code, login.stderr).toBe(0);
}

describe('logout from the CLI goes through the panel’s handler', () => {
  it('with serve running: auth status is the page’s auth.list; the panel drops the login and its connection when logout returns', async () => {
    const cli = (...args: string[]) => runCli([...args, '--profile', 'minimax', '--workspace', h.workspace], { env, cwd: h.workspace });
    await loginCloud();
    const panel = await startPanel(h);
    try {
      expect(await panelCloud()).toEqual({ state: 'connected', login: 'logged-in' });
      expect(await statusAgreesWithPage('--profile', 'minimax')).toMatchObject({ byPanel: true, row: { state: 'logged-in', tokenStored: true } });
      const out = await cli('logout', 'cloud', '--json', '--verbose');
      expect(out.code, out.stderr).toBe(0);
      expect(out.stderr).toContain('answered by the running panel');
      expect(JSON.parse(out.stdout)).toMatchObject({ server: 'cloud', revoked: true, removed: expect.any(Number) });
      // No restart, no wait: the handler reconnected the server without the token before it answered.
      expect(await panelCloud()).toEqual({ state: 'needs-auth', login: 'logged-out' });
      // Every agent: the panel answers for the one it shows, the handlers in the CLI's process for the rest.
      expect(await statusAgreesWithPage()).toMatchObject({ byPanel: true, row: { state: 'logged-out', tokenStored: false, scopes: [] } });
    } finally {
      await panel.stop();
    }
  });

  it('a logout the panel never heard of (made for another workspace, in the CLI’s own process): its auth status says logged-out while still connected', async () => {
    await loginCloud();
    const panel = await startPanel(h);
    try {
      expect(await panelCloud()).toEqual({ state: 'connected', login: 'logged-in' });
      const elsewhere = join(h.dir, 'elsewhere');
      mkdirSync(elsewhere, { recursive: true });
      const out = await runCli(['logout', 'cloud', '--profile', 'minimax', '--workspace', elsewhere, '--json', '--verbose'], { env, cwd: elsewhere });
      expect(out.code, out.stderr).toBe(0);
      expect(out.stderr).not.toContain('answered by the running panel');
      expect(JSON.parse(out.stdout)).toMatchObject({ server: 'cloud', revoked: true });
      // The panel's connection still rides on the token it holds in memory; the keychain has none.
      expect(await statusAgreesWithPage('--profile', 'minimax')).toMatchObject({ byPanel: true, row: { state: 'logged-out', tokenStored: false } });
      expect((await panelCloud()).state).toBe('connected');
    } finally {
      await panel.stop();
    }
  });
});
