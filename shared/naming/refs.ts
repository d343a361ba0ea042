// The references a naming report gives of a tool and of who holds the name it wanted (NAME-4),
// shared by the generic collision rules (assign.ts) and the agents' own (shared/profiles/<id>/).
import type { CollisionKind, NamedTool, ToolRef } from './assign';

export const ref = (t: NamedTool): ToolRef => ({ source: t.source, serverId: t.serverId, serverName: t.serverName, tool: t.tool });
export const refNamed = (t: ToolRef, kind: CollisionKind, name: string): ToolRef & { kind: CollisionKind; name: string } => ({
  source: t.source,
  serverId: t.serverId,
  serverName: t.serverName,
  tool: t.tool,
  kind,
  name,
});
/** Same server = same identity (source + id), never the same public name. */
export const kindOf = (a: ToolRef, b: ToolRef): CollisionKind => (a.serverId === b.serverId && a.source === b.source ? 'same_server' : 'other_server');
