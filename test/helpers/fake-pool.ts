// The one stand-in pool for api tests (PoolPort): records what the api hands it, and lets a
// test push a state as the real pool's `stateChanged` would.
import type { ConnectionSpec, ToolDef } from '../../shared/schemas/server';
import type { PoolInfo, PoolPort } from '../../electron/services/api';

export type FakePool = PoolPort & { given: ConnectionSpec[][]; reconnected: string[]; disposed: number };

/** `defs`: the tools each server id lists once discovered (none by default); `raw`: before the CONN-8 filter (defs when absent). */
export function fakePool(defs: Record<string, ToolDef[]> = {}, raw: Record<string, ToolDef[]> = {}): { pool: FakePool; set(id: string, info: PoolInfo): void } {
  const infos = new Map<string, PoolInfo>();
  let listener: (id: string, info: PoolInfo) => void = () => {};
  const pool: FakePool = {
    given: [],
    reconnected: [],
    disposed: 0,
    setServers: (specs) => void pool.given.push(specs),
    discover: async () => undefined,
    reconnect: async (id) => void pool.reconnected.push(id),
    info: (id) => infos.get(id),
    details: () => undefined,
    tools: async (id) => defs[id] ?? [],
    rawTools: async (id) => raw[id] ?? defs[id] ?? [],
    callTool: async () => ({ isError: false, content: [] }),
    acceptSnapshot: async () => null,
    request: async () => {
      throw new Error('the fake pool has no sessions');
    },
    onStateChanged: (l) => {
      listener = l;
      return () => (listener = () => {});
    },
    dispose: () => void pool.disposed++,
  };
  const set = (id: string, info: PoolInfo) => {
    infos.set(id, info);
    listener(id, info);
  };
  return { pool, set };
}
