// REG-1: a registry entry's icon, shown from the panel's own cache (the page never fetches a
// registry's URL). Only from https (plain http on this machine's loopback, for a test's
// registry), never through a redirect, at most ICON_MAX_BYTES, and only raster images checked by
// their first bytes (PNG, JPEG, WebP): an SVG can carry script and links, so it is not shown.
// An icon is decoration: any failure leaves the entry without one, it never fails the entry.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { ServerJson } from '../../../shared/registry/server-json';
import { LOOPBACK_HOSTS } from '../../../shared/registry/identifiers';
import { boundedFetch } from '../mcp/bounded-fetch';
import { ownFolder, readOwnFile, writeOwnFile } from '../own-folder';

export const ICON_MAX_BYTES = 256 * 1024;
/** An icon is decoration: an entry's detail never waits longer than this for one. */
const TIMEOUT_MS = 5_000;

/** The image type its first bytes say, or null for anything else. */
export function rasterType(b: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** The first icon the panel would fetch: https (or loopback http), not declared SVG, light theme or none first. */
export function iconSource(server: Pick<ServerJson, 'icons'>): string | null {
  const fit = (server.icons ?? []).filter((i) => {
    if (i.mimeType === 'image/svg+xml') return false;
    try {
      const u = new URL(i.src);
      return (u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname))) && !u.username && !u.password && !/\.svg$/i.test(u.pathname);
    } catch {
      return false;
    }
  });
  return (fit.find((i) => i.theme !== 'dark') ?? fit[0])?.src ?? null;
}

export class IconCache {
  private readonly fetch: typeof fetch;

  constructor(
    private readonly dataDir: string,
    base: typeof fetch = fetch,
  ) {
    this.fetch = boundedFetch(base, ICON_MAX_BYTES);
  }

  private file(src: string): string {
    return join(ownFolder(this.dataDir, 'registry-icons'), createHash('sha256').update(src).digest('hex'));
  }

  /** The kept icon as a data URL, without fetching anything (search rows show only these). */
  cached(server: Pick<ServerJson, 'icons'>): string | null {
    const src = iconSource(server);
    if (!src) return null;
    const read = readOwnFile(this.dataDir, this.file(src), ICON_MAX_BYTES);
    if (read.state !== 'ok') return null;
    const type = rasterType(read.bytes);
    return type ? `data:${type};base64,${read.bytes.toString('base64')}` : null;
  }

  /** The icon, fetched once into the cache; null when the entry has none the panel shows. */
  async get(server: Pick<ServerJson, 'icons'>): Promise<string | null> {
    const kept = this.cached(server);
    const src = iconSource(server);
    if (kept || !src) return kept;
    try {
      const r = await this.fetch(src, { redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!r.ok) return null;
      const bytes = Buffer.from(await r.arrayBuffer());
      if (!rasterType(bytes)) return null;
      await writeOwnFile(this.dataDir, this.file(src), bytes);
      return this.cached(server);
    } catch {
      return null;
    }
  }
}
