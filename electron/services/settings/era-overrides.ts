// PROTO-1: the person's per-server protocol era (legacy / auto / modern), kept in the panel's
// own data folder next to its UI settings, never in an agent's file. Keyed by the entry's id
// (profile, layer, name), so each entry the person looked at keeps its own choice. A file we
// cannot read reads as "automatic everywhere" and is replaced only on the next change (SEC-3).
import { join } from 'node:path';
import { z } from 'zod';
import { EraModeSchema, type EraMode } from '../../../shared/schemas/server';
import { readOwnFile, writeOwnFile } from '../own-folder';

export const ERA_OVERRIDES_FILE = 'server-settings.json';
const MAX_BYTES = 256 * 1024;
const FileSchema = z.object({ eras: z.record(z.string(), z.unknown()).catch({}) });

export class EraOverrides {
  readonly file: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataDir: string) {
    this.file = join(dataDir, ERA_OVERRIDES_FILE);
  }

  /** Every override that parses (an unknown value is "automatic", dropped at the next change). */
  async all(): Promise<Record<string, EraMode>> {
    // SEC-8: through the data folder's check.
    const read = readOwnFile(this.dataDir, this.file, MAX_BYTES);
    if (read.state !== 'ok') return {};
    let raw: unknown;
    try {
      raw = JSON.parse(read.bytes.toString('utf8'));
    } catch {
      return {};
    }
    const parsed = FileSchema.safeParse(raw);
    if (!parsed.success) return {};
    const out: Record<string, EraMode> = {};
    for (const [id, v] of Object.entries(parsed.data.eras)) {
      const mode = EraModeSchema.safeParse(v);
      if (mode.success && mode.data !== 'auto') out[id] = mode.data;
    }
    return out;
  }

  async get(id: string): Promise<EraMode> {
    return (await this.all())[id] ?? 'auto';
  }

  /** `auto` removes the override. */
  set(id: string, mode: EraMode): Promise<void> {
    const run = this.queue.then(async () => {
      const eras = await this.all();
      if (mode === 'auto') delete eras[id];
      else eras[id] = mode;
      await writeOwnFile(this.dataDir, this.file, JSON.stringify({ version: 1, eras }, null, 2) + '\n');
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
