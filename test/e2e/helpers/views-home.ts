// The HOME the views tests run on (minimax profile): two stdio echo servers whose names collide
// under minimax's scheme (`echo_a` and `echo.a` both become mcp__echo_a__*), and a remote
// server behind a real OAuth authorization server (test/fixtures/oauth).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { PID_SERVER as PID, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/oauth/auth-server';
import { fixture } from '../../helpers/fixtures';

export const ECHO = fixture('test/fixtures/servers/echo.mjs');
export const ZH = fixture('test/e2e/fixtures/zh-server.mjs');
/** A literal secret already in the user file (hand-written): it must never reach the page. */
export const VIEWS_SECRET = 'sk-live-views-secret-0123456789';

export function makeViewsHome(remoteUrl: string | null): PanelHome & { userFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-views-'));
  const home = join(dir, 'home');
  const workspace = join(dir, 'workspace');
  mkdirSync(join(home, '.minimax'), { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const servers: Record<string, unknown> = {
    echo_a: { command: process.execPath, args: [ECHO], env: { SOME_API_KEY: VIEWS_SECRET } },
    'echo.a': { command: process.execPath, args: [ECHO] },
    zh: { command: process.execPath, args: [ZH] },
  };
  if (remoteUrl) servers.secured = { type: 'http', url: remoteUrl };
  // An app to import from (CFG-1 beyond the seeds): Cursor's user file, one good server and
  // one holding an inline token that the importer must skip (CFG-8).
  mkdirSync(join(home, '.cursor'), { recursive: true });
  writeFileSync(
    join(home, '.cursor', 'mcp.json'),
    JSON.stringify({ mcpServers: { 'from-cursor': { command: process.execPath, args: [PID] }, leaky: { url: 'https://leaky.example/mcp', headers: { Authorization: 'Bearer sk-live-cursor-0123456789abcdef' } } } }),
  );
  const userFile = join(home, '.minimax', 'mcp.json');
  writeFileSync(userFile, JSON.stringify({ mcpServers: servers }, null, 2));
  return { profile: 'minimax', dir, home, workspace, pidFile: join(dir, 'unused.pid'), userFile, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * One panel for a spec file over the HOME `make` builds around a real OAuth server's MCP URL:
 * the OAuth fixture, the HOME and the web host start before its tests and stop after them.
 * Read `home` and `panel` inside tests.
 */
export function usePanelOn<H extends PanelHome>(make: (remoteUrl: string) => H | Promise<H>): { readonly home: H; readonly panel: RunningPanel } {
  let home: H | undefined;
  let panel: RunningPanel | undefined;
  let oauth: OAuthFixture | undefined;
  test.beforeAll(async () => {
    oauth = await startOAuthFixture();
    home = await make(oauth.mcpUrl);
    panel = await startPanel(home);
  });
  test.afterAll(async () => {
    await panel?.stop();
    await oauth?.close();
    home?.cleanup();
  });
  return {
    get home() {
      if (!home) throw new Error('read home inside a test');
      return home;
    },
    get panel() {
      if (!panel) throw new Error('read panel inside a test');
      return panel;
    },
  };
}

/** One panel over the views HOME for a spec file. */
export function useViewsPanel(): { readonly home: ReturnType<typeof makeViewsHome>; readonly panel: RunningPanel } {
  return usePanelOn(makeViewsHome);
}
