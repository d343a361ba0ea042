// What every prefix's handlers (services/handlers/) share inside createApi: the one read model (read-model.ts),
// the event hub, and the one way to say "the servers changed" (the view rides on the event,
// so no page refetches after it).
import type { AppContract, Selection, ServerRow, ServersView } from '../../../shared/contract';
import type { EventHub } from '../../../shared/rpc';
import type { EffectiveServer } from '../../../shared/schemas/server';
import type { PoolInfo, PoolPort } from './ports';
import type { InputDesk } from '../inputs/desk';
import type { ReadModel } from './read-model';

export interface ApiCore extends Pick<ReadModel, 'selection' | 'view' | 'current'> {
  events: EventHub<AppContract>;
  /** After a write by this host: one load, then `servers.changed` carrying the new view. */
  changed(reason: string): Promise<void>;
  /** `servers.changed` with the view as it is (nothing in the files changed: a login, a logout). */
  announce(reason: string): void;
  /** profiles.select: a new selection, loaded, announced and watched. */
  select(next: Selection): Promise<void>;
  /** The page's rows of the read model (after `current()` resolved). */
  rows(): ServersView;
  /** One server's row as `rows()` would show it now (what an action on it answers). */
  row(id: string): ServerRow;
  /** The pool of the selection's workspace (replaced on a workspace switch: ask each time). */
  pool(): PoolPort;
  /** Throws `not-found` with what to do. */
  findServer(id: string): EffectiveServer;
  info(id: string): PoolInfo | undefined;
  log(line: string): void;
  /** PROTO-3: what servers ask the person while the page's requests to them run. */
  inputs: Pick<InputDesk, 'during'>;
  clock(): number;
  /** CONN-3 budgets × this in the "no tools this turn" verdict (connections/options.ts budgetScale). */
  budgetScale: number;
}
