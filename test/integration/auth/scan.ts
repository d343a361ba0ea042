// Secret-bytes scan for the AUTH-3/AUTH-5 "never in a file" checks.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile()) out.push(p);
    }
  };
  await walk(dir);
  return out;
}

/** Every (file, secret) pair where the secret's bytes appear in the file. */
export async function findSecrets(dirs: string[], secrets: string[]): Promise<string[]> {
  const hits: string[] = [];
  for (const dir of dirs) {
    for (const f of await filesUnder(dir)) {
      // A temp file renamed into place between the listing and the read has nothing to scan:
      // its bytes are in the file it became, which the listing holds too.
      const buf = await readFile(f).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return Buffer.alloc(0);
        throw e;
      });
      for (const s of secrets) if (buf.includes(Buffer.from(s))) hits.push(`${f}: ${s.slice(0, 6)}…`);
    }
  }
  return hits;
}
