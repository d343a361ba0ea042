// UI-4 permission simulator: PERM-4 runs here, in the host, over the names the selected
// profile gives the discovered tools (the same catalog the Tools view shows), with the rules
// of the agent's own files (../permissions/rule-files.ts) unless the caller gives them.
import type { AppContract } from '../../../shared/contract';
import type { Handlers } from '../../../shared/rpc';
import { simulate } from '../../../shared/permissions/simulate';
import { mergeLayers, sourceOf, type MergedRules } from '../../../shared/permissions/layers';
import type { ApiCore } from '../api/core';
import { defKey, qualified, type CatalogCache } from '../api/tool-catalog';
import type { KnownTool, ToolHints } from '../../../shared/permissions/syntax';
import type { RuleRef } from '../../../shared/permissions/rules';
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
      // What the catalog knows of each name (server as configured, raw tool, annotations): Codex
      // decides by annotations, Gemini by the server a tool came from.
      const known = new Map<string, KnownTool>();
      let names = tools;
      if (!names) {
        const cat = await catalogFor(core, deps.catalog, input);
        const rows = qualified(cat).filter((x) => !x.row.synthetic);
        for (const { row, name } of rows) known.set(name, { server: row.serverName, tool: row.tool, hints: (cat.defs.get(defKey(row.serverId, row.tool))?.annotations as ToolHints | undefined) ?? null });
        names = qualified(cat).map((x) => x.name);
      }
      const given = layers ?? (rules ? null : await files.effective(core.selection()));
      const merged: MergedRules | null = rules ? null : mergeLayers(given!);
      // Most local first: a more local file's setting wins where the agent ranks rules itself.
      const rank = new Map((given ?? []).map((l, i, all) => [l.path, all.length - 1 - i]));
      const precedence = (r: RuleRef) => rank.get(sourceOf(merged, r.list, r.index)?.path ?? '') ?? 0;
      const sim = simulate({ profile: core.selection().profile, rules: rules ?? merged!.rules, tools: names, defaultDecision, known, precedence });
      return { ...sim, rules: sim.rules.map((r) => ({ ...r, source: sourceOf(merged, r.list, r.index) })) };
    },
  };
}
