// The desktop app's front door over the composition root (services/compose.ts): one window, the
// IPC bridge and the tray. Closing the window hides it to the tray; Quit quits.
import { app, dialog, shell, type BrowserWindow } from 'electron';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pickLocale } from '../../shared/i18n';
import type { TrayAction } from '../../shared/tray';
import { viewTray } from '../../shared/tray-view';
import { runTrayFix } from '../host/tray-fixes';
import { inProcessClient } from '../host/in-process-client';
import type { AgentServers } from '../../shared/contract';
import { isAllowedExternalUrl } from '../services/api/guards';
import { startServices, type Services } from '../services/compose';
import { listenForCli } from '../host/local-socket/listen';
import { folderPicker } from './folder-picker';
import { registerIpc } from './ipc';
import { PanelTray } from './tray';
import type { LiveBridge } from '../../shared/schemas/bridge';
import type { AgentStanding } from '../../shared/context/limits';
import { createMainWindow, installSessionGuards } from './window';

const here = dirname(fileURLToPath(import.meta.url)); // ESM: no __dirname
const indexHtml = join(here, '../renderer/index.html');
// Sandboxed preloads must be CommonJS; prefer the .cjs build when present.
const preload = ['index.cjs', 'index.js', 'index.mjs'].map((f) => join(here, '../preload', f)).find((p) => existsSync(p)) ?? join(here, '../preload/index.cjs');

let win: BrowserWindow | null = null;
let quitting = false;
let services: Services | null = null;
let tray: PanelTray | null = null;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => showWindow());
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('window-all-closed', () => {
    /* stay in the tray */
  });
  // A boot that throws (a corrupt data folder, a port in use) must not leave a windowless,
  // trayless process behind: say why and exit.
  app
    .whenReady()
    .then(boot)
    .catch((err: unknown) => {
      console.error(err);
      app.exit(1);
    });
}

function showWindow(): void {
  if (!win || win.isDestroyed()) {
    win = createMainWindow({ preload, indexHtml });
    win.on('close', (e) => {
      if (!quitting) {
        e.preventDefault();
        win?.hide();
      }
    });
  }
  win.show();
  win.focus();
}

async function boot(): Promise<void> {
  installSessionGuards();
  const argWorkspace = process.argv.find((a) => a.startsWith('--workspace='))?.slice('--workspace='.length);
  services = await startServices({
    host: 'electron',
    env: process.env,
    cwd: process.cwd(),
    version: app.getVersion(),
    workspace: argWorkspace ?? null,
    // SEC-1: http(s) only, and only from a method the user triggered (app.openExternal).
    openExternal: async (url) => {
      if (isAllowedExternalUrl(url)) await shell.openExternal(url);
    },
    // Modal to the window when there is one, so the choice belongs to it.
    pickFolder: folderPicker((o) => (win && !win.isDestroyed() ? dialog.showOpenDialog(win, o) : dialog.showOpenDialog(o))),
    logger: (line) => console.log(line),
  });
  const s = services;
  // The CLI's read commands ask this panel instead of starting every server again (issue 22).
  const socket = await listenForCli(s, process.env, (line) => console.log(line));
  registerIpc({
    dispatch: s.dispatch,
    events: s.api.events,
    window: () => win,
    allowed: { fileIndex: pathToFileURL(indexHtml).href, devOrigin: process.env.ELECTRON_RENDERER_URL ?? null },
  });
  const locale = pickLocale([app.getLocale()]);
  // The tray calls the methods as the page does: answers and events checked against the contract (issue 36 item 3).
  const client = inProcessClient(s, 'electron', (event, detail) => console.log(`tray: ${event} not shown, its payload is not the contract's: ${detail}`));
  const onAction = (action: TrayAction) => {
    if (action.type === 'open' || action.type === 'login') showWindow(); // login view: UI-6
    else if (action.type === 'quit') app.quit();
    else if (action.type === 'fix') {
      // UI-10: a fix that needs the person (a review, the doctor) opens the window on it.
      if (action.fix.kind === 'review' || action.fix.kind === 'skills' || action.fix.kind === 'doctor') showWindow();
      void runTrayFix(action.fix, { client, events: s.api.events, workspace: () => s.api.selection().workspace });
    } else void client.call('servers.reconnect', { id: action.id });
  };
  tray = new PanelTray(onAction);
  // BRIDGE-4: the bridges agents run now, as the last `bridges.changed` said.
  let bridges: LiveBridge[] = [];
  // Issue 24 item 4: the other detected agents' servers, read again when a config or the selection changes.
  let others: AgentServers | null = null;
  const readOthers = async () => {
    const r = await client.call('install.agentServers', {});
    others = r.ok ? r.value : null;
    renderTray();
  };
  // CTX-1: where the selected agent's offered tools stand against its limits (asked once state settles).
  let limits: AgentStanding | null = null;
  let limitsTimer: ReturnType<typeof setTimeout> | undefined;
  const readLimits = async () => {
    const profile = s.api.current()?.profile;
    if (!profile) return;
    const r = await client.call('tools.limits', { agents: [profile] });
    limits = r.ok ? (r.value.limits.find((l) => l.profile === profile) ?? null) : null;
    renderTray();
  };
  const renderTray = () => {
    tray?.render(viewTray(s.api.current(), locale, others, limits, bridges).model);
  };
  client.on('bridges.changed', (payload) => {
    bridges = payload.bridges;
  });
  s.api.events.subscribe((event) => {
    if (event === 'servers.changed' || event === 'install.agentsChanged') void readOthers();
    if (event === 'servers.changed' || event === 'servers.stateChanged') {
      clearTimeout(limitsTimer);
      limitsTimer = setTimeout(() => void readLimits(), 300);
    }
    setTimeout(renderTray, 0);
  });
  void readOthers();
  showWindow();
  app.on('will-quit', (e) => {
    if (!services) return;
    e.preventDefault();
    const done = Promise.all([socket?.close(), services.dispose()]);
    services = null;
    tray?.destroy();
    void done.finally(() => app.exit(0));
  });
}
