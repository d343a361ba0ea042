// The HOME the views tests run on (minimax profile): two stdio echo servers whose names collide
// under minimax's scheme (`echo_a` and `echo.a` both become mcp__echo_a__*), and a remote
// server behind a real OAuth authorization server (test/fixtures/oauth).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, type PanelHome } from '../../helpers/panel-home';

export const ECHO = join(ROOT, 'test/fixtures/servers/echo.mjs');

export function makeViewsHome(remoteUrl: string | null): PanelHome & { userFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-views-'));
  const home = join(dir, 'home');
  const workspace = join(dir, 'workspace');
  mkdirSync(join(home, '.minimax-code'), { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const servers: Record<string, unknown> = {
    echo_a: { command: process.execPath, args: [ECHO] },
    'echo.a': { command: process.execPath, args: [ECHO] },
  };
  if (remoteUrl) servers.secured = { type: 'http', url: remoteUrl };
  const userFile = join(home, '.minimax-code', 'mcp.json');
  writeFileSync(userFile, JSON.stringify({ mcpServers: servers }, null, 2));
  return { profile: 'minimax', dir, home, workspace, pidFile: join(dir, 'unused.pid'), userFile, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
