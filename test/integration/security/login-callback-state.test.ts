// Issue 21 F8: any local process could end a login by sending one request with a wrong `state`
// to the callback port (stable: it comes from the client registration). Replayed against the
// real CLI `login` and the real OAuth fixture: the stand-in browser first plays that process,
// then approves like a person. The forged request gets 400 and the login still completes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/oauth/auth-server';
import { runCli } from '../../helpers/run-cli';
import { makeStandInBrowser } from '../web/stand-in-browser';

let dir: string;
let fx: OAuthFixture | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-panel-state-'));
});
afterEach(async () => {
  await fx?.close();
  fx = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe('login callback with a wrong state (F8)', () => {
  it('answers 400 and keeps waiting: the real login completes afterwards', async () => {
    fx = await startOAuthFixture();
    const home = join(dir, 'home');
    mkdirSync(join(home, '.minimax'), { recursive: true });
    mkdirSync(join(home, 'ws'), { recursive: true });
    writeFileSync(join(home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { cloud: { type: 'http', url: fx.mcpUrl } } }));
    const browser = makeStandInBrowser(dir, { follow: true, forgeFirst: true });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOME: home,
      MCP_PANEL_DATA_DIR: join(home, '.mcp-panel'),
      MCP_PANEL_BROWSER: browser.bin,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', // tokens in memory (AUTH-5)
    };
    const r = await runCli(['login', 'cloud', '--profile', 'minimax'], { env, cwd: join(home, 'ws'), timeoutMs: 45_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Logged in to cloud');
    expect(r.code).toBe(0);
    // The browser wrote the forged answer's status before it approved: the login waited for that.
    expect(browser.forged()).toBe(400);
    // Only the real code was redeemed.
    expect(fx.provider.counts.code).toBe(1);
  });
});
