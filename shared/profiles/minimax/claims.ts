// NAME-1 as MiniMax Code's turn claims names (local-runtime-v2 native-tool-projection.ts, see
// README.md here): the registry decides (registry.ts); this turns its answers into the naming
// report's rows and collisions (shared/naming/assign.ts).
import type { Collision, NamedTool, NamingServerInput, ToolRef } from '../../naming/assign';
import { kindOf, ref, refNamed } from '../../naming/refs';
import type { ToolSource } from '../../schemas/server';
import { MinimaxRegistry, minimaxServerKey, sourceOfKey, type RegistryData } from './registry';

/**
 * NAME-1: MiniMax's registry, as its turn does it (native-tool-projection.ts): every server of
 * the input claims its segment in one batch (those without tools too: disabled or not answering,
 * MiniMax reserves every configured name), then each server's tools claim theirs by raw name.
 * An exact repeat of (server, tool) is dropped.
 */
export function minimaxNames(rows: NamedTool[], servers: readonly NamingServerInput[], current: RegistryData): { collisions: Collision[]; registry: RegistryData; changed: boolean } {
  const reg = new MinimaxRegistry(current);
  const keys = new Map<string, string>();
  const idOf = (source: ToolSource | undefined, serverId: string): string => `${source ?? 'configured'}\u0000${serverId}`;
  const byKey = new Map<string, NamingServerInput>();
  for (const s of servers) {
    const key = minimaxServerKey(s.source, s.serverName, s.plugin);
    keys.set(idOf(s.source, s.serverId), key);
    if (!byKey.has(key)) byKey.set(key, s);
  }
  const serverNames = reg.assignServers([...byKey].map(([key, s]) => ({ key, name: s.serverName })));
  // A holder the batch does not hold is one the file remembers (a removed server): its key is its id.
  const holderRef = (key: string, raw: string, tool: string): ToolRef => {
    const s = byKey.get(key);
    return s ? { source: s.source ?? 'configured', serverId: s.serverId, serverName: s.serverName, tool } : { source: sourceOfKey(key), serverId: key, serverName: raw, tool };
  };
  const groups = new Map<string, NamedTool[]>();
  // Rows come server by server: the previous row's group is usually this one's.
  let last: NamedTool | null = null;
  let list: NamedTool[] = [];
  for (const row of rows) {
    if (row.name === null) continue; // not registered this turn: claims nothing (CONN-3)
    if (!last || last.serverId !== row.serverId || last.source !== row.source) {
      const key = keys.get(idOf(row.source, row.serverId)) ?? minimaxServerKey(row.source, row.serverName);
      const known = groups.get(key);
      if (known) list = known;
      else groups.set(key, (list = []));
    }
    last = row;
    list.push(row);
  }
  const collisions: Collision[] = [];
  for (const [key, group] of groups) {
    const refused = serverNames.errors.get(key);
    if (refused !== undefined) {
      for (const row of group) [row.name, row.refused] = [null, refused];
      continue;
    }
    const firsts = new Map<string, NamedTool>();
    const repeats: NamedTool[] = [];
    for (const row of group) {
      if (firsts.has(row.tool)) repeats.push(row);
      else firsts.set(row.tool, row);
    }
    const tools = reg.assignTools(key, [...firsts.keys()]);
    const server = reg.server(key)!;
    const serverWanted = serverNames.wanted.get(key);
    const serverHolder = serverWanted === undefined ? undefined : reg.serverHolding(serverWanted);
    for (const row of firsts.values()) {
      const name = tools.names.get(row.tool);
      if (name === undefined) {
        [row.name, row.refused] = [null, tools.errors.get(row.tool) ?? 'Invalid MCP tool name'];
        continue;
      }
      row.name = name;
      const toolWanted = tools.wanted.get(row.tool);
      if (toolWanted !== undefined) {
        // Another tool of this server holds the segment this one wanted.
        const holder = server.tools.find((t) => t.segment === toolWanted);
        const winner = holderRef(key, server.raw, holder?.raw ?? '');
        const wanted = `mcp__${server.segment}__${toolWanted}`;
        row.collidesWith = refNamed(winner, 'same_server', wanted);
        collisions.push({ name: wanted, kind: 'same_server', winner, loser: ref(row), resolution: 'suffixed', assigned: name });
      }
      if (serverHolder) {
        // Another server (or one removed) holds the server segment this one wanted.
        const winner = holderRef(serverHolder.key, serverHolder.raw, row.tool);
        const wanted = `mcp__${serverHolder.segment}__${name.slice(server.segment.length + 7)}`;
        row.collidesWith ??= refNamed(winner, kindOf(winner, row), wanted);
        collisions.push({ name: wanted, kind: kindOf(winner, row), winner, loser: ref(row), resolution: 'suffixed', assigned: name });
      }
    }
    for (const row of repeats) {
      const first = firsts.get(row.tool)!;
      const name = first.name ?? '';
      row.name = null;
      row.dropped = true;
      row.collidesWith = refNamed(first, 'same_server', name);
      collisions.push({ name, kind: 'same_server', winner: ref(first), loser: ref(row), resolution: 'dropped', assigned: null });
    }
  }
  return { collisions, registry: reg.data, changed: reg.changed };
}
