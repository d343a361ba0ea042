// Real temp HOME + workspace for config tests; every test gets its own and removes it.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { ConfigService } from '../../../electron/services/config/config-service';

export interface Sandbox {
  root: string;
  home: string;
  ws: string;
  env: NodeJS.ProcessEnv;
  write(path: string, content: unknown): Promise<string>;
  service(env?: NodeJS.ProcessEnv): ConfigService;
  /** CFG-10/SEC-5: trust the workspace (for tests of what a trusted project layer does). */
  trust(workspace?: string): Promise<void>;
  dispose(): Promise<void>;
}

export async function sandbox(): Promise<Sandbox> {
  const root = await mkdtemp(join(tmpdir(), 'mcp-panel-config-'));
  const home = join(root, 'home');
  const ws = join(root, 'ws');
  await mkdir(home, { recursive: true });
  await mkdir(ws, { recursive: true });
  const env: NodeJS.ProcessEnv = { HOME: home, PATH: process.env.PATH };
  return {
    root,
    home,
    ws,
    env,
    async write(path, content) {
      const abs = path.startsWith('/') ? path : join(root, path);
      await mkdir(dirname(abs), { recursive: true });
      await writeFile(abs, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
      return abs;
    },
    service(extra = {}) {
      return new ConfigService({ env: { ...env, ...extra }, cwd: ws });
    },
    async trust(workspace = ws) {
      await new ConfigService({ env, cwd: ws }).trust.trust(workspace);
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}

/**
 * A sandbox made before each test (or once, with 'all') and removed after it. The object
 * returned stays the same; its fields are those of the current sandbox.
 */
export function useSandbox(scope: 'each' | 'all' = 'each', setup?: (sb: Sandbox) => Promise<void>): Sandbox {
  const box = {} as Sandbox;
  const [before, after] = scope === 'each' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    Object.assign(box, await sandbox());
    await setup?.(box);
  });
  after(() => box.dispose());
  return box;
}
