// What every domain's handlers share inside createApi: the current selection and view, the
// serialised reload, the event hub. Handlers per domain live beside this file.
import type { AppContract, Selection } from '../../../shared/contract';
import type { EventHub } from '../../../shared/rpc';
import type { EffectiveServer, EffectiveView } from '../../../shared/schemas/server';
import type { PoolInfo } from './ports';

export interface ApiCore {
  selection(): Selection;
  view(): EffectiveView | null;
  /** Reload the config (and hand the pool changed servers); one at a time. */
  reload(): Promise<EffectiveView>;
  events: EventHub<AppContract>;
  /** Throws `not-found` with what to do. */
  findServer(id: string): EffectiveServer;
  info(id: string): PoolInfo | undefined;
  log(line: string): void;
  clock(): number;
}
