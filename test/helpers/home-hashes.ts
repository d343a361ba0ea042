// What an undo must give back, byte for byte (AGENT-3): the sha256 of every file under a home,
// but the panel's own data folder and the CLI's code cache, which an install and its undo may
// change on purpose (records, catalogues).
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

export async function homeHashes(dir: string, root = dir, out: Record<string, string> = {}): Promise<Record<string, string>> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== '.mcp-panel' && relative(root, p) !== join('.cache', 'mcp-panel')) await homeHashes(p, root, out);
    } else out[relative(root, p)] = createHash('sha256').update(await readFile(p)).digest('hex');
  }
  return out;
}
