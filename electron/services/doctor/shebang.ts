// A script's `#!` line names an interpreter; when it is not there the kernel answers ENOENT for
// the script itself (Node says `spawn ./server ENOENT` of a file that plainly exists), and
// `#!/usr/bin/env NAME` without NAME on PATH exits 127 at once. Both are named here.
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { lookupCommand } from './lookup';

/** The first line of `file` after `#!`, or null when it has none (a binary, an unreadable file). */
export async function readShebang(file: string): Promise<string | null> {
  let fh;
  try {
    fh = await open(file, 'r');
    const buf = Buffer.alloc(512);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const head = buf.subarray(0, bytesRead).toString('utf8');
    if (!head.startsWith('#!')) return null;
    return head.slice(2).split('\n')[0]!.trim();
  } catch {
    return null;
  } finally {
    await fh?.close();
  }
}

/** The interpreter `file` names that cannot be found, as written after `#!`; null when fine. */
export async function missingInterpreter(file: string, path: string | undefined, cwd: string): Promise<string | null> {
  const line = await readShebang(file);
  if (!line) return null;
  const [interp, ...rest] = line.split(/\s+/);
  if (!interp) return null;
  const found = await lookupCommand(interp, undefined, cwd);
  if (found.kind !== 'found') return interp;
  if (basename(interp) !== 'env') return null;
  // `env -S node --flag` and `env node`: the first word that is not an option is the program.
  const program = rest.find((w) => !w.startsWith('-'));
  if (!program || program.includes('=')) return null;
  const viaPath = await lookupCommand(program, path, cwd);
  return viaPath.kind === 'found' ? null : `${interp} ${program}`;
}
