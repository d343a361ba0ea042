// servers.*: the rows of the one read model (UI-1), a reconnect, enable/disable (CFG-7).
import type { AppContract } from '../../../shared/contract';
import { notRunnable } from './refusal';
import type { Handlers } from '../../../shared/rpc';
import type { ApiCore } from '../api/core';
import type { WriterPort } from '../api/ports';
import { isRunnable } from '../api/rows';
import { AppError } from '../../../shared/errors';
import type { EraOverrides } from '../settings/era-overrides';

export type EraOverridesPort = Pick<EraOverrides, 'get' | 'set'>;

type ServerHandlers = Pick<Handlers<AppContract>, 'servers.list' | 'servers.reconnect' | 'servers.setEnabled' | 'servers.eraMode' | 'servers.setEraMode' | 'servers.refreshLists'>;

export function serverHandlers(core: ApiCore, deps: { writer: WriterPort; eras?: EraOverridesPort }): ServerHandlers {
  const eras = (): EraOverridesPort => {
    if (!deps.eras) throw new AppError('unavailable', 'era settings are not wired on this host');
    return deps.eras;
  };
  return {
    // The read model as it is: the writer and the watcher keep it current (DESIGN.md).
    'servers.list': async () => {
      await core.current();
      return core.rows();
    },
    'servers.reconnect': async ({ id }) => {
      const s = core.findServer(id);
      if (!isRunnable(s)) throw notRunnable(s);
      await core.pool().reconnect(id);
      return { server: core.row(id) };
    },
    'servers.eraMode': async ({ id }) => ({ mode: await eras().get(core.findServer(id).spec?.id ?? id) }),
    'servers.setEraMode': async ({ id, mode }) => {
      const s = core.findServer(id);
      await eras().set(s.spec?.id ?? id, mode);
      // A running server speaks the new choice at once (PROTO-1), a connecting one too.
      if (isRunnable(s)) await core.pool().reconnect(id, true);
      return { mode, server: core.row(id) };
    },
    'servers.refreshLists': async ({ id }) => {
      const s = core.findServer(id);
      if (!isRunnable(s)) throw notRunnable(s);
      await core.pool().request(id, async (session) => session.dropListCache());
      return { server: core.row(id) };
    },
    'servers.setEnabled': async ({ id, enabled }) => {
      const s = core.findServer(id);
      const written = await deps.writer.setEnabled(core.selection(), s, enabled);
      if (!written.ok) return written;
      await core.changed(enabled ? `${s.name} enabled` : `${s.name} disabled`);
      return { server: core.row(id) };
    },
  };
}
