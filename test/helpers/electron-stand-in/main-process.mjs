// The recording stand-in for the `electron` module in the main process (resolved by
// register.mjs + hooks.mjs). It implements only what electron/main uses, each part the way
// Electron documents it (lifecycle order, "not before ready", preventable events, one handler
// per invoke channel), records every call, and obeys the test over the Node IPC channel of
// the child process: `{ id, op, params }` in, `{ id, ok, value | error }` back. Unasked
// messages: `{ kind: 'renderer' }` (webContents.send) and `{ kind: 'exit' }` (app.exit).
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { liveDescendants } from './proc.mjs';
import { calls, electronEvent, lifecycle, needReady, plain, record } from './recorder.mjs';
import { Menu, MenuItem, nativeImage, Tray, trays } from './tray-menu.mjs';
import { BrowserWindow, defaultSession, session, WebFrameMain, windows, wiring } from './windows.mjs';

const send = (message, done) => {
  if (process.connected) process.send(message, undefined, {}, done);
  else done?.();
};

// ── app ──────────────────────────────────────────────────────────────────────────────────
let markReady;
const readyPromise = new Promise((r) => (markReady = r));

/** Electron's app name/version come from the package.json of the app being run. */
function appPackage() {
  let dir = dirname(resolve(process.argv[1] ?? '.'));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
    const up = dirname(dir);
    if (up === dir) return {};
    dir = up;
  }
}

class App extends EventEmitter {
  #quitRequested = false;

  requestSingleInstanceLock() {
    record('app.requestSingleInstanceLock');
    return process.env.ELECTRON_STAND_IN_SECOND_INSTANCE !== '1';
  }
  whenReady() {
    return readyPromise;
  }
  isReady() {
    return lifecycle.ready;
  }
  getVersion() {
    return appPackage().version ?? '0.0.0';
  }
  getName() {
    return appPackage().productName ?? appPackage().name ?? 'Electron';
  }
  getLocale() {
    return process.env.ELECTRON_STAND_IN_LOCALE ?? 'en-US';
  }

