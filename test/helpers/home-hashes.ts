// What an undo must give back, byte for byte (AGENT-3): the sha256 of every file under a home,
// but the panel's own data folder and the CLI's code cache, which an install and its undo may
// change on purpose (records, catalogues). And where a secret must not be: every file holding a text.
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

/** Every file under `dir` (data folders included) that holds `text`: a secret's value must be in none. */
export async function filesHolding(dir: string, text: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && (await readFile(join(e.parentPath, e.name))).includes(text)) out.push(relative(dir, join(e.parentPath, e.name)));
  }
  return out;
}
