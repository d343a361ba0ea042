// UI-3 filter: every word must appear in a tool's names, server, raw name or summary (first line of the description).
import type { ToolRow, ToolsView } from '../../../../shared/contract';

export function filterTools(rows: readonly ToolRow[], filter: string): ToolRow[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return rows as ToolRow[];
  return rows.filter((r) => {
    const hay = `${r.serverName} ${r.tool} ${r.names.minimax ?? ''} ${r.names.kimi ?? ''} ${r.names.minara ?? ''} ${r.summary}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** Per tool key: did it win or lose a collision under the selected profile. */
export function collisionRoles(view: ToolsView): Map<string, 'winner' | 'loser'> {
  const roles = new Map<string, 'winner' | 'loser'>();
  for (const c of view.collisions) {
    if (c.profile !== view.profile) continue;
    roles.set(`${c.loser.serverId}\u0000${c.loser.tool}`, 'loser');
    if (!roles.has(`${c.winner.serverId}\u0000${c.winner.tool}`)) roles.set(`${c.winner.serverId}\u0000${c.winner.tool}`, 'winner');
  }
  return roles;
}
