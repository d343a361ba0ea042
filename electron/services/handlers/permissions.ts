// UI-4 permission simulator: PERM-4 runs here, in the host, over the names the selected
// profile gives the discovered tools (the same catalog the Tools view shows), with the rules
// of the agent's own files (../permissions/rule-files.ts) unless the caller gives them.
import type { AppContract } from '../../../shared/contract';
import type { Handlers } from '../../../shared/rpc';
import { simulate } from '../../../shared/permissions/simulate';
import { mergeLayers, sourceOf, type MergedRules } from '../../../shared/permissions/layers';
import type { ApiCore } from '../api/core';
import { qualified, type CatalogCache } from '../api/tool-catalog';
import { catalogFor } from '../naming/given-catalog';
import { ConfigWriter } from '../config/writer';
import { RuleFiles } from '../permissions/rule-files';

type PermissionHandlers = Pick<Handlers<AppContract>, 'permissions.simulate' | 'permissions.read' | 'permissions.save'>;

export interface PermissionDeps {
  catalog: CatalogCache;
  env: Record<string, string | undefined>;
  /** CFG-10: project layers are read into the simulation, and written, only when trusted. */
  isTrusted?: (workspace: string) => Promise<boolean>;
}

export function permissionHandlers(core: ApiCore, deps: PermissionDeps): PermissionHandlers {
  const env = deps.env as NodeJS.ProcessEnv;
  const files = new RuleFiles({ writer: new ConfigWriter({ env }), env, isTrusted: deps.isTrusted });
  return {
    'permissions.read': async () => ({ layers: await files.read(core.selection()) }),
    'permissions.save': async ({ layer, rules, baseHash, overwrite }) => {
      const out = await files.save(core.selection(), layer, rules, baseHash, overwrite);
      if (out.changed) core.log(`permissions of the ${layer} layer saved to ${out.path}`);
      return out;
    },
    'permissions.simulate': async ({ rules, layers, tools, defaultDecision, ...input }) => {
      const names = tools ?? qualified(await catalogFor(core, deps.catalog, input)).map((x) => x.name);
      const merged: MergedRules | null = rules ? null : mergeLayers(layers ?? (await files.effective(core.selection())));
      const sim = simulate({ profile: core.selection().profile, rules: rules ?? merged!.rules, tools: names, defaultDecision });
      return { ...sim, rules: sim.rules.map((r) => ({ ...r, source: sourceOf(merged, r.list, r.index) })) };
    },
  };
}
