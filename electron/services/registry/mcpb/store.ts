// REG-3: the bundles the panel keeps, in its data folder (SEC-8: `bundles/`, 0700, through the
// own-folder check), one folder per bundle named by its SHA-256, so a version is unpacked once
// and an install of it runs from a folder whose name says what is in it. A bundle is fetched
// (https only, plain http on this machine's loopback; redirects followed only to such URLs),
// held to a byte bound and a time bound (the registry client's counting fetch,
// mcp/bounded-fetch.ts), written to a private temp file while its SHA-256 is computed, and
// refused unless that equals the registry's `fileSha256`: the download is removed and nothing
// is unpacked. Then it is unpacked (unpack.ts) into a temp folder, its manifest checked
// (manifest.ts), and the folder renamed into place; any failure removes both.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, lstatSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { identifierProblem } from '../../../../shared/registry/identifiers';
import { processAlive } from '../../mcp/kill-ladder';
import { boundedFetch, isMessageTooLarge } from '../../mcp/bounded-fetch';
import { ownFolder } from '../../own-folder';
import { DEFAULT_BUNDLE_BOUNDS, sizeText, type BundleBounds } from './entries';
import { parseManifest, type BundleManifest } from './manifest';
import { BundleError, unpackBundle } from './unpack';

export interface OpenedBundle {
  /** The bundle's folder: `${__dirname}`. */
  dir: string;
  digest: string;
  manifest: BundleManifest;
  /** Fetched now (false: it was already unpacked). */
  fetched: boolean;
}

export interface BundlePackage {
  identifier: string;
  fileSha256?: string | undefined;
}

const MAX_MANIFEST_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 5;

async function readManifest(dir: string, label: string): Promise<BundleManifest> {
  const path = join(dir, 'manifest.json');
  let st;
  try {
    st = lstatSync(path);
  } catch {
    throw new BundleError('manifest', `${label} has no manifest.json at its top; it is not an MCPB bundle`);
  }
  if (!st.isFile() || st.size > MAX_MANIFEST_BYTES) throw new BundleError('manifest', `${label}: its manifest.json is not a file of at most 1 MB`);
  return await parseManifest(readFileSync(path, 'utf8'), label);
}

const LEFTOVER = /^\.[a-f0-9]{64}\.(\d+)-[a-f0-9]{12}\.(mcpb|unpack)$/;

/** A download or unpacking left by a panel that was killed mid-way (its process is gone): removed, so none piles up. */
function sweepLeftovers(root: string): void {
  for (const name of readdirSync(root)) {
    const m = LEFTOVER.exec(name);
    if (m && !processAlive(Number(m[1]))) rmSync(join(root, name), { recursive: true, force: true });
  }
}

export class BundleStore {
  private readonly fetch: typeof fetch;

  constructor(
    private readonly dataDir: string,
    private readonly bounds: BundleBounds = DEFAULT_BUNDLE_BOUNDS,
    base: typeof fetch = fetch,
  ) {
    this.fetch = boundedFetch(base, bounds.maxDownloadBytes);
  }

  /** Where bundles are kept (made 0700 and checked). */
  folder(): string {
    return ownFolder(this.dataDir, 'bundles');
  }

  /** The bundle `pkg` names, unpacked and its manifest checked: from the folder when it is there, else fetched and verified. */
  async open(pkg: BundlePackage): Promise<OpenedBundle> {
    const label = `the bundle ${pkg.identifier}`;
    const digest = pkg.fileSha256?.toLowerCase();
    if (!digest || !/^[a-f0-9]{64}$/.test(digest)) throw new BundleError('no_digest', `${label} has no fileSha256 in the registry; the panel installs a bundle only when it can check its SHA-256`);
    const root = this.folder();
    const dir = join(root, digest);
    if (lstatSync(dir, { throwIfNoEntry: false })?.isDirectory()) return { dir, digest, manifest: await readManifest(dir, label), fetched: false };
    sweepLeftovers(root);
    const tmp = `.${digest}.${process.pid}-${randomBytes(6).toString('hex')}`;
    const download = join(root, `${tmp}.mcpb`);
    const unpacking = join(root, `${tmp}.unpack`);
    try {
      const bytes = await this.download(pkg.identifier, download, label);
      const got = createHash('sha256').update(bytes).digest('hex');
      if (got !== digest) throw new BundleError('digest', `${label} was refused: its SHA-256 is ${got}, the registry says ${digest}; the download was removed and nothing was unpacked (the file changed after it was published, or on the way)`);
      try {
        await unpackBundle(bytes, unpacking, this.bounds, label);
      } catch (err) {
        // A name that is a file in one entry and a folder in another, a disk that is full: said, never half kept.
        if (err instanceof BundleError) throw err;
        throw new BundleError('not_zip', `${label} could not be unpacked: ${(err as Error).message}`);
      }
      const manifest = await readManifest(unpacking, label);
      try {
        renameSync(unpacking, dir);
      } catch (err) {
        // Another install unpacked the same bundle meanwhile: same digest, same files.
        if (!lstatSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw err;
      }
      return { dir, digest, manifest, fetched: true };
    } finally {
      rmSync(download, { force: true });
      rmSync(unpacking, { recursive: true, force: true });
    }
  }

  /** The bundle's bytes, written to `path` (0600, created new) as they arrive; bounded in bytes and time. */
  private async download(url: string, path: string, label: string): Promise<Buffer> {
    const signal = AbortSignal.timeout(this.bounds.timeoutMs);
    const chunks: Buffer[] = [];
    try {
      let res: Response | null = null;
      let at = url;
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        const problem = identifierProblem('mcpb', at);
        if (problem) throw new BundleError('download', `${label}: ${at === url ? '' : `it redirects to ${at}, and `}${problem}`);
        const r = await this.fetch(at, { signal, redirect: 'manual' });
        const next = r.status >= 300 && r.status < 400 ? r.headers.get('location') : null;
        if (next === null) {
          res = r;
          break;
        }
        await r.body?.cancel().catch(() => undefined);
        at = new URL(next, at).toString();
      }
      if (!res) throw new BundleError('download', `${label} redirects more than ${MAX_REDIRECTS} times; not fetched`);
      if (!res.ok || !res.body) {
        await res.body?.cancel().catch(() => undefined);
        throw new BundleError('download', `${label} could not be fetched: ${res.status} ${res.statusText}; try again later`);
      }
      const fd = openSync(path, 'wx', 0o600);
      try {
        const reader = res.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const chunk = Buffer.from(value);
          writeSync(fd, chunk);
          chunks.push(chunk);
        }
      } finally {
        closeSync(fd);
      }
    } catch (err) {
      if (err instanceof BundleError) throw err;
      if (isMessageTooLarge(err)) throw new BundleError('too_big', `${label} is over ${sizeText(this.bounds.maxDownloadBytes)}, the bound for a bundle's download; refused`);
      if (signal.aborted) throw new BundleError('timeout', `${label} did not arrive within ${Math.round(this.bounds.timeoutMs / 1000)} s; try again later`);
      throw new BundleError('download', `${label} could not be fetched: ${(err as Error).message}`);
    }
    return Buffer.concat(chunks);
  }
}
