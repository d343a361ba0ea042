// The three agents' naming schemes as pure functions (NAME-1, NAME-2, NAME-3). Collisions
// and the persistent minimax registry are handled by the callers (assign.ts, registry.ts).

/** NAME-1: minimax limits (seed 000, tool-name.ts:2). */
export const MINIMAX_MAX_NAME = 80;
export const MINIMAX_MAX_SERVER = 48;
/** NAME-2: kimi limits (seed 002, tool-naming.ts): 55 chars + `_` + 8 hex = 64. */
export const KIMI_MAX_NAME = 64;
export const KIMI_HASH_HEAD = 55;

/** Every name an agent sends a provider must match this (NAME-1/NAME-2). */
export const VALID_NAME = /^[a-zA-Z0-9_-]+$/;

const INVALID_CHARS = /[^a-zA-Z0-9_-]/g;
/** Nothing for kimi's sanitising to change: no invalid character, no run of `_`. */
const KIMI_DIRTY = /[^a-zA-Z0-9_-]|__/;

/** minimax: characters outside `[a-zA-Z0-9_-]` become `_` (no collapsing). */
export function sanitizeMinimaxPart(part: string): string {
  // Nearly every part is already clean: a test is cheaper than a replace (10,000 tools).
  return VALID_NAME.test(part) ? part : part.replace(INVALID_CHARS, '_');
}

/** kimi: sanitise, then collapse runs of `_` so `__` can only be a separator. */
export function sanitizeKimiPart(part: string): string {
  return KIMI_DIRTY.test(part) ? part.replace(INVALID_CHARS, '_').replace(/_+/g, '_') : part;
}

/**
 * 32-bit FNV-1a over the UTF-8 bytes, 8 lowercase hex digits. Qualified kimi names are
 * ASCII after sanitising, so bytes and UTF-16 units agree there.
 */
export function fnv1a32Hex(text: string): string {
  let hash = 0x811c9dc5;
  // ASCII (every sanitised name) hashes its code units directly; anything else its UTF-8 bytes.
  let ascii = true;
  for (let i = 0; i < text.length && ascii; i++) ascii = text.charCodeAt(i) < 0x80;
  const bytes = ascii ? null : new TextEncoder().encode(text);
  const n = bytes ? bytes.length : text.length;
  for (let i = 0; i < n; i++) {
    hash ^= bytes ? bytes[i]! : text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * NAME-1: the name minimax would give before the registry resolves collisions:
 * `mcp__<server>__<tool>`, server part ≤ 48, whole ≤ 80 (the tool part is cut).
 */
export function minimaxBaseName(serverName: string, toolName: string): string {
  return minimaxBaseNamer(serverName)(toolName);
}

/** minimaxBaseName for one server's many tools: the server part is worked out once. */
export function minimaxBaseNamer(serverName: string): (toolName: string) => string {
  const prefix = `mcp__${sanitizeMinimaxPart(serverName).slice(0, MINIMAX_MAX_SERVER)}__`;
  return (toolName) => {
    const name = prefix + sanitizeMinimaxPart(toolName);
    return name.length > MINIMAX_MAX_NAME ? name.slice(0, MINIMAX_MAX_NAME) : name;
  };
}

/** NAME-1: the n-th claimant's name (`_2`, `_3`…), cut so the whole stays ≤ 80. */
export function minimaxSuffixed(base: string, n: number): string {
  const suffix = `_${n}`;
  return base.slice(0, MINIMAX_MAX_NAME - suffix.length) + suffix;
}

/** NAME-2: kimi's qualified name; over 64 → first 55 chars + `_` + FNV-1a of the full name. */
export function kimiQualifiedName(serverName: string, toolName: string): string {
  return kimiNamer(serverName)(toolName);
}

/** kimiQualifiedName for one server's many tools: the server part is worked out once. */
export function kimiNamer(serverName: string): (toolName: string) => string {
  const prefix = `mcp__${sanitizeKimiPart(serverName)}__`;
  return (toolName) => {
    const full = prefix + sanitizeKimiPart(toolName);
    if (full.length <= KIMI_MAX_NAME) return full;
    return `${full.slice(0, KIMI_HASH_HEAD)}_${fnv1a32Hex(full)}`;
  };
}

/** kimi: the synthetic tool a `needs-auth` server shows in place of its tools (seed 002). */
export function kimiAuthToolName(serverName: string): string {
  return kimiQualifiedName(serverName, 'authenticate');
}

/**
 * NAME-3: minara `mcp_<id>_<tool>`. Seed 001 gives no length limit; characters outside
 * `[a-zA-Z0-9_-]` are mapped to `_` like the other schemes so the name stays sendable.
 */
export function minaraToolName(serverId: string, toolName: string): string {
  return minaraNamer(serverId)(toolName);
}

/** minaraToolName for one server's many tools. */
export function minaraNamer(serverId: string): (toolName: string) => string {
  const prefix = `mcp_${sanitizeMinimaxPart(serverId)}_`;
  return (toolName) => prefix + sanitizeMinimaxPart(toolName);
}

/** NAME-3: a `subagent` server is seen as this single tool. */
export function minaraQueryToolName(serverId: string): string {
  return minaraToolName(serverId, 'query');
}
