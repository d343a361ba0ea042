// SEC-1: the one window. Isolated, sandboxed, no Node, strict CSP, never navigates, never
// opens windows; external links only through the guarded openExternal.
import { BrowserWindow, session, shell, type WebContents } from 'electron';
import { pathToFileURL } from 'node:url';
import { contentSecurityPolicy, isAllowedExternalUrl, isAllowedNavigation } from '../services/api/guards';

export interface WindowPaths {
  preload: string;
  indexHtml: string;
  icon?: string;
}

export function lockDownContents(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => {
    // A target=_blank http(s) link the user clicked opens in the system browser.
    if (isAllowedExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (!isAllowedNavigation(url, contents.getURL())) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function installSessionGuards(): void {
  const csp = contentSecurityPolicy();
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  // No camera, notifications, geolocation…: the panel needs none.
  session.defaultSession.setPermissionRequestHandler((_wc, _perm, callback) => callback(false));
}

export function createMainWindow(paths: WindowPaths): BrowserWindow {
  const win = new BrowserWindow({
    width: 1200,
    height: 800,
    show: false,
    title: 'MCP Panel',
    ...(paths.icon ? { icon: paths.icon } : {}),
    webPreferences: {
      preload: paths.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  lockDownContents(win.webContents);
  win.once('ready-to-show', () => win.show());
  void win.loadURL(pathToFileURL(paths.indexHtml).href);
  return win;
}
