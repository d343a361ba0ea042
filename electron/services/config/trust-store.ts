// CFG-10: which workspaces the user trusts, kept in the panel's own data dir (never in an
// agent's files). Paths are stored by realpath so a symlinked checkout is the same workspace.
import { promises as fs } from 'node:fs';
import { join, resolve } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { readBoundedFile } from './bounded-read';

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
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.file = join(dataDir, 'trust.json');
  }

  static async canonical(workspace: string): Promise<string> {
    const abs = resolve(workspace);
    return fs.realpath(abs).catch(() => abs);
  }

  /** A trust file that cannot be read or parsed trusts nothing: fail closed. */
  private async read(): Promise<TrustFile> {
    try {
      // SEC-7: bounded and regular-file-only, like every other file the panel reads.
      const read = await readBoundedFile(this.file);
      const parsed = read.state === 'ok' ? TrustFileSchema.safeParse(JSON.parse(read.bytes.toString('utf8'))) : null;
      if (parsed?.success) return parsed.data;
    } catch {
      /* missing or unreadable */
    }
    return { version: 1, workspaces: {} };
  }

  private async write(data: TrustFile): Promise<void> {
    await fs.mkdir(join(this.file, '..'), { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.file, JSON.stringify(data, null, 2) + '\n', { mode: 0o600 });
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
