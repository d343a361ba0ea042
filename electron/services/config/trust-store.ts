// CFG-10: which workspaces the user trusts, kept in the panel's own data dir (never in an
// agent's files). Paths are stored by realpath so a symlinked checkout is the same workspace.
// SEC-8: read only through the data folder's check: a trust.json another user could write is
// refused (OwnFolderError), never honoured.
import { promises as fs } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { readOwnFile, writeOwnFile } from '../own-folder';

const TrustFileSchema = z.object({
  version: z.literal(1),
  workspaces: z.record(z.string(), z.object({ trustedAt: z.string() })),
});
type TrustFile = z.infer<typeof TrustFileSchema>;

export interface TrustEntry {
  workspace: string;
  trustedAt: string;
}

export class TrustStore {
  readonly file: string;

  constructor(
    private readonly dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.file = join(dataDir, 'trust.json');
  }

  static async canonical(workspace: string): Promise<string> {
    const abs = resolve(workspace);
    return fs.realpath(abs).catch(() => abs);
  }

  /** A trust file that cannot be parsed trusts nothing: fail closed. One in a folder that fails the check is refused (throws). */
  private async read(): Promise<TrustFile> {
    // SEC-7 / SEC-8: bounded, regular-file-only, the user's own.
    const read = readOwnFile(this.dataDir, this.file);
    try {
      const parsed = read.state === 'ok' ? TrustFileSchema.safeParse(JSON.parse(read.bytes.toString('utf8'))) : null;
      if (parsed?.success) return parsed.data;
    } catch {
      /* not JSON */
    }
    return { version: 1, workspaces: {} };
  }

  private async write(data: TrustFile): Promise<void> {
    await writeOwnFile(this.dataDir, this.file, JSON.stringify(data, null, 2) + '\n');
  }

  async isTrusted(workspace: string): Promise<boolean> {
    const key = await TrustStore.canonical(workspace);
    return Object.hasOwn((await this.read()).workspaces, key);
  }

  async trust(workspace: string): Promise<TrustEntry> {
    const key = await TrustStore.canonical(workspace);
    const data = await this.read();
    const trustedAt = new Date(this.now()).toISOString();
    data.workspaces[key] = { trustedAt };
    await this.write(data);
    return { workspace: key, trustedAt };
  }

  /** True when the workspace was trusted before. */
  async revoke(workspace: string): Promise<boolean> {
    const key = await TrustStore.canonical(workspace);
    const data = await this.read();
    if (!Object.hasOwn(data.workspaces, key)) return false;
    delete data.workspaces[key];
    await this.write(data);
    return true;
  }

  async list(): Promise<TrustEntry[]> {
    return Object.entries((await this.read()).workspaces).map(([workspace, v]) => ({ workspace, trustedAt: v.trustedAt }));
  }
}
