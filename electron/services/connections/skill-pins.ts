// SKILL-2 with CONN-11's pins: a skill is instructions loaded into the model, so its files are
// approved like a tool list: on first sight, per server identity (pins.ts: a rename or a copy in
// another agent keeps the approval), and a changed digest (a file rewritten), a new skill or a
// gone one is a change to read before it is accepted. One small JSON file in the data folder,
// read and written through its check (SEC-8: a planted file must not approve a rug pull).
import { join } from 'node:path';
import { readOwnJson, writeOwnFile } from '../own-folder';
import type { PinOwner } from './pins';

/** What a skill is for approval: its files' digests, in order (a `dynamic` skill has none to compare). */
export interface SkillDigest {
  uri: string;
  name: string;
  digests: string[] | 'dynamic';
}

/** A listed skill as its approval compares it. */
export function skillDigest(k: { uri: string; name: string; files: ReadonlyArray<{ uri: string; digest: string }> | 'dynamic' }): SkillDigest {
  return { uri: k.uri, name: k.name, digests: k.files === 'dynamic' ? 'dynamic' : k.files.map((f) => `${f.uri} ${f.digest}`) };
}

export interface SkillsChange {
  added: string[];
  removed: string[];
  changed: string[];
}

interface PinFile {
  version: 1;
  pins: Record<string, { accepted: Record<string, string>; at: number }>;
}

const FILE = 'skill-pins.json';
const MAX_BYTES = 4 * 1024 * 1024;
const keyOf = (s: SkillDigest) => (s.digests === 'dynamic' ? 'dynamic' : s.digests.join(' '));

/** One queue per pins file: the pool's and the handlers' instances never write over each other. */
const queues = new Map<string, Promise<unknown>>();

export class SkillPins {
  constructor(
    private readonly dataDir: string,
    private readonly now: () => number = Date.now,
  ) {}

  private read(): PinFile {
    const raw = readOwnJson(this.dataDir, join(this.dataDir, FILE), MAX_BYTES) as PinFile | undefined;
    return raw && raw.version === 1 && raw.pins && typeof raw.pins === 'object' ? raw : { version: 1, pins: {} };
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const key = join(this.dataDir, FILE);
    const next = (queues.get(key) ?? Promise.resolve()).then(fn, fn);
    queues.set(key, next.catch(() => undefined));
    return next;
  }

  /** The change since the approved skills; the first sight of a server is approved (trust on first use). */
  check(owner: PinOwner, skills: readonly SkillDigest[]): Promise<SkillsChange | null> {
    return this.serial(async () => {
      const file = this.read();
      const pin = file.pins[owner.identity];
      if (!pin) {
        file.pins[owner.identity] = { accepted: Object.fromEntries(skills.map((s) => [s.uri, keyOf(s)])), at: this.now() };
        await writeOwnFile(this.dataDir, join(this.dataDir, FILE), `${JSON.stringify(file)}\n`);
        return null;
      }
      const now = new Map(skills.map((s) => [s.uri, keyOf(s)]));
      const change: SkillsChange = {
        added: skills.filter((s) => !(s.uri in pin.accepted)).map((s) => s.uri),
        removed: Object.keys(pin.accepted).filter((u) => !now.has(u)),
        changed: skills.filter((s) => s.uri in pin.accepted && pin.accepted[s.uri] !== keyOf(s)).map((s) => s.uri),
      };
      return change.added.length || change.removed.length || change.changed.length ? change : null;
    });
  }

  /** Approves the skills as they are now, for every entry running this server. */
  accept(owner: PinOwner, skills: readonly SkillDigest[]): Promise<void> {
    return this.serial(async () => {
      const file = this.read();
      file.pins[owner.identity] = { accepted: Object.fromEntries(skills.map((s) => [s.uri, keyOf(s)])), at: this.now() };
      await writeOwnFile(this.dataDir, join(this.dataDir, FILE), `${JSON.stringify(file)}\n`);
    });
  }
}
