// UI-5 disclosure and tool_search (DISC-1, DISC-2, DISC-4) over the selection's catalog.
import type { AppContract } from '../../../shared/contract';
import type { Handlers } from '../../../shared/rpc';
import { resolveDisclosureOptions } from '../../../shared/disclosure/options';
import { planDisclosure, profileDeferral } from '../../../shared/disclosure/plan';
import { ToolSearchIndex } from '../../../shared/disclosure/search';
import type { ApiCore } from '../api/core';
import { defKey, qualified, type CatalogCache } from '../api/tool-catalog';

type DisclosureHandlers = Pick<Handlers<AppContract>, 'disclosure.plan' | 'disclosure.search'>;

interface DisclosureDeps {
  catalog: CatalogCache;
  /** DISC-1: `MAVIS_MCP_TOOL_SEARCH_*` come from the host's environment. */
  env: Record<string, string | undefined>;
}

export function disclosureHandlers(core: ApiCore, deps: DisclosureDeps): DisclosureHandlers {
  return {
    'disclosure.plan': async ({ model, contextWindow }) => {
      const c = await deps.catalog.build();
      const resolved = resolveDisclosureOptions({ env: deps.env });
      const plan = planDisclosure({
        tools: qualified(c).map(({ row, name }) => ({
          name,
          server: row.serverName,
          source: c.view.servers.find((s) => s.id === row.serverId)?.source ?? 'configured',
          definition: c.defs.get(defKey(row.serverId, row.tool)) ?? { name: row.tool },
        })),
        model,
        contextWindow,
        options: resolved.options,
      });
      const profile = c.view.profile;
      const anyDeferred = (core.view()?.servers ?? []).some((s) => profileDeferral(profile, s).deferred);
      const profileNote =
        profile === 'kimi'
          ? anyDeferred
            ? 'kimi: servers marked "deferred": true load their tools through select_tools (DISC-3)'
            : 'kimi: no server is marked "deferred"; the plan above is minimax’s rule, shown for comparison'
          : profile === 'minara'
            ? 'minara: every MCP tool carries defer_loading (DISC-3); the plan above is minimax’s rule'
            : null;
      return {
        ...plan,
        options: {
          enabled: resolved.options.enabled,
          thresholdPct: resolved.options.thresholdPct,
          minDeferCount: resolved.options.minDeferCount,
          modelWhitelist: [...resolved.options.modelWhitelist],
          origins: Object.fromEntries(resolved.table.map((r) => [r.key, r.origin])),
        },
        profileNote,
      };
    },
    'disclosure.search': async ({ query, mode, topK }) => {
      const c = await deps.catalog.build();
      const resolved = resolveDisclosureOptions({ env: deps.env }).options;
      const index = new ToolSearchIndex(
        qualified(c).map(({ row, name }) => {
          const def = c.defs.get(defKey(row.serverId, row.tool));
          return { name, description: def?.description ?? '', inputSchema: def?.inputSchema ?? {} };
        }),
        { topKDefault: resolved.topKDefault, topKMax: resolved.topKMax, maxSchemaTextLen: resolved.maxSchemaTextLen },
      );
      const r = index.search(query, { mode, topK });
      if (!r.ok) return { ok: false, mode, results: [], error: r.error };
      return { ok: true, mode: r.mode, results: r.results.map((x) => ({ name: x.name, score: x.score, description: x.definition.description, truncated: x.definition.truncated })), error: null };
    },
  };
}
