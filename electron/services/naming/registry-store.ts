// NAME-1: the persistent minimax name registry at `<dataDir>/mcp-runtime-names.json`.
// Every read-modify-write happens under a proper-lockfile lock and lands with an atomic
// write (temp file, fsync, rename: SEC-3), so two processes claiming at once get distinct
// names and the file is never half-written. A file that does not parse is never rewritten.
import { mkdir } from 'node:fs/promises';
import { readBoundedFile } from '../config/bounded-read';
import { dirname, join } from 'node:path';
import lockfile from 'proper-lockfile';
import writeFileAtomic from 'write-file-atomic';
import { assignNames, type NamingReport, type NamingServerInput } from '../../../shared/naming/assign';
import { allocateMinimaxNames, emptyRegistry, RegistryDataSchema, type AllocationResult, type RegistryClaim, type RegistryData } from '../../../shared/profiles/minimax/registry';
import { homeDir } from '../paths';
import { minimaxDataDir } from '../../../shared/profiles/minimax/files';
import { pathsFor } from '../config/profiles/io';

export const REGISTRY_FILE_NAME = 'mcp-runtime-names.json';

export function minimaxRegistryPath(env: NodeJS.ProcessEnv = process.env, dataDir = minimaxDataDir(homeDir(env), pathsFor())): string {
  return join(dataDir, REGISTRY_FILE_NAME);
}

export class RegistryFileError extends Error {
  readonly code = 'REGISTRY_INVALID';
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${file} is not a valid name registry (${detail}); it was left untouched`);
  }
}

export interface NameRegistryStoreOptions {
  file: string;
  /** Lock retries while another process holds it (default 100, 10–100 ms apart). */
  lockRetries?: number;
  /** A lock older than this is taken as left by a crashed process (proper-lockfile). */
  staleMs?: number;
}

export class NameRegistryStore {
  readonly file: string;
  private readonly lockRetries: number;
  private readonly staleMs: number;

  constructor(options: NameRegistryStoreOptions) {
    this.file = options.file;
    this.lockRetries = options.lockRetries ?? 100;
    this.staleMs = options.staleMs ?? 10_000;
  }

  /** A snapshot without the lock (for previews); a missing file is an empty registry. */
  async read(): Promise<RegistryData> {
    // SEC-7: the agent's file is read bounded and regular-file-only, like every config file.
    const read = await readBoundedFile(this.file);
    if (read.state === 'missing') return emptyRegistry();
    if (read.state === 'void') throw new Error(read.error);
    const text = read.bytes.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new RegistryFileError(this.file, (err as Error).message);
    }
    const parsed = RegistryDataSchema.safeParse(json);
    if (!parsed.success) throw new RegistryFileError(this.file, parsed.error.issues[0]?.message ?? 'unexpected shape');
    return parsed.data;
  }

  /** Read, change and write the registry under the file lock. */
  async update<T>(change: (current: RegistryData) => { registry: RegistryData; changed: boolean; result: T }): Promise<T> {
    await mkdir(dirname(this.file), { recursive: true });
    const release = await lockfile.lock(this.file, {
      realpath: false, // the file may not exist yet
      stale: this.staleMs,
      retries: { retries: this.lockRetries, minTimeout: 10, maxTimeout: 100, randomize: true },
    });
    try {
      const { registry, changed, result } = change(await this.read());
      if (changed) await writeFileAtomic(this.file, JSON.stringify(registry, null, 2) + '\n', { fsync: true });
      return result;
    } finally {
      await release();
    }
  }

  /** Claim names for these (identity, tool) pairs; known pairs keep their names. */
  async claim(claims: readonly RegistryClaim[]): Promise<AllocationResult> {
    return this.update((current) => {
      const alloc = allocateMinimaxNames(current, claims);
      return { registry: alloc.registry, changed: alloc.changed, result: alloc };
    });
  }

  /** NAME-1: minimax names for these servers, claimed in (and persisted to) the registry. */
  async assign(servers: readonly NamingServerInput[]): Promise<NamingReport> {
    return this.update((current) => {
      const report = assignNames('minimax', servers, { registry: current });
      return { registry: report.registry ?? current, changed: report.registryChanged, result: report };
    });
  }
}
