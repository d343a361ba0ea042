// UI-7 logs (CONN-10): a server's bounded stderr tail and JSON-RPC traffic, as the pool holds them.
import type { AppContract } from '../../../shared/contract';
import type { Handlers } from '../../../shared/rpc';
import type { ApiCore } from '../api/core';

type LogHandlers = Pick<Handlers<AppContract>, 'logs.get'>;

export function logHandlers(core: ApiCore): LogHandlers {
  return {
    'logs.get': ({ id }) => {
      core.findServer(id);
      const pool = core.pool();
      const d = pool.details(id);
      // The pool's own state where it holds the server, else the row's (the config's verdict).
      const info = pool.info(id);
      const state = { state: info?.state ?? core.row(id).state, lastError: info?.lastError ?? null };
      if (!d) return { stderr: [], traffic: [], live: false, pid: null, ...state };
      return { stderr: d.stderrTail, traffic: d.traffic.map((t) => ({ at: t.at, dir: t.dir, kind: t.kind, method: t.method ?? null, ...(t.id === undefined ? {} : { id: t.id }), text: t.text })), live: d.live, pid: d.pid, ...state };
    },
  };
}
