// NAME-1 as MiniMax Code's published MCP module names tools: packages/agent-modules/mcp/src/
// runtime/tool-name.ts (@mavis/mcp 0.2.1; the copy read is shivbera18/rig@e48101b1, whose line
// numbers match seed 000's citations: README.md here). Seed 000 says "characters outside
// `[a-zA-Z0-9_-]` become `_`, whole ≤ 80, server ≤ 48"; the published code adds, and decides:
// - a run of illegal characters becomes one `_`, runs of `_` collapse, `_` is trimmed at both
//   ends (`-` is not), and a segment with no letter or digit left is `server` / `tool`;
// - an empty name, or one holding a control, format or surrogate character, is refused
//   (`Invalid MCP server name`): MiniMax skips that server or tool for the turn;
// - a segment is cut to its limit (server 48; tool 80 − 7 − server segment), then trailing `_`
//   are removed again. Collisions are the registry's (registry.ts), on segments, not names.

export const MINIMAX_MAX_NAME = 80;
export const MINIMAX_MAX_SERVER = 48;
/** `mcp__` + `__` around the segments (name-registry.ts:88). */
export const MINIMAX_NAME_OVERHEAD = 7;

export type SegmentKind = 'server' | 'tool';

const REFUSED = /[\p{Cc}\p{Cf}\p{Cs}]/u;
const ALNUM = /[a-zA-Z0-9]/;
/** Already a clean segment: legal characters, `_` only singly and never at either end. */
const CLEAN = /^[a-zA-Z0-9-]+(?:_[a-zA-Z0-9-]+)*$/;

export class MinimaxNameError extends Error {}

/** normalizeMcpNameSegment (tool-name.ts:7-16). Throws MinimaxNameError for a name MiniMax refuses. */
export function normalizeMinimaxSegment(value: string, kind: SegmentKind): string {
  // Nearly every name is already clean: one test instead of three replaces (10,000 tools).
  if (CLEAN.test(value) && ALNUM.test(value)) return value;
  if (!value || REFUSED.test(value)) throw new MinimaxNameError(`Invalid MCP ${kind} name`);
  const segment = value.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/_+/g, '_').replace(/^_+|_+$/g, '');
  return ALNUM.test(segment) ? segment : kind;
}

/** shortenMcpNameSegment (tool-name.ts:40-47): cut to `max`, then drop trailing `_`. */
export function shortenMinimaxSegment(segment: string, max: number, kind: SegmentKind): string {
  if (max < 1) throw new MinimaxNameError(`MCP ${kind} name has no room for a readable prefix`);
  if (segment.length <= max && !segment.endsWith('_') && ALNUM.test(segment)) return segment;
  const prefix = segment.slice(0, max).replace(/_+$/, '');
  return ALNUM.test(prefix) ? prefix : kind.slice(0, max);
}

/** A server's segment before the registry resolves collisions; null when MiniMax refuses the name. */
export function minimaxServerSegment(serverName: string): string | null {
  try {
    return shortenMinimaxSegment(normalizeMinimaxSegment(serverName, 'server'), MINIMAX_MAX_SERVER, 'server');
  } catch {
    return null;
  }
}

/** The room a tool segment has beside this server segment. */
export const minimaxToolRoom = (serverSegment: string): number => MINIMAX_MAX_NAME - MINIMAX_NAME_OVERHEAD - serverSegment.length;

/** The name MiniMax would give before the registry resolves collisions (buildMcpToolRuntimeName). */
export function minimaxBaseName(serverName: string, toolName: string): string {
  return minimaxBaseNamer(serverName)(toolName);
}

/**
 * minimaxBaseName for one server's many tools: the server segment is worked out once. A name
 * MiniMax refuses has no name: `mcp__<server>__<tool>` as written is shown instead (a preview only;
 * the registry leaves such a tool out).
 */
export function minimaxBaseNamer(serverName: string): (toolName: string) => string {
  const server = minimaxServerSegment(serverName);
  if (server === null) return (toolName) => `mcp__${serverName}__${toolName}`;
  const room = minimaxToolRoom(server);
  return (toolName) => {
    try {
      return `mcp__${server}__${shortenMinimaxSegment(normalizeMinimaxSegment(toolName, 'tool'), room, 'tool')}`;
    } catch {
      return `mcp__${server}__${toolName}`;
    }
  };
}
