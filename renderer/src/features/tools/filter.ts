// UI-3 filter: every word must appear in a tool's names, server, raw name or summary (first line
// of the description); NAME-4: collisions only, and collisions grouped by the pair of servers.
import type { CollisionRow, ToolRow, ToolsView } from '../../../../shared/contract';
import { toolKey } from '../../stores/tools-slice';

export type CollisionRole = 'winner' | 'loser';

export function filterTools(rows: readonly ToolRow[], filter: string, only?: { server?: string; roles?: Map<string, CollisionRole> }): ToolRow[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const server = only?.server;
  const roles = only?.roles;
  if (!words.length && !server && !roles) return rows as ToolRow[];
  return rows.filter((r) => {
    if (server && r.serverId !== server) return false;
    if (roles && !roles.has(toolKey(r.serverId, r.tool))) return false;
    const hay = `${r.serverName} ${r.tool} ${r.names.minimax ?? ''} ${r.names.kimi ?? ''} ${r.names.minara ?? ''} ${r.summary}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** Per tool key: did it win or lose a collision under the selected profile. */
export function collisionRoles(view: ToolsView): Map<string, CollisionRole> {
  const roles = new Map<string, CollisionRole>();
  for (const c of view.collisions) {
    if (c.profile !== view.profile) continue;
    roles.set(toolKey(c.loser.serverId, c.loser.tool), 'loser');
    if (!roles.has(toolKey(c.winner.serverId, c.winner.tool))) roles.set(toolKey(c.winner.serverId, c.winner.tool), 'winner');
  }
  return roles;
}

export interface CollisionGroup {
  key: string;
  /** The servers as the first collision of the pair names them (winner first). */
  winner: string;
  loser: string;
  rows: CollisionRow[];
}

/** NAME-4: collisions grouped by their pair of servers (either way round), in first-seen order. */
export function collisionGroups(rows: readonly CollisionRow[]): CollisionGroup[] {
  const groups = new Map<string, CollisionGroup>();
  for (const c of rows) {
    const key = [c.winner.serverId, c.loser.serverId].sort().join('\u0000');
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, winner: c.winner.serverName, loser: c.loser.serverName, rows: [] }));
    g.rows.push(c);
  }
  return [...groups.values()];
}
