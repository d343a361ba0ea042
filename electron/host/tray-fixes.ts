// UI-10: runs one tray fix through the same methods the page uses (plain Node: the Electron tray
// and the tests call it alike). Each applies for every agent at once because of what it changes:
// a login keeps the server's tokens in the keychain by its URL, which every agent's entry and
// bridge use; a review's approval is the server's (pins); trust covers the workspace in every
// profile. A fix that needs the person (reading a changed list, a launch diagnosis) opens the
// page on it (`app.navigate`).
import type { AppContract } from '../../shared/contract';
import type { Bridge, EventHub } from '../../shared/rpc';
import type { TrayFixAction } from '../../shared/tray-fixes';

export interface FixDeps {
  /** The contract's client in the host's process (electron/host/in-process-client.ts). */
  client: Bridge<AppContract>;
  events: Pick<EventHub<AppContract>, 'emit'>;
  workspace: () => string | null;
}

/** What the fix did: ok, or the host's error as the page would show it. */
export async function runTrayFix(fix: TrayFixAction, deps: FixDeps): Promise<{ ok: true } | { ok: false; message: string }> {
  const done = (r: { ok: boolean; error?: { message: string } }) => (r.ok ? ({ ok: true } as const) : ({ ok: false, message: r.error?.message ?? 'failed' } as const));
  switch (fix.kind) {
    case 'login':
      return done(await deps.client.call('auth.login', { id: fix.id }));
    case 'bridge':
      return done(await deps.client.call('bridges.install', { id: fix.id }));
    case 'trust': {
      const workspace = deps.workspace();
      if (!workspace) return { ok: false, message: 'no workspace is open' };
      return done(await deps.client.call('workspace.trust', { workspace, trusted: true }));
    }
    case 'review':
    case 'skills':
    case 'doctor':
      deps.events.emit('app.navigate', { serverId: fix.id, show: fix.kind });
      return { ok: true };
  }
}
