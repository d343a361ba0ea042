// PROTO-1: the stdio era verdicts (mcp/eras.ts), kept in the panel's data dir so a server is
// probed once rather than on every start.
import { join } from 'node:path';
import { z } from 'zod';
import type { Era, EraVerdicts } from '../mcp/eras';
import { readOwnFile, writeOwnFile } from '../own-folder';

/**
 * A legacy verdict goes stale silently (an upgraded server still answers `initialize`), so it
 * is believed for a week and then probed again; a stale modern one fails loudly at once and is
 * dropped then (mcp/session.ts).
 */
const LEGACY_VERDICT_MS = 7 * 24 * 60 * 60_000;
const FILE = 'protocol-eras.json';
const MAX_BYTES = 1024 * 1024;
const MAX_ENTRIES = 2_000;

const FileSchema = z.object({
  version: z.literal(1),
  servers: z.record(z.string(), z.object({ era: z.enum(['legacy', 'modern']), at: z.number() })),
});
type EraFile = z.infer<typeof FileSchema>;

export class EraVerdictFile implements EraVerdicts {
  private readonly file: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.file = join(dataDir, FILE);
  }

  async get(identity: string): Promise<Era | undefined> {
    const v = (await this.read()).servers[identity];
    if (!v) return undefined;
    if (v.era === 'legacy' && this.now() - v.at > LEGACY_VERDICT_MS) return undefined;
    return v.era;
  }

  set(identity: string, era: Era | undefined): Promise<void> {
    const run = this.queue.then(async () => {
      const data = await this.read();
      if (era) data.servers[identity] = { era, at: this.now() };
      else delete data.servers[identity];
      // Bounded: the oldest verdicts go first (they would be probed again anyway).
      const entries = Object.entries(data.servers).sort((a, b) => b[1].at - a[1].at).slice(0, MAX_ENTRIES);
      await writeOwnFile(this.dataDir, this.file, JSON.stringify({ version: 1, servers: Object.fromEntries(entries) }) + '\n');
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** A damaged or foreign file reads as "nothing known" (the servers are probed again). */
  private async read(): Promise<EraFile> {
    // SEC-8: through the data folder's check.
    const read = readOwnFile(this.dataDir, this.file, MAX_BYTES);
    if (read.state !== 'ok') return { version: 1, servers: {} };
    try {
      const parsed = FileSchema.safeParse(JSON.parse(read.bytes.toString('utf8')));
      return parsed.success ? parsed.data : { version: 1, servers: {} };
    } catch {
      return { version: 1, servers: {} };
    }
  }
}
