// Handing the panel's one-time link to the browser without putting it on a command line
// (SEC-2): every local user can read another process's argv through `ps`. The link goes
// into a 0600 HTML file in a fresh 0700 directory; the browser is started on that file's
// path and the file redirects to the link. The file is removed when the link is exchanged,
// or when the host closes or the process exits, whichever comes first.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, type LaunchOptions } from '../../services/auth/opener';

export interface Handoff {
  /** The HTML file the browser is started on. */
  file: string;
  /** Removes the file and its directory; safe to call more than once. */
  dispose(): void;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function writeHandoff(url: string): Handoff {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-open-')); // mkdtemp: mode 0700
  const file = join(dir, 'open-panel.html');
  const href = escapeHtml(url);
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${href}"><title>MCP Panel</title></head><body><a href="${href}">Open MCP Panel</a></body></html>\n`;
  writeFileSync(file, html, { mode: 0o600, flag: 'wx' });
  let gone = false;
  const dispose = () => {
    if (gone) return;
    gone = true;
    process.off('exit', dispose);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', dispose);
  return { file, dispose };
}

export interface OpenPanelOptions extends LaunchOptions {
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

/**
 * Mints a link (via `mint`, which calls back when the link is used), writes it to a handoff
 * file and starts the browser on the file. Returns the handoff, or null when no browser is
 * to be started (MCP_PANEL_NO_BROWSER, or Linux without a display and no MCP_PANEL_BROWSER).
 */
export async function openPanelInBrowser(mint: (onUsed: () => void) => string, o: OpenPanelOptions = {}): Promise<Handoff | null> {
  const env = o.env ?? process.env;
  const platform = o.platform ?? process.platform;
  if (env.MCP_PANEL_NO_BROWSER) return null;
  if (!env.MCP_PANEL_BROWSER && platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return null;
  let handoff: Handoff | null = null;
  const url = mint(() => handoff?.dispose());
  handoff = writeHandoff(url);
  if (!(await launchBrowser(handoff.file, { ...o, env, platform }))) {
    o.log?.('could not start a browser; open the address printed above');
    handoff.dispose();
    return null;
  }
  return handoff;
}
