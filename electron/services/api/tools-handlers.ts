// UI-3 tools, UI-4 permission simulator (PERM-4 runs here, in the host), UI-5 disclosure and
// tool_search (DISC-1, DISC-2, DISC-4).
import type { AppContract } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import type { Handlers } from '../../../shared/rpc';
import { simulate } from '../../../shared/permissions/simulate';
import { resolveDisclosureOptions } from '../../../shared/disclosure/options';
import { planDisclosure, profileDeferral } from '../../../shared/disclosure/plan';
import { ToolSearchIndex } from '../../../shared/disclosure/search';
import type { ApiCore } from './core';
import type { RegistryPort, ToolsPort } from './ports';
import { buildCatalog, defKey, describeTool, type Catalog } from './tool-catalog';
import { isRunnable } from './rows';

type ToolHandlers = Pick<Handlers<AppContract>, 'tools.list' | 'tools.describe' | 'tools.call' | 'tools.acceptSnapshot' | 'permissions.simulate' | 'disclosure.plan' | 'disclosure.search'>;

export interface ToolDeps {
  tools: ToolsPort | null;
  registry: RegistryPort | null;
  /** DISC-1: `MAVIS_MCP_TOOL_SEARCH_*` come from the host's environment. */
  env: Record<string, string | undefined>;
}

export function toolHandlers(core: ApiCore, deps: ToolDeps): ToolHandlers {
  const need = (): ToolsPort => {
    if (!deps.tools) throw new AppError('unavailable', 'connections are not available on this host; tools cannot be listed or called');
    return deps.tools;
  };
  // The last catalog built: tools.describe reads its naming warnings instead of renaming every
  // tool of every server again (≈0.3 s for 10,000 tools) each time the user selects a row.
  let last: Catalog | null = null;
  const catalog = async () => (last = await buildCatalog(core, deps.tools, deps.registry));
  const qualified = (c: Awaited<ReturnType<typeof catalog>>) => c.view.tools.map((t) => ({ row: t, name: t.names[c.view.profile] })).filter((x): x is { row: typeof x.row; name: string } => x.name !== null);

  return {
    'tools.list': async () => (await catalog()).view,
    'tools.describe': async ({ serverId, tool }) => {
      const s = core.findServer(serverId);
      // The definition is read fresh from the pool; the warnings come from the list the user sees.
      const def = (await need().tools(serverId)).find((t) => t.name === tool);
      if (!def) throw new AppError('not-found', `"${s.name}" has no tool "${tool}" now; refresh the tool list`);
      const key = defKey(serverId, tool);
      const warnings = (last?.warnings.has(key) ? last : await catalog()).warnings.get(key) ?? [];
      return describeTool(serverId, s.name, def, warnings);
    },
    'tools.call': async ({ id, tool, arguments: args }) => {
      const s = core.findServer(id);
      if (!isRunnable(s)) throw new AppError('refused', `"${s.name}" is not running (${s.error ?? (s.enabled ? 'workspace not trusted' : 'disabled')}); enable or fix it on the Servers view first`);
      const started = performance.now();
      const r = await need().callTool(id, tool, args);
      return { ...r, content: r.content as never, ms: Math.round(performance.now() - started) };
    },
    'tools.acceptSnapshot': async ({ id }) => {
      core.findServer(id);
      return { sha: await need().acceptSnapshot(id) };
    },
    'permissions.simulate': async ({ rules, tools, defaultDecision }) => {
      const names = tools ?? qualified(await catalog()).map((x) => x.name);
      return simulate({ profile: core.selection().profile, rules, tools: names, defaultDecision });
    },
    'disclosure.plan': async ({ model, contextWindow }) => {
      const c = await catalog();
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
      const c = await catalog();
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