  /**
   * Electron: 'before-quit' (preventable), then every window is asked to close (one that
   * refuses cancels the quit), then 'will-quit' (preventable), then 'quit' and exit.
   * 'window-all-closed' is not emitted on this path.
   */
  quit() {
    record('app.quit');
    if (this.#quitRequested) return;
    this.#quitRequested = true;
    setImmediate(() => {
      this.#quitRequested = false;
      const before = electronEvent();
      this.emit('before-quit', before);
      if (before.defaultPrevented) return record('app.quit:cancelled-by-before-quit');
      lifecycle.quitting = true;
      for (const w of BrowserWindow.getAllWindows()) w.close();
      if (BrowserWindow.getAllWindows().length > 0) {
        lifecycle.quitting = false;
        return record('app.quit:cancelled-by-window');
      }
      const will = electronEvent();
      this.emit('will-quit', will);
      if (will.defaultPrevented) return record('app.quit:will-quit-prevented');
      this.emit('quit', electronEvent(), 0);
      exitNow(0);
    });
  }

  /** Electron: exits at once; no 'before-quit' / 'will-quit'; windows are destroyed. */
  exit(code = 0) {
    record('app.exit', code);
    lifecycle.quitting = true;
    for (const w of BrowserWindow.getAllWindows()) w.destroy();
    exitNow(code);
  }
}

export const app = new App();

function exitNow(code) {
  send({ kind: 'exit', code, calls, liveChildren: liveDescendants() }, () => process.exit(code));
}

// 'window-all-closed' is emitted when the last window closes outside a quit; with no listener
// Electron quits the app.
wiring.onAllClosed = () => {
  if (app.listenerCount('window-all-closed') > 0) app.emit('window-all-closed', electronEvent());
  else app.quit();
};

// ── ipcMain ──────────────────────────────────────────────────────────────────────────────
class IpcMain extends EventEmitter {
  handlers = new Map();
  handle(channel, listener) {
    record('ipcMain.handle', channel);
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }
  handleOnce(channel, listener) {
    this.handle(channel, (...args) => {
      this.removeHandler(channel);
      return listener(...args);
    });
  }
  removeHandler(channel) {
    record('ipcMain.removeHandler', channel);
    this.handlers.delete(channel);
  }
}
export const ipcMain = new IpcMain();

// ── shell, dialog ────────────────────────────────────────────────────────────────────────
export const shell = {
  async openExternal(url, options) {
    record('shell.openExternal', url, options);
  },
  async openPath(path) {
    record('shell.openPath', path);
    return '';
  },
};

const dialogAnswers = [];
export const dialog = {
  /** (window?, options): answers what the test queued, else a cancelled dialog. */
  async showOpenDialog(winOrOptions, maybeOptions) {
    needReady('dialog');
    const modal = winOrOptions instanceof BrowserWindow;
    record('dialog.showOpenDialog', { modalTo: modal ? winOrOptions.id : null, options: modal ? maybeOptions : winOrOptions });
    return dialogAnswers.shift() ?? { canceled: true, filePaths: [] };
  },
};

export { BrowserWindow, Menu, MenuItem, nativeImage, session, Tray };
export default { app, BrowserWindow, dialog, ipcMain, Menu, MenuItem, nativeImage, session, shell, Tray };

// ── the test's control channel ───────────────────────────────────────────────────────────
wiring.toRenderer = (webContentsId, channel, args) => send({ kind: 'renderer', webContentsId, channel, args });

function webContentsById(id) {
  const w = windows.find((x) => x.webContents.id === id) ?? windows.find((x) => !x.isDestroyed());
  if (!w) throw new Error('no window');
  return w.webContents;
}

function lastTray() {
  const tray = trays.at(-1);
  if (!tray) throw new Error('no tray');
  return tray;
}

function snapshot() {
  return {
    ready: lifecycle.ready,
    quitting: lifecycle.quitting,
    appListeners: app.eventNames(),
    windows: windows.map((w) => w.describe()),
    tray: trays.at(-1)?.describe() ?? null,
    ipcHandlers: [...ipcMain.handlers.keys()],
    session: { headersListener: !!defaultSession.headersListener, permissionHandler: !!defaultSession.permissionHandler },
    calls: plain(calls),
  };
}

/** What the page (renderer) sent with ipcRenderer.invoke, from its main frame or another frame. */
async function invoke({ webContentsId, channel, args, frameUrl }) {
  const contents = webContentsById(webContentsId);
  const handler = ipcMain.handlers.get(channel);
  if (!handler) throw new Error(`No handler registered for '${channel}'`);
  const frame = frameUrl === undefined ? contents.mainFrame : new WebFrameMain(frameUrl, contents.mainFrame);
  const event = { sender: contents, senderFrame: frame, processId: 1, frameId: frame.frameTreeNodeId };
  return handler(event, ...args);
}

const ops = {
  snapshot: () => snapshot(),
  'app.ready': () => {
    lifecycle.ready = true;
    app.emit('ready', electronEvent(), {});
    markReady();
  },
  'app.quit': () => app.quit(),
  'app.emit': ({ event }) => app.emit(event, electronEvent()),
  'ipc.invoke': (p) => invoke(p),
  'window.close': ({ windowId }) => (windowId ? windows.find((w) => w.id === windowId) : BrowserWindow.getAllWindows()[0])?.close(),
  'webContents.navigate': ({ webContentsId, url }) => webContentsById(webContentsId).driveNavigate(url),
  'webContents.windowOpen': ({ webContentsId, url }) => webContentsById(webContentsId).driveWindowOpen(url),
  'webContents.serverRedirect': ({ webContentsId, url }) => webContentsById(webContentsId).driveServerRedirect(url),
  'webContents.attachWebview': ({ webContentsId, src }) => webContentsById(webContentsId).driveAttachWebview(src),
  'session.headers': ({ url, responseHeaders }) => defaultSession.driveHeaders(url, responseHeaders),
  'session.permission': ({ permission, webContentsId }) => defaultSession.drivePermission(permission, webContentsById(webContentsId)),
  'tray.click': () => lastTray().driveClick(),
  'tray.menuClick': ({ path }) => lastTray().driveMenuClick(path, BrowserWindow.getFocusedWindow() ?? undefined),
  'dialog.queueAnswer': ({ answer }) => void dialogAnswers.push(answer),
};

process.on('message', async (msg) => {
  if (!msg || typeof msg !== 'object' || typeof msg.op !== 'string') return;
  try {
    const op = ops[msg.op];
    if (!op) throw new Error(`unknown op ${msg.op}`);
    const value = await op(msg.params ?? {});
    // An IPC answer crosses as itself (structured clone, as Electron sends it); the rest as data.
    send({ id: msg.id, ok: true, value: msg.op === 'ipc.invoke' ? value : plain(value) });
  } catch (err) {
    send({ id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});

// The test went away (it owns this process): do not linger as an orphan.
process.on('disconnect', () => process.exit(1));

// Sent once the app's own module has run its top level (it imported this one first).
setImmediate(() => send({ kind: 'loaded' }));
