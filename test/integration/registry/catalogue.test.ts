// REG-1 against a real registry on 127.0.0.1 (test/fixtures/registry): a few hundred entries
// read page by page into the catalogue in the data folder, search over it with the network gone,
// `updated_since` keeping it fresh (a new version, a deprecation, a deletion), the page bound
// resumed at its cursor, one entry's versions, and a registry that is slow, answers junk, too
// much or 500: a clear error, and the last good catalogue byte for byte.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RegistryService } from '../../../electron/services/registry/service';
import { startTestRegistry, type TestRegistry } from '../../fixtures/registry/server';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const HOUR = 3600_000;
let reg: TestRegistry;
let dataDir: string;
let clock = T0;

const service = (bounds: Parameters<typeof makeService>[0] = {}) => makeService(bounds);
function makeService(bounds: { pageSize?: number; maxPages?: number; maxBytes?: number; timeoutMs?: number }) {
  return new RegistryService({ dataDir, env: { MCP_PANEL_REGISTRY: reg.url }, bounds: { pageSize: 25, ...bounds }, now: () => clock });
}

beforeAll(async () => {
  reg = await startTestRegistry({ synthetic: 300 });
});
afterAll(() => reg.stop());
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mcp-panel-registry-'));
  clock = T0;
  reg.mode = 'ok';
  reg.requests.length = 0;
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const names = (r: { results: { record: { server: { name: string } } }[] }) => r.results.map((x) => x.record.server.name);

