// Temp folders with real scripts for the launch doctor's tests: every case is a real command
// that really fails, in a folder removed afterwards.
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface Scratch {
  root: string;
  /** Writes `body` at `rel` (mode 0755 unless given) and answers its absolute path. */
  script(rel: string, body: string, mode?: number): Promise<string>;
  json(rel: string, value: unknown): Promise<string>;
  dispose(): Promise<void>;
}

export async function scratch(prefix = 'mcp-panel-doctor-'): Promise<Scratch> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  const put = async (rel: string, body: string, mode: number): Promise<string> => {
    const file = join(root, rel);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, body);
    await chmod(file, mode);
    return file;
  };
  return {
    root,
    script: (rel, body, mode = 0o755) => put(rel, body, mode),
    json: (rel, value) => put(rel, JSON.stringify(value, null, 2), 0o644),
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}
