// The contract's client over a dispatcher in this process (issue 36 item 3): the tray and the CLI
// without a running panel call the methods the way the page does, so every answer is checked
// against the contract and typed per method, and each caller names its host.
import { contract, type AppContract } from '../../shared/contract';
import { createClient, type Bridge, type CallContext, type Dispatch, type EventHub } from '../../shared/rpc';

/** `onInvalid`: an event whose payload the contract refuses (it reaches no listener). */
export function inProcessClient(
  services: { dispatch: Dispatch; api: { events: Pick<EventHub<AppContract>, 'subscribe'> } },
  host: CallContext['host'],
  onInvalid?: (event: string, detail: string) => void,
): Bridge<AppContract> {
  const ctx: CallContext = { host };
  return createClient(contract, { invoke: (method, input) => services.dispatch(method, input, ctx), subscribe: (listener) => services.api.events.subscribe(listener) }, onInvalid);
}
