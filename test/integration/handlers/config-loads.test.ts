// One read model. Through the real composition (startServices: real config
// engine, writer and file watcher on a temp HOME) and the real dispatch, one editor save costs
// one config load: the handler reloads once, the watcher's echo of that write loads nothing,
// and `servers.changed` carries the new view so no page has to ask `servers.list` again.
// An edit made outside the panel is still picked up (one load, one event with the edit).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServersView } from '../../../shared/contract';
import { ConfigService } from '../../../electron/services/config';
import { startServices, type Services } from '../../../electron/services/compose';

const ctx = { host: 'web' } as const;
const SKIPPED = 'config watch: layer files unchanged';
let dir: string;
let file: string;
let services: Services;
const lines: string[] = [];
const lineWaiters = new Set<() => void>();
const realLoad = ConfigService.prototype.load;

/** Counts ConfigService.load calls (the real load runs) and wakes `until` on each. */
function countLoads() {
  return vi.spyOn(ConfigService.prototype, 'load').mockImplementation(function (this: ConfigService, ...args) {
    queueMicrotask(poke);
    return realLoad.apply(this, args);
  });
}

/** Resolves when a log line or a config load makes `done()` true (no timer involved). */
function until(done: () => boolean): Promise<void> {
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (!done()) return;
      lineWaiters.delete(check);
      resolve();
    };
    lineWaiters.add(check);
  });
}
const poke = () => lineWaiters.forEach((w) => w());

function nextChanged(reason: string): Promise<{ reason: string; view?: ServersView }> {
  return new Promise((resolve) => {
    const off = services.api.events.subscribe((event, payload) => {
      const p = payload as { reason: string; view?: ServersView };
      if (event !== 'servers.changed' || p.reason !== reason) return;
      off();
      resolve(p);
    });
  });
}

const entry = (view: ServersView | undefined, name: string) => view?.servers.find((s) => s.name === name)?.entry;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'config-loads-'));
  file = join(dir, 'home', '.minimax', 'mcp.json');
  await mkdir(join(dir, 'home', '.minimax'), { recursive: true });
  await mkdir(join(dir, 'ws'));
  // Disabled: nothing is spawned, the point is the config path only.
  await writeFile(file, JSON.stringify({ mcpServers: { one: { command: 'node', enabled: false } } }, null, 2));
  const env = { PATH: process.env.PATH, HOME: join(dir, 'home'), MCP_PANEL_DATA_DIR: join(dir, 'data') };
  services = await startServices({
    host: 'web',
    pickFolder: null,
    env,
    cwd: join(dir, 'ws'),
    version: '0.0.0',
    profile: 'minimax',
    workspace: join(dir, 'ws'),
    logger: (line) => {
      lines.push(line);
      poke();
    },
  });
}, 30_000);

afterAll(async () => {
  await services?.dispose();
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

describe('one read model', () => {
  it('an editor save through the dispatch costs one config load, and the event carries the view', async () => {
    // The list reads the model start() loaded; queued behind the watcher's first look.
    const first = await services.dispatch('servers.list', {}, ctx);
    expect(first.ok).toBe(true);
    const counted = countLoads();
    const watcherLooked = () => counted.mock.calls.length > 1 || lines.some((l) => l.startsWith(SKIPPED));
    const changed = nextChanged('one saved');
    const r = await services.dispatch('editor.save', { layer: 'user', name: 'one', originalName: 'one', entry: { command: 'node', enabled: false, timeout: 7000 } }, ctx);
    expect(r.ok, JSON.stringify(r)).toBe(true);
    expect(entry((await changed).view, 'one')).toMatchObject({ timeout: 7000 });
    // The watcher sees the write on disk; wait for it to look (or to load: the bug).
    await until(watcherLooked);
    const list = await services.dispatch('servers.list', {}, ctx);
    expect(list.ok && entry(list.value as ServersView, 'one')).toMatchObject({ timeout: 7000 });
    expect(counted).toHaveBeenCalledTimes(1);
    counted.mockRestore();
  });

  it('an edit made outside the panel is loaded once and announced with the new view', async () => {
    const counted = countLoads();
    const changed = nextChanged('config files changed on disk');
    await writeFile(file, JSON.stringify({ mcpServers: { one: { command: 'node', enabled: false, timeout: 8000 } } }, null, 2));
    expect(entry((await changed).view, 'one')).toMatchObject({ timeout: 8000 });
    expect(counted).toHaveBeenCalledTimes(1);
    counted.mockRestore();
  });
});
