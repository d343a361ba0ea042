// UI-3 tools: the catalog of the selection, one definition, a call, a snapshot accepted.
import type { AppContract, ToolRow } from '../../../shared/contract';
import type { Handlers } from '../../../shared/rpc';
import type { ApiCore } from '../api/core';
import { defKey, definitionOf, describeTool, findingsByTool, liveParts, type CatalogCache } from '../api/tool-catalog';
import { isRunnable } from '../api/rows';
import { catalogFor } from '../naming/given-catalog';
import { catalogLimits } from '../naming/catalog-limits';
import type { AgentRules } from './permissions';
import { hostError, notRunnable } from './refusal';

type ToolHandlers = Pick<Handlers<AppContract>, 'tools.list' | 'tools.limits' | 'tools.definitions' | 'tools.describe' | 'tools.call' | 'tools.cancel' | 'tools.acceptSnapshot'>;

/**
 * `env`: the host's environment, where an agent's limit depends on a variable (Claude Code
 * `ENABLE_TOOL_SEARCH`); `rules`: the agents' own permission rules, where a denied tool is not
 * offered (CTX-1, naming/catalog-limits.ts).
 */
export function toolHandlers(core: ApiCore, deps: { catalog: CatalogCache; env: Readonly<Record<string, string | undefined>>; rules: Pick<AgentRules, 'denied'> }): ToolHandlers {
  const { catalog, env, rules } = deps;
  /** Calls in flight that the page named (issue 14: progress events and cancel). */
  const inFlight = new Map<string, AbortController>();

  return {
    'tools.list': async ({ warnings, only, limits, ...input }) => {
      const c = await catalogFor(core, catalog, { ...input, ...(only ? { only } : {}) });
      const warned = (t: ToolRow) => c.warnings.get(defKey(t.serverId, t.tool)) ?? [];
      const tools = only === 'warned' ? c.view.tools.filter((t) => warned(t).length > 0) : c.view.tools;
      // Per-row warnings only on request: the panel's list stays small (UI-3), describe has them.
      return { ...c.view, tools: warnings ? tools.map((t) => ({ ...t, warnings: warned(t) })) : tools, limits: limits === false ? [] : await catalogLimits(c, rules, env) };
    },
    'tools.limits': async ({ contextWindow, ...input }) => ({ limits: await catalogLimits(await catalogFor(core, catalog, input), rules, env, contextWindow) }),
    'tools.definitions': async () => {
      // The running servers' lists as the catalog gathers them, without naming them under
      // every scheme (the CLI prints raw names). A name a server repeats is one row, with the
      // first definition, as tools.list rows and tools.describe have it.
      const { inputs, servers } = await liveParts(core);
      const tools = inputs.flatMap((s) => {
        const seen = new Set<string>();
        return s.tools.filter((t) => !seen.has(t.name) && seen.add(t.name)).map((t) => ({ serverId: s.serverId, tool: t.name, ...definitionOf(t) }));
      });
      return { servers, tools };
    },
    'tools.describe': async ({ serverId, tool }) => {
      const s = core.findServer(serverId);
      // The definition is read fresh from the pool; the warnings come from the list the user sees.
      const def = (await core.pool().tools(serverId)).find((t) => t.name === tool);
      if (!def) throw hostError('not-found', 'host.no_such_tool', { name: s.name, tool });
      const key = defKey(serverId, tool);
      const last = catalog.last();
      const c = last?.warnings.has(key) ? last : await catalog.build();
      const findings = findingsByTool(c.view.servers.filter((x) => x.id === serverId)).get(key);
      return { ...describeTool(serverId, s.name, def, c.warnings.get(key) ?? []), ...(findings ? { findings } : {}) };
    },
    'tools.call': async ({ id, tool, arguments: args, callId }) => {
      const s = core.findServer(id);
      if (!isRunnable(s)) throw notRunnable(s);
      if (callId !== undefined && inFlight.has(callId)) throw hostError('conflict', 'host.call_running', { callId });
      const abort = new AbortController();
      const opts = callId === undefined ? {} : { signal: abort.signal, onprogress: (p: { progress: number; total?: number; message?: string }) => core.events.emit('tools.progress', { callId, ...p }) };
      if (callId !== undefined) inFlight.set(callId, abort);
      const started = performance.now();
      try {
        const r = await core.inputs.during(id, () => core.pool().callTool(id, tool, args, opts));
        return { ...r, content: r.content as never, ms: Math.round(performance.now() - started) };
      } finally {
        if (callId !== undefined) inFlight.delete(callId);
      }
    },
    'tools.cancel': ({ callId }) => {
      const abort = inFlight.get(callId);
      abort?.abort();
      return { cancelled: abort !== undefined };
    },
    'tools.acceptSnapshot': async ({ id }) => {
      const s = core.findServer(id);
      if (!s.spec) throw notRunnable(s);
      const pool = core.pool();
      let before = (await pool.snapshotStatus?.(id)) ?? null;
      // Never listed (the CLI's engine starts no server): connected once, so there is a list to accept.
      if (!before && isRunnable(s)) {
        await pool.reconnect(id);
        before = (await pool.snapshotStatus?.(id)) ?? null;
      }
      const sha = await pool.acceptSnapshot(id);
      // The Servers row's "tools changed" flag goes with it (issue 22).
      if (sha !== null) core.announce('tool list accepted');
      const appliesTo = ((await pool.snapshotSharing?.(id)) ?? []).map(({ profile, name }) => ({ profile, name }));
      return { sha, previous: before?.accepted ?? null, appliesTo };
    },
  };
}
