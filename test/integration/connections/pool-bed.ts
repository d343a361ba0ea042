// What a pool test file sets up again and again: one temp data dir for the file, and pools
// and fixture servers that are all disposed after each test (no process outlives its test).
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ConnectionPool } from '../../../electron/services/connections';
import { type Running, tempDir } from './helpers';

type PoolOptions = ConstructorParameters<typeof ConnectionPool>[0];
type Stoppable = Pick<Running, 'stop'>;

export interface PoolBed {
  /** The file's data dir (made before all tests, removed after them). */
  readonly dir: string;
  /** A pool over that dir with the process env, disposed after the test. */
  newPool(extra?: Partial<PoolOptions>): ConnectionPool;
  /** A fixture server (or anything with a stop), stopped after the test. */
  keep<T extends Stoppable>(server: T): T;
}

export function usePoolBed(prefix?: string): PoolBed {
  let dir: Awaited<ReturnType<typeof tempDir>> | undefined;
  const pools: ConnectionPool[] = [];
  const servers: Stoppable[] = [];
  beforeAll(async () => {
    dir = await tempDir(prefix);
  });
  afterAll(() => dir?.cleanup());
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.dispose()));
    await Promise.all(servers.splice(0).map((s) => s.stop()));
  });
  const path = (): string => {
    if (!dir) throw new Error('usePoolBed: the data dir exists only inside tests');
    return dir.path;
  };
  return {
    get dir() {
      return path();
    },
    newPool(extra = {}) {
      const pool = new ConnectionPool({ dataDir: path(), env: process.env, ...extra });
      pools.push(pool);
      return pool;
    },
    keep(server) {
      servers.push(server);
      return server;
    },
  };
}
