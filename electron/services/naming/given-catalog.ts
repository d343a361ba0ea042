// A hand-given catalog (the CLI's --tools file or stdin, already checked by the contract's
// ToolInputSchema) turned into the same parts the live catalog is named from, so hand-given and
// discovered tools go through one naming (api/tool-catalog.ts nameCatalog).
import type { CatalogInput, ToolInput } from '../../../shared/contract';
import type { Profile, ToolDef } from '../../../shared/schemas/server';
import type { ApiCore } from '../api/core';
import { buildCatalog, defKey, nameCatalog, tokensOf, type Catalog, type CatalogCache, type CatalogParts, type LiveInput } from '../api/tool-catalog';

/**
 * The catalog a tools / permissions / disclosure call is about: the hand-given one when the
 * input carries it, else the live one (named against a given registry when there is one).
 * Hand-given catalogs are not cached: tools.describe reads the live one only. Either way the
 * minimax names come from the agent's own registry (read, never written) unless one is given.
 */
export async function catalogFor(core: ApiCore, cache: CatalogCache, input: CatalogInput & { agents?: readonly Profile[]; findings?: false; only?: 'warned' }): Promise<Catalog> {
  const { catalog, registry, agents, findings, only } = input;
  // NAME-1: hand-given tools are named against the agent's registry too, unless one is given.
  if (catalog) return nameCatalog(core.selection().profile, givenCatalogParts(catalog), registry ?? (await cache.registry()), agents, only);
  // Named for fewer agents than the panel shows, without findings or with the warned tools only: not the catalog tools.describe reads.
  if (registry || agents || findings === false || only) return buildCatalog(core, registry ? () => Promise.resolve(registry) : cache.registry, agents ? () => Promise.resolve(agents) : cache.agents, findings, only);
  return cache.build();
}

export function givenCatalogParts(rows: readonly ToolInput[]): CatalogParts {
  const groups = new Map<string, { input: LiveInput; tools: ToolDef[]; state: ToolInput['state'] }>();
  for (const row of rows) {
    const key = JSON.stringify([row.source, row.server]);
    let g = groups.get(key);
    if (!g) {
      const tools: ToolDef[] = [];
      g = { input: { serverId: row.server, serverName: row.server, source: row.source, tools }, tools, state: row.state };
      groups.set(key, g);
    }
    const { server: _s, tool, source: _src, state, subagent, deferred, ...def } = row;
    g.tools.push({ ...def, name: tool });
    g.state ??= state;
    if (subagent) g.input.subagent = true;
    if (deferred) g.input.deferred = true;
  }
  // The identity is source + server (NAME-1); the id doubles as the registry's server id, so it
  // stays the bare server name unless two sources share that name in one input.
  const names = new Map<string, number>();
  for (const g of groups.values()) names.set(g.input.serverName, (names.get(g.input.serverName) ?? 0) + 1);
  const inputs: LiveInput[] = [];
  const defs = new Map<string, ToolDef>();
  const servers: CatalogParts['servers'] = [];
  for (const { input, tools, state } of groups.values()) {
    if (names.get(input.serverName)! > 1) input.serverId = `${input.source ?? 'configured'}/${input.serverName}`;
    const kind = state ?? 'connected';
    input.state = kind;
    inputs.push(input);
    for (const t of tools) defs.set(defKey(input.serverId, t.name), t);
    const tokens = tools.reduce((n, t) => n + tokensOf(t), 0);
    servers.push({ id: input.serverId, name: input.serverName, source: input.source ?? 'configured', state: kind, reason: 'given by hand', toolCount: tools.length, tokens, diff: null });
  }
  return { inputs, defs, servers };
}
