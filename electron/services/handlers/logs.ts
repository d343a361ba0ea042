// UI-7 logs (CONN-10): a server's bounded stderr tail and JSON-RPC traffic, as the pool holds them.
import type { AppContract } from '../../../shared/contract';
import type { Handlers } from '../../../shared/rpc';
import type { ApiCore } from '../api/core';

type LogHandlers = Pick<Handlers<AppContract>, 'logs.get'>;

export function logHandlers(core: ApiCore): LogHandlers {
  return {
    'logs.get': ({ id }) => {
      core.findServer(id);
      const d = core.pool().details(id);
      if (!d) return { stderr: [], traffic: [], live: false, pid: null };
      return { stderr: d.stderrTail, traffic: d.traffic.map((t) => ({ at: t.at, dir: t.dir, kind: t.kind, method: t.method ?? null, text: t.text })), live: d.live, pid: d.pid };
    },
  };
}
