// BRIDGE-4: what `bridge install` replaced, so `bridge uninstall` can put it back and a running
// bridge can find the real entry behind its config line. One file under the panel's data dir,
// read-modify-written under a proper-lockfile lock and replaced atomically (as the name
// registry is). Never a secret: install refuses an entry holding an inline secret (CFG-8), so
// what is kept here is what the agent's file already showed in the open (`${VAR}`, URLs).
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { LayerKindSchema, ProfileSchema, type Profile } from '../../../shared/schemas/server';
import { readBoundedFile } from '../config/read-file';
import { panelDataDir } from '../paths';

const FILE = 'bridge-installs.json';

export const InstallRecordSchema = z.object({
  profile: ProfileSchema,
  server: z.string(),
  layer: LayerKindSchema,
  workspace: z.string().nullable(),
  /** The agent's config file (absolute). */
  file: z.string(),
  installedAt: z.number(),
  /** The entry's value as the agent read it before; undefined when install added the entry. */
  originalValue: z.unknown(),
  /** The exact text of that value in the file (comments and layout included); null when added. */
  originalText: z.string().nullable(),
  /** The bridge entry install wrote. */
  bridgeValue: z.record(z.string(), z.unknown()),
  /**
   * The one span install changed, to undo it byte for byte while the file is exactly as install
   * left it (`afterHash`): replace `after.slice(offset, offset + length)` with `text`.
   */
  undo: z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative(), text: z.string(), afterHash: z.string() }),
});
export type InstallRecord = z.infer<typeof InstallRecordSchema>;

const RecordsFileSchema = z.object({ version: z.literal(1), installs: z.array(InstallRecordSchema) });
type RecordsFile = z.infer<typeof RecordsFileSchema>;

export interface InstallKey {
  profile: Profile;
  server: string;
  /** The agent's config file; without it the newest install of that server for the profile. */
  file?: string;
}

export function installRecordsPath(dataDir: string): string {
  return join(dataDir, FILE);
}

/** A file that cannot be read or parsed holds no records (it is never rewritten over: see update). */
async function readRecords(path: string): Promise<RecordsFile | null> {
  const read = await readBoundedFile(path);
  if (read.state === 'missing') return { version: 1, installs: [] };
  if (read.state !== 'ok') return null;
  try {
    const parsed = RecordsFileSchema.safeParse(JSON.parse(read.bytes.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function matches(r: InstallRecord, key: InstallKey): boolean {
  return r.profile === key.profile && r.server === key.server && (key.file === undefined || r.file === resolve(key.file));
}

/** The install behind a bridge line (the runtime helper's way back to the real entry). */
export async function findInstall(key: InstallKey & { dataDir?: string }): Promise<InstallRecord | undefined> {
  const data = await readRecords(installRecordsPath(key.dataDir ?? panelDataDir()));
  return data?.installs.filter((r) => matches(r, key)).sort((a, b) => b.installedAt - a.installedAt)[0];
}

/**
 * Read-modify-write under the lock. `change` returns the new list, or null to write nothing.
 * A damaged records file is reported, not replaced: the originals it holds are the only copy.
 */
export async function updateInstalls<T>(dataDir: string, change: (installs: InstallRecord[]) => { installs: InstallRecord[] | null; result: T }): Promise<T> {
  const path = installRecordsPath(dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const release = await lockfile.lock(path, { realpath: false, stale: 10_000, retries: { retries: 100, minTimeout: 10, maxTimeout: 100, randomize: true } });
  try {
    const data = await readRecords(path);
    if (!data) throw new Error(`${path} is damaged; move it aside to install bridges again (it holds the entries bridge uninstall restores)`);
    const { installs, result } = change(data.installs);
    if (installs) await writeFileAtomic(path, JSON.stringify({ version: 1, installs }, null, 2) + '\n', { mode: 0o600, fsync: true });
    return result;
  } finally {
    await release().catch(() => undefined);
  }
}

/** Replaces the record of the same (profile, server, file), keeping the others. */
export function putInstall(dataDir: string, rec: InstallRecord): Promise<void> {
  return updateInstalls(dataDir, (all) => ({ installs: [...all.filter((r) => !matches(r, rec)), rec], result: undefined }));
}

export function dropInstall(dataDir: string, key: InstallKey): Promise<void> {
  return updateInstalls(dataDir, (all) => {
    const rest = all.filter((r) => !matches(r, key));
    return { installs: rest.length === all.length ? null : rest, result: undefined };
  });
}
