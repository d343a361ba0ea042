// Where a command resolves, the way execvp looks for it: a name with a slash
// is a path (relative to the server's cwd), anything else is searched on PATH in order; a file
// that is there but not executable is skipped, and reported only when nothing better is found.
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';

export type Lookup = { kind: 'found'; file: string } | { kind: 'not-executable'; file: string } | { kind: 'missing' };

export function pathEntries(path: string | undefined): string[] {
  return (path ?? '').split(':').filter((d) => d !== '' && isAbsolute(d));
}

async function check(file: string): Promise<Lookup> {
  try {
    const st = await stat(file);
    if (!st.isFile()) return { kind: 'not-executable', file };
  } catch {
    return { kind: 'missing' };
  }
  try {
    await access(file, constants.X_OK);
    return { kind: 'found', file };
  } catch {
    return { kind: 'not-executable', file };
  }
}

export async function lookupCommand(command: string, path: string | undefined, cwd: string): Promise<Lookup> {
  if (command.includes('/')) return check(resolve(cwd, command));
  let unusable: Lookup | null = null;
  for (const dir of pathEntries(path)) {
    const r = await check(join(dir, command));
    if (r.kind === 'found') return r;
    if (r.kind === 'not-executable') unusable ??= r;
  }
  return unusable ?? { kind: 'missing' };
}
