// The renderer side of the stand-in: runs the built preload the way Electron runs a sandboxed
// preload (a CommonJS wrapper whose `require` knows only 'electron', 'events', 'timers' and
// 'url'; no Node), with contextBridge putting what it exposes into a separate main world and
// ipcRenderer carrying invoke/on across the child boundary to the stand-in's ipcMain.
import { EventEmitter } from 'node:events';
import * as timers from 'node:timers';
import * as url from 'node:url';
import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import type { StandInMain } from './harness';

/** contextBridge: functions are proxied, everything else is copied into the other world. */
function crossWorlds(value: unknown): unknown {
  if (typeof value === 'function') {
    const fn = value as (...a: unknown[]) => unknown;
    return (...args: unknown[]) => crossWorlds(fn(...args.map(crossWorlds)));
  }
  if (value instanceof Promise) return value.then(crossWorlds);
  if (value instanceof Error) return new Error(value.message);
  if (Array.isArray(value)) return value.map(crossWorlds);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, crossWorlds(v)]));
  return value;
}

export interface RendererWorld {
  /** The page's `window` (main world): what the preload exposed lives here. */
  world: Record<string, unknown>;
  /** The frame the page's IPC appears to come from; a foreign URL models a subframe. */
  setFrameUrl(url: string | undefined): void;
  close(): void;
}

export function openRenderer(main: StandInMain, opts: { webContentsId: number; preload: string }): RendererWorld {
  const world: Record<string, unknown> = {};
  let frameUrl: string | undefined;
  const ipcRenderer = new EventEmitter();
  const stop = main.onRendererMessage((id, channel, args) => {
    if (id !== opts.webContentsId) return;
    ipcRenderer.emit(channel, { sender: ipcRenderer, senderId: 0, ports: [] }, ...args);
  });
  const electron = {
    contextBridge: {
      exposeInMainWorld(key: string, api: unknown) {
        if (Object.hasOwn(world, key)) throw new Error(`Cannot bind an API on top of an existing property on the window object`);
        world[key] = crossWorlds(api);
      },
    },
    ipcRenderer: Object.assign(ipcRenderer, {
      /** Electron rejects with "Error invoking remote method '<channel>': <error>". */
      async invoke(channel: string, ...args: unknown[]) {
        try {
          return await main.request('ipc.invoke', { webContentsId: opts.webContentsId, channel, args, ...(frameUrl !== undefined ? { frameUrl } : {}) });
        } catch (err) {
          throw new Error(`Error invoking remote method '${channel}': Error: ${err instanceof Error ? err.message : String(err)}`);
        }
      },
    }),
  };
  const allowed: Record<string, unknown> = { electron, events: { EventEmitter }, timers, url };
  const sandboxRequire = (name: string) => {
    if (!Object.hasOwn(allowed, name)) throw new Error(`module not found: ${name}`);
    return allowed[name];
  };
  // Globals of a sandboxed preload: no process.binding, no Node modules beyond the list above.
  const context = createContext({ console, setTimeout, clearTimeout, setInterval, clearInterval, Promise, TypeError, Error });
  const code = readFileSync(opts.preload, 'utf8');
  const wrapper = runInContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, context, { filename: opts.preload }) as (
    exports: object,
    require: (name: string) => unknown,
    module: { exports: object },
    filename: string,
    dirname: string,
  ) => void;
  const module = { exports: {} };
  wrapper(module.exports, sandboxRequire, module, opts.preload, '.');
  return {
    world,
    setFrameUrl: (u) => (frameUrl = u),
    close: stop,
  };
}
