// SEC-1: the CLI's browser opener uses the same http(s)-only guard as Electron and
// the web host. A real authorization server whose metadata advertises a file:// (smb://,
// javascript:) authorization_endpoint; the real CLI `login` must refuse with a clear error and
// never start the browser (a stand-in named by MCP_PANEL_BROWSER records every start).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';
import { startOAuthFixture } from '../../fixtures/oauth/auth-server';
import { makeStandInBrowser } from './stand-in-browser';
import { startHostileAs } from './hostile-as';

let dir: string;
let closers: Array<() => Promise<void>> = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-panel-opener-'));
});
afterEach(async () => {
  for (const c of closers) await c();
  closers = [];
  rmSync(dir, { recursive: true, force: true });
});

/** A HOME whose minimax user file has one remote server `cloud`, and the CLI's env for it. */
function homeFor(url: string, browserBin: string): { env: NodeJS.ProcessEnv; cwd: string } {
  const home = join(dir, 'home');
  mkdirSync(join(home, '.minimax'), { recursive: true });
  mkdirSync(join(home, 'ws'), { recursive: true });
  writeFileSync(join(home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { cloud: { type: 'http', url } } }));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    MCP_PANEL_DATA_DIR: join(home, '.mcp-panel'),
    MCP_PANEL_BROWSER: browserBin,
    // No keychain needed: the login keeps tokens in memory (AUTH-5) and says so.
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
  };
  return { env, cwd: join(home, 'ws') };
}

describe('CLI login opener (SEC-1)', () => {
  it('control: an http(s) authorization URL reaches the browser named by MCP_PANEL_BROWSER', async () => {
    const fx = await startOAuthFixture();
    closers.push(() => fx.close());
    const browser = makeStandInBrowser(dir, { follow: true });
    const { env, cwd } = homeFor(fx.mcpUrl, browser.bin);
    const r = await runCli(['login', 'cloud', '--profile', 'minimax'], { env, cwd, timeoutMs: 45_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Logged in to cloud');
    const { argv } = browser.read();
    expect(argv).toHaveLength(1);
    expect(argv[0]).toMatch(new RegExp(`^${fx.issuer}authorize\\?`));
  });

  for (const endpoint of ['file:///etc/shadow', 'smb://attacker.example/share', 'javascript:alert(document.cookie)']) {
    it(`refuses an authorization_endpoint of ${endpoint.split(':')[0]}: and never starts the browser`, async () => {
      const as = await startHostileAs(endpoint);
      closers.push(() => as.close());
      const browser = makeStandInBrowser(dir);
      const { env, cwd } = homeFor(as.mcpUrl, browser.bin);
      const r = await runCli(['login', 'cloud', '--profile', 'minimax'], { env, cwd, timeoutMs: 45_000 });
      expect(r.code).toBe(1);
      // One line that says what happened; the SDK already refuses javascript: while parsing
      // the metadata, our guard refuses the schemes it lets through.
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^error: login to cloud failed: (refused to open a (file|smb) link .*only http\(s\)|.*metadata was refused: authorization_endpoint: URL cannot use javascript:)/);
      expect(r.stdout).not.toContain(endpoint.split(':')[0] === 'javascript' ? 'javascript:' : endpoint);
      expect(browser.ran()).toBe(false);
      expect(as.provider.counts.authorize).toBe(0);
    });
  }
});
