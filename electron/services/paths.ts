// Every home-relative path follows HOME (not os.homedir()'s passwd lookup), so tests and
// scripts can point the panel at a temporary home.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function homeDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOME || env.USERPROFILE || homedir();
}

/** The panel's own data: trust decisions, tool snapshots, name registry copies, logs. */
export function panelDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.MCP_PANEL_DATA_DIR || join(homeDir(env), '.mcp-panel');
}
