// CFG-9 with real fs events and the real loader: 200 ms debounce, diff of added / changed /
// removed servers, unchanged servers untouched, nothing left behind after dispose.
import { writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigService } from '../../../electron/services/config';
import { type ConfigChange, type ConfigWatcher, watchConfig } from '../../../electron/services/config/watch';

let home: string;
let watcher: ConfigWatcher | null = null;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'cw-watch-'));
});

afterEach(async () => {
  watcher?.dispose();
  watcher = null;
  await rm(home, { recursive: true, force: true });
});

/** Polls `cond` (the watcher's own counters), failing after `ms` (a margin for a busy machine, not a measurement). */
async function waitFor(cond: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function servers(map: Record<string, unknown>): string {
  return JSON.stringify({ mcpServers: map }, null, 2);
}

describe('watchConfig', () => {
  it('reports only the servers whose entries changed, once per burst, and disposes cleanly', async () => {
    const svc = new ConfigService({ env: { HOME: home }, cwd: home });
    const changes: ConfigChange[] = [];
    let loads = 0;
    watcher = watchConfig({
      // Counted once loaded: the watcher reports right after, before the next poll can look.
      load: async () => {
        const view = await svc.load('minimax', null);
        loads++;
        return view;
      },
      onChange: (c) => changes.push(c),
    });
    await watcher.ready;
    // The data folder does not exist yet: the watcher sits on the nearest existing parent.
    expect(watcher.resources().watchers).toBe(1);
    // MiniMax's own default for a fresh install (~/.local/share/minimax on Linux).
    const file = (await svc.layerPaths('minimax'))[0]!.path;
    const dir = dirname(file);
    await mkdir(dir, { recursive: true });
    await writeFile(file, servers({ a: { command: 'a' }, b: { url: 'https://b.example/mcp' } }));
    await waitFor(() => changes.some((c) => c.diff.added.length === 2));
    expect(changes.at(-1)!.diff).toEqual({ added: ['a', 'b'], changed: [], removed: [] });

    // One entry changes: only it is reported; b is untouched.
    let n = changes.length;
    await writeFile(file, servers({ a: { command: 'a2' }, b: { url: 'https://b.example/mcp' } }));
    await waitFor(() => changes.length > n);
    expect(changes.at(-1)!.diff).toEqual({ added: [], changed: ['a'], removed: [] });

    // A burst of writes inside the debounce window is one reload and one change. Written
    // synchronously: the whole burst is on disk before the watcher hears of any of it, so it
    // stays inside the window however slow the machine (awaited writes could straddle it).
    n = changes.length;
    const loadsBefore = loads;
    for (let i = 0; i < 5; i++) writeFileSync(file, servers({ a: { command: `burst-${i}` }, b: { url: 'https://b.example/mcp' } }));
    await waitFor(() => changes.length > n);
    // Settled: no reload pending and none running (the debounce timer is the only way in).
    await waitFor(() => watcher!.resources().timers === 0);
    expect(changes.length).toBe(n + 1);
    expect(loads - loadsBefore).toBe(1);
    expect(changes.at(-1)!.view.servers.find((s) => s.name === 'a')?.entry).toEqual({ command: 'burst-4' });

    // Rewriting the same content is not a change of any server: it reloads, and reports nothing.
    n = changes.length;
    const reloadsBefore = loads;
    await writeFile(file, servers({ a: { command: 'burst-4' }, b: { url: 'https://b.example/mcp' } }));
    await waitFor(() => loads > reloadsBefore && watcher!.resources().timers === 0);
    expect(changes.length).toBe(n);

    await writeFile(file, servers({ a: { command: 'burst-4' } }));
    await waitFor(() => changes.length > n);
    expect(changes.at(-1)!.diff).toEqual({ added: [], changed: [], removed: ['b'] });

    // Dispose: no watcher, no timer, no more events.
    await writeFile(file, servers({}));
    watcher.dispose();
    expect(watcher.resources()).toEqual({ watchers: 0, timers: 0 });
    // Nothing is left that could fire: no watcher, no timer (checked above), so a later write is unseen.
    n = changes.length;
    const loadsAtDispose = loads;
    await writeFile(file, servers({ z: { command: 'z' } }));
    expect(changes.length).toBe(n);
    expect(loads).toBe(loadsAtDispose);
  });
});
