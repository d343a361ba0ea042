// NAME-3 (seed 001): `mcp_<id>_<tool>`. The seed gives no length limit; characters outside
// `[a-zA-Z0-9_-]` are mapped to `_` like the other schemes so the name stays sendable.
import { sanitizeApiPart } from '../../naming/schemes';

export function minaraToolName(serverId: string, toolName: string): string {
  return minaraNamer(serverId)(toolName);
}

/** minaraToolName for one server's many tools. */
export function minaraNamer(serverId: string): (toolName: string) => string {
  const prefix = `mcp_${sanitizeApiPart(serverId)}_`;
  return (toolName) => prefix + sanitizeApiPart(toolName);
}

/** A `subagent` server is seen as this single tool. */
export function minaraQueryToolName(serverId: string): string {
  return minaraToolName(serverId, 'query');
}
