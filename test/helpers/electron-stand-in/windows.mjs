// Stand-ins for BrowserWindow, its WebContents and main frame, and session.defaultSession.
// The renderer process lives in the test (renderer.ts): webContents.send goes there through
// `toRenderer`, and the test drives navigation, window.open, webviews, response headers and
// permission requests the way a page would trigger them.
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { alive, electronEvent, lifecycle, needReady, record } from './recorder.mjs';

export const windows = [];
let nextId = 1;
/** Set by main-process.mjs: delivers (webContentsId, channel, args) to the renderer side. */
export const wiring = { toRenderer: () => {}, onAllClosed: () => {} };

export class WebFrameMain {
  constructor(url, parent = null) {
    this.url = url;
    this.parent = parent;
    this.name = '';
    this.top = parent?.top ?? this;
    this.frameTreeNodeId = nextId++;
  }
}

export class WebContents extends EventEmitter {
  #destroyed = false;
  #url = '';
  #openHandler = null;

  constructor(win) {
    super();
    this.id = nextId++;
    this.window = win;
    this.mainFrame = new WebFrameMain('');
    this.sent = 0;
  }

  isDestroyed() {
    return this.#destroyed;
  }
  destroy() {
    this.#destroyed = true;
  }

  getURL() {
    return this.#url;
  }

