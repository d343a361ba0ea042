// The one read model (DESIGN.md): the effective view of the selection, kept by the host
// and updated by the writer (an explicit `reload` after each write) and the watcher (`refresh`,
// which loads only when a layer file differs from what was last loaded). `servers.list` and
// every handler read it; a save therefore costs exactly one config load (CFG-9, CFG-7).
import { statSync } from 'node:fs';
import type { Selection } from '../../../shared/contract';
import type { EffectiveView } from '../../../shared/schemas/server';
import type { ConfigPort } from './ports';

export interface ReadModel {
  selection(): Selection;
  /** The next load reads this selection (profiles.select reloads right after). */
  select(next: Selection): void;
  view(): EffectiveView | null;
  loadedAt(): number;
  /** The cached view; loads only when nothing was loaded yet. */
  current(): Promise<EffectiveView>;
  /** Always loads: after a write by this host (writer, trust, keychain, session). */
  reload(): Promise<EffectiveView>;
  /** For the watcher: loads only when a layer file changed since the last load. */
  refresh(): Promise<EffectiveView>;
}

interface ReadModelDeps {
  config: ConfigPort;
  initial: Selection;
  clock: () => number;
  log(line: string): void;
  /** Runs inside the serialised load, so two loads never hand the pool specs out of order. */
  loaded(view: EffectiveView): Promise<void>;
}

const layerPaths = (view: EffectiveView) => view.layers.map((l) => l.path).filter((p) => p !== '');

/** What a layer file is on disk now: an atomic rename changes the inode, an edit in place mtime/size. */
function stamp(paths: string[]): string {
  return paths
    .map((p) => {
      try {
        const s = statSync(p, { bigint: true });
        return `${p}\0${s.ino}:${s.size}:${s.mtimeNs}`;
      } catch {
        return `${p}\0-`;
      }
    })
    .join('\n');
}

export function createReadModel(deps: ReadModelDeps): ReadModel {
  let selection = deps.initial;
  let view: EffectiveView | null = null;
  let loadedAt = deps.clock();
  /** The layer files as they were just before the cached view was loaded. */
  let loadedStamp: string | null = null;

  async function load(): Promise<EffectiveView> {
    // Stamped before reading, so an edit racing the load makes the next refresh load again.
    const paths = view ? layerPaths(view) : [];
    const before = stamp(paths);
    const next = await deps.config.load(selection.profile, selection.workspace);
    const same = layerPaths(next).join('\n') === paths.join('\n');
    view = next;
    loadedAt = deps.clock();
    loadedStamp = same ? before : stamp(layerPaths(next));
    await deps.loaded(next);
    return next;
  }

  // One queue for every load, whoever asks (handlers after a write, the watcher, a list).
  let chain: Promise<unknown> = Promise.resolve();
  function queued(run: () => Promise<EffectiveView>): Promise<EffectiveView> {
    const next = chain.then(run, run);
    chain = next.catch(() => undefined);
    return next;
  }

  return {
    selection: () => selection,
    select(next) {
      selection = next;
      loadedStamp = null; // the next refresh loads, whatever the files say
    },
    view: () => view,
    loadedAt: () => loadedAt,
    current: () => queued(() => (view ? Promise.resolve(view) : load())),
    reload: () => queued(load),
    refresh: () =>
      queued(() => {
        if (!view || loadedStamp !== stamp(layerPaths(view))) return load();
        // Typically the echo of this host's own write, already loaded by `reload`.
        deps.log('config watch: layer files unchanged since the last load; nothing to reload');
        return Promise.resolve(view);
      }),
  };
}
