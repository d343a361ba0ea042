// NAME-1: MiniMax Code's own name registry, `<dataDir>/mcp-runtime-names.json`, read and written
// as MiniMax does (name-registry.ts `transaction`, shivbera18/rig@e48101b1; see
// shared/profiles/minimax/README.md): under proper-lockfile's `<file>.lock`, compact JSON plus a
// newline, mode 0600, landed by rename. A file MiniMax's parseState refuses is never rewritten,
// and nothing the panel writes is one it refuses (RegistryDataSchema is parseState).
//
// MiniMax takes its lock with `retries: 0`: a lock the panel holds makes that turn's MCP naming
// fail. So the panel holds it only for the read-change-write, never while waiting on a server.
//
// The panel's older format (`{"version": 1, "identities": {…}}`) is not read as names: MiniMax
// never wrote or read it (it refuses the file and names no MCP tools while it is there), so its
// names were only ever the panel's. A file in it is reported as such and left untouched.
import { mkdir } from 'node:fs/promises';
import { readBoundedFile } from '../config/bounded-read';
import { dirname, join } from 'node:path';
import lockfile from 'proper-lockfile';
import writeFileAtomic from 'write-file-atomic';
import { assignNames, type NamingReport, type NamingServerInput } from '../../../shared/naming/assign';
import { emptyRegistry, RegistryDataSchema, type RegistryData } from '../../../shared/profiles/minimax/registry';
import { isRecord } from '../../../shared/is-record';

export const REGISTRY_FILE_NAME = 'mcp-runtime-names.json';

/** The registry in MiniMax's data folder (shared/profiles/minimax/files.ts minimaxDataDir). */
export function minimaxRegistryPath(dataDir: string): string {
  return join(dataDir, REGISTRY_FILE_NAME);
}

export class RegistryFileError extends Error {
  readonly code = 'REGISTRY_INVALID';
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${file} is not a name registry MiniMax Code can read (${detail}); MiniMax names no MCP tools while it is there. It was left untouched: move it aside and MiniMax starts a new one`);
  }
}

export interface NameRegistryStoreOptions {
  file: string;
  /** Lock retries while another process holds it (default 100, 10–100 ms apart). */
  lockRetries?: number;
  /** A lock older than this is taken as left by a crashed process (proper-lockfile; MiniMax's default too). */
  staleMs?: number;
}


/** What a registry file holds, or why MiniMax refuses it. */
export function parseRegistryText(file: string, text: string): RegistryData {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new RegistryFileError(file, (err as Error).message);
  }
  if (isRecord(json) && isRecord(json.identities) && !Array.isArray(json.servers)) throw new RegistryFileError(file, 'it is in the format older versions of MCP Panel wrote ("identities")');
  const parsed = RegistryDataSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RegistryFileError(file, issue ? `${issue.path.join('.') || 'file'}: ${issue.message}` : 'unexpected shape');
  }
  return parsed.data;
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
    return parseRegistryText(this.file, read.bytes.toString('utf8'));
  }

  /** Read, change and write the registry under MiniMax's own lock. */
  async update<T>(change: (current: RegistryData) => { registry: RegistryData; changed: boolean; result: T }): Promise<T> {
    await mkdir(dirname(this.file), { recursive: true });
    const release = await lockfile.lock(this.file, {
      realpath: false, // the file may not exist yet (MiniMax locks it the same way)
      stale: this.staleMs,
      retries: { retries: this.lockRetries, minTimeout: 10, maxTimeout: 100, randomize: true },
    });
    try {
      const { registry, changed, result } = change(await this.read());
      // MiniMax writes `${JSON.stringify(state)}\n` with mode 0600; nothing it would refuse is written.
      if (changed) RegistryDataSchema.parse(registry);
      if (changed) await writeFileAtomic(this.file, `${JSON.stringify(registry)}\n`, { fsync: true, mode: 0o600 });
      return result;
    } finally {
      await release();
    }
  }

  /** NAME-1: MiniMax's names for these servers, claimed in (and persisted to) the registry as its turn does. */
  async assign(servers: readonly NamingServerInput[]): Promise<NamingReport> {
    return this.update((current) => {
      const report = assignNames('minimax', servers, { registry: current });
      return { registry: report.registry ?? current, changed: report.registryChanged, result: report };
    });
  }
}
