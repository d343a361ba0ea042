// What every part of the stand-in shares: the call log the test reads, Electron's "not before
// ready" rule, and Electron's Event object (preventDefault / defaultPrevented).

/** Every call the app made into the stand-in, in order: { api, args } with plain-data args. */
export const calls = [];

export function record(api, ...args) {
  calls.push({ api, args: plain(args) });
}

/** Structured-clone-safe copy for the log: functions by name, stand-in objects by description. */
export function plain(value, depth = 0) {
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[deep]';
  if (typeof value.describe === 'function') return value.describe();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
  if (Array.isArray(value)) return value.map((v) => plain(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v, depth + 1)]));
}

export const lifecycle = { ready: false, quitting: false };

/** Electron throws when windows, trays, sessions or dialogs are used before 'ready'. */
export function needReady(what) {
  if (!lifecycle.ready) throw new Error(`${what} cannot be used before the app is ready`);
}

export function electronEvent(extra = {}) {
  const event = {
    ...extra,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

/** Electron: any method on a destroyed object throws "Object has been destroyed". */
export function alive(obj) {
  if (obj.isDestroyed()) throw new TypeError('Object has been destroyed');
}
