// BRIDGE-4 over the api: the offer for a server row, install/uninstall of the bridge line in
// the selection's agent file, and the bridges running now. Refusals cross as codes
// (data.reason, data.params) that the page words from the bridges catalogue.
import type { AppContract } from '../../../shared/contract';
import { AppError, type RpcError } from '../../../shared/errors';
import { err, type Err } from '../../../shared/result';
import type { Handlers } from '../../../shared/rpc';
import type { ApiCore } from '../api/core';
import { toSharedError } from '../config/writer';
import type { BridgeError } from '../bridge/install';
import type { BridgeService } from '../bridge/install-service';

type BridgesHandlers = Pick<Handlers<AppContract>, 'bridges.advice' | 'bridges.install' | 'bridges.uninstall' | 'bridges.list'>;

/** What the api needs of the service (compose.ts wires createBridgeService; tests may fake it). */
export type BridgesPort = Pick<BridgeService, 'offer' | 'install' | 'uninstall' | 'list' | 'watch'>;

/** The installer's refusal in the contract's terms (a writer refusal as the writer words it). */
function refusal(e: BridgeError): Err<RpcError> {
  if (e.code === 'write' && e.write) return err(toSharedError(e.write));
  const code = e.code === 'unknown_server' || e.code === 'not_installed' ? 'not-found' : 'refused';
  return err({ code, message: e.message, data: { reason: e.code, params: e.params } });
}

export function bridgesHandlers(core: ApiCore, bridges: BridgesPort | undefined): BridgesHandlers {
  const need = (): BridgesPort => {
    if (!bridges) throw new AppError('unavailable', 'bridges are not wired on this host');
    return bridges;
  };
  const scope = () => {
    const { profile, workspace } = core.selection();
    return { profile, workspace };
  };
  return {
    'bridges.advice': async ({ id }) => {
      await core.current();
      const server = core.findServer(id);
      // The one verdict (agent-view/) says why; the offer keeps the reasons the bridge fixes.
      const issues = core.rows().servers.find((r) => r.id === id)?.agent?.issues ?? [];
      return need().offer(scope(), server, issues);
    },
    'bridges.install': async ({ id, layer }) => {
      await core.current();
      const server = core.findServer(id);
      const r = await need().install(scope(), server.name, layer ?? server.layer);
      if (!r.ok) return refusal(r.error);
      const out = r.value;
      if (out.changed) await core.changed(`${server.name} now goes through the bridge`);
      return out;
    },
    'bridges.uninstall': async ({ id, layer }) => {
      await core.current();
      const server = core.findServer(id);
      const r = await need().uninstall(scope(), server.name, layer ?? server.layer);
      if (!r.ok) return refusal(r.error);
      await core.changed(`${server.name} restored from the bridge`);
      return r.value;
    },
    'bridges.list': async () => ({ bridges: await need().list() }),
  };
}
