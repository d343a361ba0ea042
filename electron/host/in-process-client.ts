// The contract's client over a dispatcher in this process (issue 36 item 3): the tray and the CLI
// without a running panel call the methods the way the page does, so every answer is checked
// against the contract and typed per method, and each caller names its host.
import { contract, type AppContract } from '../../shared/contract';
import { createClient, type Bridge, type CallContext, type Dispatch, type EventHub } from '../../shared/rpc';

export function inProcessClient(services: { dispatch: Dispatch; api: { events: Pick<EventHub<AppContract>, 'subscribe'> } }, host: CallContext['host']): Bridge<AppContract> {
  const ctx: CallContext = { host };
  return createClient(contract, { invoke: (method, input) => services.dispatch(method, input, ctx), subscribe: (listener) => services.api.events.subscribe(listener) });
}
