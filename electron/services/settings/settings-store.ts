// UI-9: the panel's own UI settings (theme, language), kept in its data folder so a reload or
// a restart keeps them. A file we cannot read or parse (corrupt, someone else's, too large) is
// never fatal and never rewritten on sight (SEC-3): reads fall back per field to the defaults,
// and the file is replaced only when the user changes a setting.
import { join } from 'node:path';
import { z } from 'zod';
import { PanelSettingsSchema, type PanelSettings } from '../../../shared/contract';
import { readOwnFile, writeOwnFile } from '../own-folder';

export const SETTINGS_FILE = 'settings.json';
export const DEFAULT_SETTINGS: PanelSettings = { theme: 'system', language: 'system' };
// Two short enums: anything larger is not ours.
const MAX_BYTES = 64 * 1024;

// Field by field: a theme the file got right survives a language it got wrong.
const LenientSchema = z.object({
  theme: PanelSettingsSchema.shape.theme.catch(DEFAULT_SETTINGS.theme),
  language: PanelSettingsSchema.shape.language.catch(DEFAULT_SETTINGS.language),
});

export type SettingsPort = Pick<SettingsStore, 'get' | 'set'>;

export class SettingsStore {
  readonly file: string;
  /** Sets run one after another: two quick changes both land, in order. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataDir: string) {
    this.file = join(dataDir, SETTINGS_FILE);
  }

  async get(): Promise<PanelSettings> {
    // SEC-8: through the data folder's check.
    const read = readOwnFile(this.dataDir, this.file, MAX_BYTES);
    if (read.state !== 'ok') return { ...DEFAULT_SETTINGS };
    let raw: unknown;
    try {
      raw = JSON.parse(read.bytes.toString('utf8'));
    } catch {
      return { ...DEFAULT_SETTINGS };
    }
    const parsed = LenientSchema.safeParse(raw);
    return parsed.success ? parsed.data : { ...DEFAULT_SETTINGS };
  }

  set(patch: Partial<PanelSettings>): Promise<PanelSettings> {
    const run = this.queue.then(async () => {
      const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      const next = PanelSettingsSchema.parse({ ...(await this.get()), ...given });
      await writeOwnFile(this.dataDir, this.file, JSON.stringify({ version: 1, ...next }, null, 2) + '\n');
      return next;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
