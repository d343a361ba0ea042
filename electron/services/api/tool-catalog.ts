// The discovered tools of the selection, named under every scheme (NAME-4) with their token
// cost (DISC-1): one builder shared by tools.list, permissions.simulate and the disclosure
// methods, so the three views can never disagree about a name.
import type { CollisionRow, ToolRow, ToolsView } from '../../../shared/contract';
import { crossProfileView } from '../../../shared/naming/cross-profile';
import type { Collision, NamingServerInput } from '../../../shared/naming/assign';
import { estimateTokens } from '../../../shared/disclosure/plan';
import type { Profile, ToolDef } from '../../../shared/schemas/server';
import type { ApiCore } from './core';
import type { RegistryPort, ToolsPort } from './ports';
import { isRunnable, serverId, toRow } from './rows';

export interface Catalog {
  view: ToolsView;
  /** Full definitions by `serverId\u0000tool` (for search and disclosure). */
  defs: Map<string, ToolDef>;
}

const PROFILES: readonly Profile[] = ['minimax', 'kimi', 'minara'];

/** NAME-1/2: who wins a name and why, in words the user can act on. */
export function whyWon(profile: Profile, c: Collision): string {
  const who = `${c.winner.serverName}/${c.winner.tool}`;
  const loser = `${c.loser.serverName}/${c.loser.tool}`;
  if (profile === 'minimax') {
    return c.resolution === 'suffixed'
      ? `${who} holds ${c.name} in the name registry (configured > official plugin > local plugin, then first claim); ${loser} gets ${c.assigned ?? 'a suffix'}`
      : `${who} holds ${c.name}; ${loser} was dropped`;
  }
  if (profile === 'kimi') return `kimi keeps the first claimant (${who}, first in configuration order); ${loser} is dropped with MCP_TOOL_NAME_COLLISION`;
  return `minara keeps the first claimant in configuration order (${who}); ${loser} is dropped`;
}

export async function buildCatalog(core: ApiCore, tools: ToolsPort | null, registry: RegistryPort | null): Promise<Catalog> {
  const sel = core.selection();
  const view = core.view() ?? (await core.reload());
  const inputs: NamingServerInput[] = [];
  const defs = new Map<string, ToolDef>();
  const servers: ToolsView['servers'] = [];
  for (const s of view.servers) {
    const id = serverId(s);
    const row = toRow(s, isRunnable(s) ? core.info(id) : undefined, core.clock());
    let list: ToolDef[] = [];
    if (tools && row.state.kind === 'connected') list = await tools.tools(id).catch(() => []);
    for (const t of list) defs.set(`${id}\u0000${t.name}`, t);
    const diff = tools?.details(id)?.diff ?? null;
    servers.push({ id, name: s.name, source: s.spec?.source ?? 'configured', state: row.state.kind, reason: row.state.reason, toolCount: list.length, tokens: list.reduce((n, t) => n + estimateTokens(t), 0), diff });
    if (row.state.kind === 'connected' || row.state.kind === 'needs-auth') {
      inputs.push({ serverId: id, serverName: s.name, source: s.spec?.source ?? 'configured', tools: list, state: row.state.kind, subagent: s.subagent, deferred: s.deferred });
    }
  }
  // The minimax column always reads the agent's registry (a preview: nothing is claimed).
  const reg = await registry?.().catch(() => undefined);
  const cross = crossProfileView(inputs, reg);
  const mine = cross.reports[sel.profile];
  const byKey = new Map(mine.tools.map((t) => [`${t.serverId}\u0000${t.tool}`, t]));
  const rows: ToolRow[] = cross.rows
    .filter((r) => defs.has(`${r.serverId}\u0000${r.tool}`))
    .map((r) => {
      const def = defs.get(`${r.serverId}\u0000${r.tool}`)!;
      const t = byKey.get(`${r.serverId}\u0000${r.tool}`);
      return {
        serverId: r.serverId,
        serverName: r.serverName,
        tool: r.tool,
        title: def.title ?? null,
        description: def.description ?? '',
        inputSchema: def.inputSchema,
        names: r.names,
        tokens: estimateTokens(def),
        deferred: t?.deferred ?? false,
        warnings: r.warnings,
        collidesWith: t?.collidesWith ? { serverId: t.collidesWith.serverId, serverName: t.collidesWith.serverName, tool: t.collidesWith.tool, name: t.collidesWith.name, kind: t.collidesWith.kind } : null,
        dropped: t?.dropped ?? false,
      };
    });
  const collisions: CollisionRow[] = PROFILES.flatMap((p) =>
    cross.reports[p].collisions.map((c) => ({
      profile: p,
      name: c.name,
      kind: c.kind,
      winner: { serverId: c.winner.serverId, serverName: c.winner.serverName, tool: c.winner.tool },
      loser: { serverId: c.loser.serverId, serverName: c.loser.serverName, tool: c.loser.tool },
      resolution: c.resolution,
      assigned: c.assigned,
      why: whyWon(p, c),
    })),
  );
  return { view: { profile: sel.profile, servers, tools: rows, collisions }, defs };
}