describe('the catalogue', () => {
  it('is read page by page (latest versions), kept in the data folder with its time, and searched offline', async () => {
    const svc = service();
    const first = await svc.search('memory');
    const state = first.sources[0]!;
    expect(state.error).toBeNull();
    expect(state.refreshed).toMatchObject({ mode: 'full', partial: false, fetchedAt: new Date(T0).toISOString() });
    // 12 published + deprecated + 300 generated; the deleted one is not listed, the malformed one is set aside.
    expect(state.entries).toBe(313);
    expect(state.refreshed!.pages).toBe(Math.ceil(314 / 25));
    expect(state.refreshed!.skipped).toEqual([{ name: 'not a reverse-dns name', reason: expect.stringContaining('server.name') }]);
    expect(reg.requests.every((u) => u.searchParams.get('version') === 'latest' && u.searchParams.get('limit') === '25')).toBe(true);
    expect(names(first)[0]).toBe('io.github.modelcontextprotocol/memory');
    expect(names(first)).not.toContain('io.github.example/withdrawn-memory');
    const file = join(dataDir, 'registry', `catalogue-${state.source.id}.json`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    // The network gone: the same answers from the file, and the error said beside them.
    reg.mode = 'fail';
    const offline = await service().search('memory', { policy: 'always' });
    expect(offline.sources[0]!.error).toMatchObject({ code: 'http', message: expect.stringContaining('500') });
    expect(names(offline)).toEqual(names(first));
    // Within its age the catalogue answers without asking at all.
    reg.requests.length = 0;
    await service().search('weather');
    expect(reg.requests).toEqual([]);
  });

  it('ranks the name over the description, and deprecated entries after the rest with their status', async () => {
    const r = await service().search('weather');
    const found = names(r);
    expect(found.indexOf('io.github.example/weather-mcp')).toBeLessThan(found.indexOf('io.github.example/old-weather'));
    expect(found.at(-1)).toBe('io.github.example/old-weather');
    expect(r.results.at(-1)!.record.meta).toMatchObject({ status: 'deprecated', statusMessage: expect.stringContaining('weather-mcp') });
    expect(names(await service().search('brave search'))).toEqual(['io.modelcontextprotocol/brave-search']);
  });

  it('refreshes with updated_since: a new version replaces the old, a deleted entry is no longer offered', async () => {
    await service().search('');
    const at = new Date(T0 + HOUR).toISOString();
    const memory = reg.entries.find((e) => e.server.name === 'io.github.modelcontextprotocol/memory' && e.isLatest)!;
    reg.publish({ ...memory.server, version: '2026.9.1', description: 'Knowledge graph memory, now with tags' }, at);
    reg.setStatus('io.github.modelcontextprotocol/everything', 'deleted', at, 'Moved');
    try {
      clock = T0 + 7 * HOUR;
      reg.requests.length = 0;
      const r = await service().search('memory');
      expect(r.sources[0]!.refreshed).toMatchObject({ mode: 'update', updated: 2, added: 0, fetchedAt: new Date(clock).toISOString() });
      expect(reg.requests.map((u) => u.searchParams.get('updated_since'))).toEqual([new Date(T0).toISOString()]);
      expect(r.results[0]!.record.server).toMatchObject({ version: '2026.9.1', description: 'Knowledge graph memory, now with tags' });
      expect(names(await service().search('everything'))).toEqual([]);
    } finally {
      reg.entries.splice(reg.entries.findIndex((e) => e.server.version === '2026.9.1'), 1);
      memory.isLatest = true;
      reg.setStatus('io.github.modelcontextprotocol/everything', 'active', '2025-09-01T00:00:00Z');
    }
  });

  it('stops at the page bound and goes on from its cursor next time', async () => {
    const svc = service({ maxPages: 5 });
    const a = (await svc.catalogues('always'))[0]!;
    expect([a.refreshed!.pages, a.partial, a.entries, a.fetchedAt]).toEqual([5, true, 125, null]);
    reg.requests.length = 0;
    clock = T0 + HOUR;
    const b = (await svc.catalogues('auto'))[0]!;
    expect(reg.requests[0]!.searchParams.get('cursor')).toBeTruthy();
    expect([b.refreshed!.pages, b.partial, b.entries]).toEqual([5, true, 250]);
    const c = (await svc.catalogues('auto'))[0]!;
    // Complete: its time is when the listing began, so the next update misses nothing since.
    expect([c.refreshed!.pages, c.partial, c.entries, c.fetchedAt]).toEqual([3, false, 313, new Date(T0).toISOString()]);
  });

  it('shows one entry with its versions, and a given version from the registry', async () => {
    const svc = service();
    const shown = await svc.show('io.github.modelcontextprotocol/memory');
    expect(shown!.found.record.server.version).toBe('2026.8.31');
    expect(shown!.versions!.map((v) => [v.server.version, v.meta.isLatest])).toEqual([['2026.8.31', true], ['2025.9.25', false]]);
    const old = await svc.show('io.github.modelcontextprotocol/memory', { version: '2025.9.25' });
    expect(old!.found.record.server.packages![0]!.version).toBe('2025.9.25');
    expect(await svc.show('io.github.nobody/none')).toBeNull();
    expect(await svc.show('io.github.modelcontextprotocol/memory', { version: '9.9.9' })).toBeNull();
  });

  for (const [mode, code, bounds] of [
    ['slow', 'timeout', { timeoutMs: 300 }],
    ['junk', 'not_json', {}],
    ['huge', 'too_big', { maxBytes: 256 * 1024 }],
  ] as const) {
    it(`a registry that is ${mode} gets "${code}" and leaves the last good catalogue byte for byte`, async () => {
      const first = (await service().catalogues('always'))[0]!;
      const file = join(dataDir, 'registry', `catalogue-${first.source.id}.json`);
      const before = await readFile(file);
      reg.mode = mode;
      const r = await service(bounds).search('memory', { policy: 'always' });
      expect(r.sources[0]!.error).toMatchObject({ code, message: expect.stringContaining('last good catalogue is kept') });
      expect(names(r)[0]).toBe('io.github.modelcontextprotocol/memory');
      expect(await readFile(file)).toEqual(before);
    });
  }
});

describe('registry sources', () => {
  it('adds a registry by URL (https, or http on loopback only), once, and refuses what is not one', async () => {
    const svc = service();
    expect(svc.sources.list().map((s) => [s.url, s.builtin])).toEqual([[reg.url, true]]);
    const added = await svc.sources.add('https://registry.example.com/v0.1/servers/', 'company');
    expect(added).toMatchObject({ added: true, source: { url: 'https://registry.example.com', name: 'company' } });
    expect((await svc.sources.add('https://registry.example.com')).added).toBe(false);
    await expect(svc.sources.add('http://registry.example.com')).rejects.toThrow(/not https/);
    await expect(svc.sources.add('https://user:pw@registry.example.com')).rejects.toThrow(/no user name or password/);
    await expect(svc.sources.add('not a url')).rejects.toThrow(/not a URL/);
    expect(service().sources.pick('company').map((s) => s.url)).toEqual(['https://registry.example.com']);
    expect(() => service().sources.pick('nope')).toThrow(/no registry "nope"/);
    expect(new RegistryService({ dataDir, env: {} }).sources.list()[0]!.url).toBe('https://registry.modelcontextprotocol.io');
  });
});
