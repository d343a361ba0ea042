// The temporary HOME both Electron tests boot on: a connected stdio fixture (echo, which
// lingers after stdin closes, so only the host's dispose ends it) and a server whose command
// does not exist (failed).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture } from './fixtures';

export interface ElectronHome {
  dir: string;
  home: string;
  workspace: string;
  /** The environment to start the app with: this HOME, no data-dir or dev-server override. */
  env: NodeJS.ProcessEnv;
  cleanup(): void;
}

export function makeElectronHome(): ElectronHome {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-electron-'));
  const home = join(dir, 'home');
  const workspace = join(dir, 'workspace');
  mkdirSync(join(home, '.minimax'), { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const servers = {
    echo: { command: process.execPath, args: [fixture('test/fixtures/servers/echo.mjs'), 'stdio', '--linger'] },
    missing: { command: join(dir, 'no-such-binary') },
  };
  writeFileSync(join(home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home };
  delete env.MCP_PANEL_DATA_DIR;
  delete env.ELECTRON_RENDERER_URL;
  delete env.NODE_OPTIONS; // the test runner's hooks are not the app's
  return { dir, home, workspace, env, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
