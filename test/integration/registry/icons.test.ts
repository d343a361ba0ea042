// REG-1 icons over a real HTTP server on 127.0.0.1: a PNG is fetched once and then shown from the
// panel's own folder (no second request); an SVG, a redirect, an HTML page named .png and an image
// over the bound are never shown; a search row shows only an icon already kept.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../../electron/services/api/png';
import { ICON_MAX_BYTES, IconCache, iconSource, rasterType } from '../../../electron/services/registry/icons';

const PNG = encodePng(2, 2, new Uint8Array(16).fill(200));
const hits = new Map<string, number>();
let server: Server;
let base: string;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'icons-'));
  server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    if (req.url === '/icon.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (req.url === '/moved.png') return res.writeHead(302, { location: '/icon.png' }).end();
    if (req.url === '/page.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(1)</script></html>');
    if (req.url === '/huge.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(ICON_MAX_BYTES)]));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});

const icons = (src: string, extra: object = {}) => ({ icons: [{ src, ...extra }] });

describe('registry icons (REG-1)', () => {
  it('a PNG is fetched once, kept privately, and shown from the cache after', async () => {
    const cache = new IconCache(dir);
    expect(cache.cached(icons(`${base}/icon.png`))).toBeNull(); // a search row never fetches
    const url = await cache.get(icons(`${base}/icon.png`));
    expect(url).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(await new IconCache(dir).get(icons(`${base}/icon.png`))).toBe(url);
    expect(hits.get('/icon.png')).toBe(1);
    expect((await stat(join(dir, 'registry-icons'))).mode & 0o777).toBe(0o700);
  });

  it('an SVG, a redirect, a page that is not an image and an image over the bound are not shown', async () => {
    const cache = new IconCache(dir);
    expect(await cache.get(icons(`${base}/logo.svg`))).toBeNull();
    expect(await cache.get(icons(`${base}/x`, { mimeType: 'image/svg+xml' }))).toBeNull();
    expect(hits.get('/logo.svg') ?? 0).toBe(0); // not even asked for
    expect(await cache.get(icons(`${base}/moved.png`))).toBeNull();
    expect(await cache.get(icons(`${base}/page.png`))).toBeNull();
    expect(await cache.get(icons(`${base}/huge.png`))).toBeNull();
    expect(cache.cached(icons(`${base}/page.png`))).toBeNull();
  });

  it('only https, or http on this machine; a light icon before a dark one', () => {
    expect(iconSource(icons('http://example.com/i.png'))).toBeNull();
    expect(iconSource(icons('https://user:pw@example.com/i.png'))).toBeNull();
    expect(iconSource({ icons: [{ src: 'https://e.com/dark.png', theme: 'dark' as const }, { src: 'https://e.com/light.png' }] })).toBe('https://e.com/light.png');
    expect(rasterType(Buffer.from('RIFF0000WEBPVP8 '))).toBe('image/webp');
    expect(rasterType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(rasterType(Buffer.from('<svg/>'))).toBeNull();
  });
});