  /** Electron rejects the promise when the page cannot load (ERR_FILE_NOT_FOUND for a file). */
  async loadURL(url) {
    alive(this);
    record('webContents.loadURL', url);
    if (url.startsWith('file:') && !existsSync(fileURLToPath(url))) throw new Error(`ERR_FILE_NOT_FOUND (-6) loading '${url}'`);
    this.#url = url;
    this.mainFrame.url = url;
    setImmediate(() => {
      if (this.#destroyed) return;
      this.emit('did-finish-load');
      this.window.emit('ready-to-show');
    });
  }

  setWindowOpenHandler(handler) {
    record('webContents.setWindowOpenHandler', handler);
    this.#openHandler = handler;
  }

  send(channel, ...args) {
    alive(this);
    this.sent++;
    wiring.toRenderer(this.id, channel, args);
  }

  /** Test-driven: the page tries to navigate (a link, location.href =): 'will-navigate'. */
  driveNavigate(url) {
    alive(this);
    const event = electronEvent({ url, isMainFrame: true, isSameDocument: false, frame: this.mainFrame });
    this.emit('will-navigate', event, url, false, true);
    if (!event.defaultPrevented) {
      this.#url = url;
      this.mainFrame.url = url;
    }
    return { prevented: event.defaultPrevented, url: this.#url };
  }

  /**
   * Test-driven: the server answers the page's load with a redirect. Electron emits
   * 'will-redirect' (preventable), not 'will-navigate', so the main frame may end up elsewhere.
   */
  driveServerRedirect(url) {
    alive(this);
    const event = electronEvent({ url, isMainFrame: true, frame: this.mainFrame });
    this.emit('will-redirect', event, url, false, true);
    if (!event.defaultPrevented) {
      this.#url = url;
      this.mainFrame.url = url;
    }
    return { prevented: event.defaultPrevented, url: this.#url };
  }

  /** Test-driven: window.open / target=_blank. No handler means Electron allows a new window. */
  driveWindowOpen(url) {
    alive(this);
    const details = { url, frameName: '', features: '', disposition: 'foreground-tab', referrer: { url: this.#url, policy: 'strict-origin-when-cross-origin' } };
    const response = this.#openHandler ? this.#openHandler(details) : { action: 'allow' };
    if (!response || (response.action !== 'allow' && response.action !== 'deny')) {
      throw new Error("The window open handler response must be an object with an 'action' property of 'allow' or 'deny'.");
    }
    if (response.action === 'allow') new BrowserWindow(response.overrideBrowserWindowOptions ?? {}).loadURL(url);
    return { action: response.action, windows: windows.filter((w) => !w.isDestroyed()).length };
  }

  /** Test-driven: a <webview> about to attach ('will-attach-webview'). */
  driveAttachWebview(src) {
    const event = electronEvent();
    this.emit('will-attach-webview', event, { nodeIntegration: false }, { src });
    return { prevented: event.defaultPrevented };
  }
}

export class BrowserWindow extends EventEmitter {
  #destroyed = false;
  #visible = false;

  static getAllWindows() {
    return windows.filter((w) => !w.isDestroyed());
  }

  static getFocusedWindow() {
    return windows.find((w) => !w.isDestroyed() && w.focused) ?? null;
  }

  constructor(options = {}) {
    super();
    needReady('BrowserWindow');
    this.id = nextId++;
    this.options = options;
    this.focused = false;
    this.webContents = new WebContents(this);
    windows.push(this);
    record('BrowserWindow.new', options);
    if (options.show !== false) this.show(); // Electron's default is show: true
  }

  isDestroyed() {
    return this.#destroyed;
  }

  isVisible() {
    alive(this);
    return this.#visible;
  }

  show() {
    alive(this);
    record('BrowserWindow.show', this.id);
    if (this.#visible) return;
    this.#visible = true;
    this.emit('show');
  }

  hide() {
    alive(this);
    record('BrowserWindow.hide', this.id);
    if (!this.#visible) return;
    this.#visible = false;
    this.focused = false;
    this.emit('hide');
  }

  focus() {
    alive(this);
    record('BrowserWindow.focus', this.id);
    this.focused = true;
  }

  loadURL(url) {
    return this.webContents.loadURL(url);
  }

  /** Electron: 'close' (preventable), then 'closed' when it really closed. */
  close() {
    if (this.#destroyed) return;
    record('BrowserWindow.close', this.id);
    const event = electronEvent();
    this.emit('close', event);
    if (!event.defaultPrevented) this.destroy();
  }

  destroy() {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#visible = false;
    this.webContents.destroy();
    this.emit('closed');
    if (!lifecycle.quitting && BrowserWindow.getAllWindows().length === 0) wiring.onAllClosed();
  }

  describe() {
    return {
      id: this.id,
      webContentsId: this.webContents.id,
      destroyed: this.#destroyed,
      visible: this.#visible,
      focused: this.focused,
      url: this.webContents.getURL(),
      options: { ...this.options },
      listeners: this.eventNames(),
      eventsSent: this.webContents.sent,
    };
  }
}

const defaultSession = {
  headersListener: null,
  permissionHandler: null,
  webRequest: {
    onHeadersReceived(filterOrListener, maybeListener) {
      defaultSession.headersListener = typeof filterOrListener === 'function' ? filterOrListener : maybeListener;
      record('session.webRequest.onHeadersReceived', defaultSession.headersListener);
    },
  },
  setPermissionRequestHandler(handler) {
    defaultSession.permissionHandler = handler;
    record('session.setPermissionRequestHandler', handler);
  },
  /** Test-driven: a response arrives; returns what the listener's callback answered. */
  driveHeaders(url, responseHeaders) {
    const listener = defaultSession.headersListener;
    if (!listener) return { responseHeaders, cancel: false, untouched: true };
    return new Promise((done) => listener({ id: 1, url, method: 'GET', resourceType: 'mainFrame', statusCode: 200, statusLine: 'HTTP/1.1 200 OK', responseHeaders, timestamp: Date.now() }, (response) => done(response)));
  },
  /** Test-driven: the page asks for a permission. Electron grants everything without a handler. */
  drivePermission(permission, webContents) {
    const handler = defaultSession.permissionHandler;
    if (!handler) return true;
    return new Promise((done) => handler(webContents, permission, (granted) => done(granted), { requestingUrl: webContents?.getURL() ?? '', isMainFrame: true }));
  },
};

export const session = {
  get defaultSession() {
    needReady('session');
    return defaultSession;
  },
};

export { defaultSession };
