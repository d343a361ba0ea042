// UI-4 permission simulator: PERM-4 runs here, in the host, over the names the selected
// profile gives the discovered tools (the same catalog the Tools view shows).
import type { AppContract } from '../../../shared/contract';
import type { Handlers } from '../../../shared/rpc';
import { simulate } from '../../../shared/permissions/simulate';
import type { ApiCore } from '../api/core';
import { qualified, type CatalogCache } from '../api/tool-catalog';
import { catalogFor } from '../naming/given-catalog';

type PermissionHandlers = Pick<Handlers<AppContract>, 'permissions.simulate'>;

export function permissionHandlers(core: ApiCore, deps: { catalog: CatalogCache }): PermissionHandlers {
  return {
    'permissions.simulate': async ({ rules, tools, defaultDecision, ...input }) => {
      const names = tools ?? qualified(await catalogFor(core, deps.catalog, input)).map((x) => x.name);
      return simulate({ profile: core.selection().profile, rules, tools: names, defaultDecision });
    },
  };
}
