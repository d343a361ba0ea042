// Recent workspaces for the picker, kept in the panel's data dir (most recent first); read and
// written through the data folder's check (SEC-8).
import { join } from 'node:path';
import { readOwnJson, writeOwnFileSync } from '../own-folder';
import type { RecentPort } from './ports';

const MAX = 10;
const MAX_BYTES = 64 * 1024;

export class RecentWorkspaces implements RecentPort {
  private readonly file: string;
  constructor(private readonly dataDir: string) {
    this.file = join(dataDir, 'recent-workspaces.json');
  }

  list(): string[] {
    const raw = readOwnJson(this.dataDir, this.file, MAX_BYTES);
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string').slice(0, MAX) : [];
  }

  add(workspace: string): void {
    const next = [workspace, ...this.list().filter((w) => w !== workspace)].slice(0, MAX);
    try {
      writeOwnFileSync(this.dataDir, this.file, JSON.stringify(next, null, 2) + '\n');
    } catch {
      // A read-only data dir only costs the recent list; never fail the selection for it.
    }
  }
}
