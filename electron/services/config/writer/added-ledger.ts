// Issue 42: what the panel itself added to an agent's file (a switch flag, a list and the objects
// holding it), so the way back removes exactly that and nothing of the user's. Why a record and
// not the text alone: after `disable`, `"enabled": false` at the end of an entry reads the same
// whether the panel added it or flipped the user's own `"enabled": true` there (Goose writes every
// entry's flag at that place, Codex after the command); only a record tells which way back gives
// the original bytes. A record alone is not trusted either: the member must still be byte for
// byte what the panel wrote (switch-op.ts, list-ops.ts), else the user's edit wins.
// One file under the panel's data dir, read and replaced under its lock (bridge/install-records.ts).
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { readRecords, updateRecordsFile } from '../../bridge/install-records';

const FILE = 'added-members.json';

const AddedSchema = z.object({
  /** The agent's file (absolute). */
  file: z.string(),
  /** What the edit is about: the flag's path, or the list's path. */
  of: z.array(z.string()),
  /** The member the panel added: the flag itself, or the outermost object it created for the list. */
  created: z.array(z.string()),
});
type Added = z.infer<typeof AddedSchema>;

type Path = readonly string[];
const same = (a: Path, b: Path): boolean => a.length === b.length && a.every((s, i) => s === b[i]);
const under = (p: Path, prefix: Path): boolean => prefix.length <= p.length && prefix.every((s, i) => s === p[i]);

/** The records of one file, changed in memory by the pure edits and saved after a write. */
export class AddedLedger {
  private records: Added[];
  changed = false;

  constructor(
    readonly file: string,
    records: readonly Added[] = [],
  ) {
    this.records = records.filter((r) => r.file === file);
  }

  /** The member the panel added for `of`, if it did. */
  created(of: Path): string[] | undefined {
    return this.records.find((r) => same(r.of, of))?.created;
  }

  put(of: Path, created: Path): void {
    this.drop(of);
    this.records.push({ file: this.file, of: [...of], created: [...created] });
    this.changed = true;
  }

  drop(of: Path): void {
    const rest = this.records.filter((r) => !same(r.of, of));
    if (rest.length !== this.records.length) this.changed = true;
    this.records = rest;
  }

  /** A renamed or removed entry takes its records along (to: null drops them). */
  move(from: Path, to: Path | null): void {
    const moved = this.records.flatMap((r) => {
      if (!under(r.of, from)) return [r];
      if (to === null) return [];
      const swap = (p: string[]) => (under(p, from) ? [...to, ...p.slice(from.length)] : p);
      return [{ ...r, of: swap(r.of), created: swap(r.created) }];
    });
    if (JSON.stringify(moved) !== JSON.stringify(this.records)) this.changed = true;
    this.records = moved;
  }

  get all(): readonly Added[] {
    return this.records;
  }
}

const ledgerPath = (dataDir: string) => join(dataDir, FILE);

/** The file's records; a missing or damaged records file holds none (the edits then flip in place). */
export async function loadLedger(dataDir: string, file: string): Promise<AddedLedger> {
  return new AddedLedger(resolve(file), (await readRecords(ledgerPath(dataDir), AddedSchema).catch(() => null)) ?? []);
}

export function saveLedger(dataDir: string, ledger: AddedLedger): Promise<void> {
  return updateRecordsFile(ledgerPath(dataDir), AddedSchema, (all) => ({ installs: [...all.filter((r) => r.file !== ledger.file), ...ledger.all], result: undefined }));
}
