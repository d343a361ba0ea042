// UI-3 tools: the catalog of the selection, one definition, a call, a snapshot accepted.
import type { AppContract } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import type { Handlers } from '../../../shared/rpc';
import type { ApiCore } from '../api/core';
import { defKey, describeTool, type CatalogCache } from '../api/tool-catalog';
import { isRunnable } from '../api/rows';
import { catalogFor } from '../naming/given-catalog';

type ToolHandlers = Pick<Handlers<AppContract>, 'tools.list' | 'tools.describe' | 'tools.call' | 'tools.acceptSnapshot'>;

export function toolHandlers(core: ApiCore, deps: { catalog: CatalogCache }): ToolHandlers {
  const { catalog } = deps;

  return {
    'tools.list': async ({ warnings, ...input }) => {
      const c = await catalogFor(core, catalog, input);
      // Per-row warnings only on request: the panel's list stays small (UI-3), describe has them.
      return warnings ? { ...c.view, tools: c.view.tools.map((t) => ({ ...t, warnings: c.warnings.get(defKey(t.serverId, t.tool)) ?? [] })) } : c.view;
    },
    'tools.describe': async ({ serverId, tool }) => {
      const s = core.findServer(serverId);
      // The definition is read fresh from the pool; the warnings come from the list the user sees.
      const def = (await core.pool().tools(serverId)).find((t) => t.name === tool);
      if (!def) throw new AppError('not-found', `"${s.name}" has no tool "${tool}" now; refresh the tool list`);
      const key = defKey(serverId, tool);
      const last = catalog.last();
      const warnings = (last?.warnings.has(key) ? last : await catalog.build()).warnings.get(key) ?? [];
      return describeTool(serverId, s.name, def, warnings);
    },
    'tools.call': async ({ id, tool, arguments: args }) => {
      const s = core.findServer(id);
      if (!isRunnable(s)) throw new AppError('refused', `"${s.name}" is not running (${s.error ?? (s.enabled ? 'workspace not trusted' : 'disabled')}); enable or fix it on the Servers view first`);
      const started = performance.now();
      const r = await core.pool().callTool(id, tool, args);
      return { ...r, content: r.content as never, ms: Math.round(performance.now() - started) };
    },
    'tools.acceptSnapshot': async ({ id }) => {
      core.findServer(id);
      return { sha: await core.pool().acceptSnapshot(id) };
    },
  };
}
