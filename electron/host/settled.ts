// CONN-3 for one-shot answers: the CLI has no next discovery round, so it answers once no
// server is still connecting (or at the deadline). Woken by the engine's own state events, not
// by polling. Used in-process (cli/panel-call.ts) and by the panel socket for the CLI's calls.
import type { PanelApi } from '../services/api';

/**
 * A one-shot command has no next discovery round (CONN-3): a server that misses its budget is
 * waited for until it answers or fails for its own reason (each attempt is bounded by its own
 * startup timeout: kimi's, else the pool's 30 s); this caps the command as a whole.
 */
export const ONE_SHOT_SETTLE_MS = 60_000;

export function settled(api: Pick<PanelApi, 'pending' | 'events'>, withinMs: number): Promise<void> {
  const pending = () => api.pending();
  if (!pending()) return Promise.resolve();
  return new Promise<void>((done) => {
    const finish = () => {
      clearTimeout(deadline);
      off();
      done();
    };
    const deadline = setTimeout(finish, withinMs);
    const off = api.events.subscribe((event) => {
      if ((event === 'servers.stateChanged' || event === 'servers.changed') && !pending()) finish();
    });
  });
}
