// CFG-9: external edits are picked up (200 ms debounce) and only the servers whose entries
// changed are reported, so the connection engine reconnects or disconnects just those.
// fs.watch sits on the parent folders (editors replace files by rename, and a file that
// does not exist yet can only be seen appearing from its folder).
import { existsSync, watch as fsWatch, type FSWatcher } from 'node:fs';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { EffectiveServer, EffectiveView } from '../../../../shared/schemas/server';

export interface ServerDiff {
  added: string[];
  changed: string[];
  removed: string[];
}

export interface ConfigChange {
  diff: ServerDiff;
  view: EffectiveView;
  previous: EffectiveView;
}

export interface ConfigWatcherOptions {
  /** Reload the effective view (ConfigService.load bound to a profile and workspace). */
  load: () => Promise<EffectiveView>;
  /** Files to watch for a view; default: every layer's path. */
  paths?: (view: EffectiveView) => string[];
  /** CFG-9: 200 ms. */
  debounceMs?: number;
  /** Called after a reload whose view differs from the last one (diff may be empty when only layers/problems changed). */
  onChange: (change: ConfigChange) => void;
  onError?: (err: unknown) => void;
}

export interface ConfigWatcher {
  /** The first view, once loaded and watched. */
  ready: Promise<EffectiveView>;
  current(): EffectiveView | null;
  /** Open fs watchers and pending timers: what dispose() must bring to zero. */
  resources(): { watchers: number; timers: number };
  dispose(): void;
}

/** What makes a server "changed": its entry as written, plus where and how it would run. */
function comparable(s: EffectiveServer): unknown {
  return { entry: s.entry, layer: s.layer, path: s.path, enabled: s.enabled, trusted: s.trusted, error: s.error, spec: s.spec };
}

export function diffViews(before: EffectiveView, after: EffectiveView): ServerDiff {
  const old = new Map(before.servers.map((s) => [s.name, s]));
  const now = new Map(after.servers.map((s) => [s.name, s]));
  const diff: ServerDiff = { added: [], changed: [], removed: [] };
  for (const [name, s] of now) {
    const prev = old.get(name);
    if (!prev) diff.added.push(name);
    else if (!isDeepStrictEqual(comparable(prev), comparable(s))) diff.changed.push(name);
  }
  for (const name of old.keys()) if (!now.has(name)) diff.removed.push(name);
  return diff;
}

export function isEmptyDiff(d: ServerDiff): boolean {
  return d.added.length === 0 && d.changed.length === 0 && d.removed.length === 0;
}

/** Nearest existing folder at or above the file's folder. */
function nearestExistingDir(file: string): string {
  let dir = dirname(resolve(file));
  while (!existsSync(dir)) {
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return dir;
}

const defaultPaths = (view: EffectiveView) => view.layers.map((l) => l.path).filter((p) => p !== '');

export function watchConfig(opts: ConfigWatcherOptions): ConfigWatcher {
  const debounceMs = opts.debounceMs ?? 200;
  const pathsOf = opts.paths ?? defaultPaths;
  const watchers = new Map<string, FSWatcher>();
  /** Per watched folder: the names in it that lead to a watched file. */
  const interest = new Map<string, Set<string>>();
  let timer: NodeJS.Timeout | null = null;
  let view: EffectiveView | null = null;
  let disposed = false;
  let reloading = false;
  let dirty = false;

  const report = (err: unknown) => opts.onError?.(err);

  function arm(files: string[]): void {
    interest.clear();
    for (const f of files) {
      const dir = nearestExistingDir(f);
      const rel = relative(dir, resolve(f));
      const first = rel.split(sep)[0] || basename(f);
      const names = interest.get(dir) ?? new Set<string>();
      names.add(first);
      interest.set(dir, names);
    }
    for (const [dir, w] of watchers) {
      if (!interest.has(dir)) {
        w.close();
        watchers.delete(dir);
      }
    }
    for (const dir of interest.keys()) {
      if (watchers.has(dir)) continue;
      try {
        const w = fsWatch(dir, { persistent: false }, (_event, name) => {
          const names = interest.get(dir);
          if (name === null || !names || names.has(String(name))) schedule();
        });
        w.on('error', () => {
          // The folder went away: forget it, re-arm on the reload.
          w.close();
          watchers.delete(dir);
          schedule();
        });
        watchers.set(dir, w);
      } catch (err) {
        report(err);
      }
    }
  }

  function schedule(): void {
    if (disposed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void reload();
    }, debounceMs);
  }

  async function reload(): Promise<void> {
    if (reloading) {
      dirty = true;
      return;
    }
    reloading = true;
    try {
      do {
        dirty = false;
        const next = await opts.load();
        if (disposed) return;
        arm(pathsOf(next));
        const previous = view;
        view = next;
        if (previous && !isDeepStrictEqual(previous, next)) opts.onChange({ diff: diffViews(previous, next), view: next, previous });
      } while (dirty && !disposed);
    } catch (err) {
      report(err);
    } finally {
      reloading = false;
    }
  }

  const ready = (async () => {
    const first = await opts.load();
    view = first;
    if (!disposed) arm(pathsOf(first));
    return first;
  })();

  return {
    ready,
    current: () => view,
    resources: () => ({ watchers: watchers.size, timers: timer ? 1 : 0 }),
    dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}
