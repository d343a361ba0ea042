// Recent workspaces for the picker, kept in the panel's data dir (most recent first).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RecentPort } from './ports';

const MAX = 10;

export class RecentWorkspaces implements RecentPort {
  private readonly file: string;
  constructor(dataDir: string) {
    this.file = join(dataDir, 'recent-workspaces.json');
  }

  list(): string[] {
    try {
      const raw: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string').slice(0, MAX) : [];
    } catch {
      return [];
    }
  }

  add(workspace: string): void {
    const next = [workspace, ...this.list().filter((w) => w !== workspace)].slice(0, MAX);
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileSync(this.file, JSON.stringify(next, null, 2) + '\n', { mode: 0o600 });
    } catch {
      // A read-only data dir only costs the recent list; never fail the selection for it.
    }
  }
}
