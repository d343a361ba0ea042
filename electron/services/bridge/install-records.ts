// BRIDGE-4: what `bridge install` replaced, so `bridge uninstall` can put it back and a running
// bridge can find the real entry behind its config line. One file under the panel's data dir,
// read-modify-written under a proper-lockfile lock and replaced atomically (as the name
// registry is). Never a secret: install refuses an entry holding an inline secret (CFG-8), so
// what is kept here is what the agent's file already showed in the open (`${VAR}`, URLs).
// SEC-8: read only through the data folder's check: uninstall writes back the text a record
// holds, so a record another user could write is refused, never honoured.
import { dirname, join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';
import { z } from 'zod';
import { LayerKindSchema, ProfileSchema, type Profile } from '../../../shared/schemas/server';
import { ownFolder, readOwnFile, writeOwnFile } from '../own-folder';
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
  originalValue: z.unknown().optional(),
  /** The exact text of that value in a JSON file (comments and layout included); null when added, or in TOML/YAML. */
  originalText: z.string().nullable(),
  /** Install replaced an entry (absent in records from before TOML/YAML: then `originalText !== null` says it). */
  replaced: z.boolean().optional(),
  /** The bridge entry install wrote. */
  bridgeValue: z.record(z.string(), z.unknown()),
  /**
   * The one span install changed, to undo it byte for byte while the file is exactly as install
   * left it (`afterHash`): replace `after.slice(offset, offset + length)` with `text`.
   */
  undo: z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative(), text: z.string(), afterHash: z.string() }),
});
export type InstallRecord = z.infer<typeof InstallRecordSchema>;

export interface InstallKey {
  profile: Profile;
  server: string;
  /** The agent's config file; without it the newest install of that server for the profile. */
  file?: string;
}

export function installRecordsPath(dataDir: string): string {
  return join(dataDir, FILE);
}

/**
 * A file that cannot be read or parsed holds no records (it is never rewritten over: see
 * updateRecordsFile). The records files sit in the data folder itself, which is `path`'s folder.
 */
async function readRecordsFile<R>(path: string, schema: z.ZodType<R>): Promise<{ installs: R[] } | null> {
  const read = readOwnFile(dirname(path), path);
  if (read.state === 'missing') return { installs: [] };
  if (read.state !== 'ok') return null;
  try {
    const parsed = z.object({ version: z.literal(1), installs: z.array(schema) }).safeParse(JSON.parse(read.bytes.toString('utf8')));
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
  const data = await readRecordsFile(installRecordsPath(key.dataDir ?? panelDataDir()), InstallRecordSchema);
  return data?.installs.filter((r) => matches(r, key)).sort((a, b) => b.installedAt - a.installedAt)[0];
}

/** Every record of a records file (none when it is missing; null when it is damaged). */
export function readRecords<R>(path: string, schema: z.ZodType<R>): Promise<R[] | null> {
  return readRecordsFile(path, schema).then((d) => d?.installs ?? null);
}

/**
 * Read-modify-write of a records file (this one, and AGENT-3's server installs) under the lock.
 * `change` returns the new list, or null to write nothing. A damaged file is reported, not
 * replaced: the originals it holds are the only copy.
 */
export async function updateRecordsFile<R, T>(path: string, schema: z.ZodType<R>, change: (installs: R[]) => { installs: R[] | null; result: T }): Promise<T> {
  ownFolder(dirname(path));
  const release = await lockfile.lock(path, { realpath: false, stale: 10_000, retries: { retries: 100, minTimeout: 10, maxTimeout: 100, randomize: true } });
  try {
    const data = await readRecordsFile(path, schema);
    if (!data) throw new Error(`${path} is damaged; move it aside to install again (it holds the entries uninstall restores)`);
    const { installs, result } = change(data.installs);
    if (installs) await writeOwnFile(dirname(path), path, JSON.stringify({ version: 1, installs }, null, 2) + '\n');
    return result;
  } finally {
    await release().catch(() => undefined);
  }
}

export function updateInstalls<T>(dataDir: string, change: (installs: InstallRecord[]) => { installs: InstallRecord[] | null; result: T }): Promise<T> {
  return updateRecordsFile(installRecordsPath(dataDir), InstallRecordSchema, change);
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
