// NAME-2 (seed 002, tool-naming.ts): sanitise, collapse runs of `_`, ≤ 64; an over-long name
// keeps its first 55 characters + `_` + 8 hex digits of FNV-1a over the full name.

export const KIMI_MAX_NAME = 64;
export const KIMI_HASH_HEAD = 55;

const INVALID_CHARS = /[^a-zA-Z0-9_-]/g;
/** Nothing for kimi's sanitising to change: no invalid character, no run of `_`. */
const KIMI_DIRTY = /[^a-zA-Z0-9_-]|__/;

/** Sanitise, then collapse runs of `_` so `__` can only be a separator. */
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

/** The qualified name; over 64 → first 55 chars + `_` + FNV-1a of the full name. */
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

/** The synthetic tool a `needs-auth` server shows in place of its tools (seed 002). */
export function kimiAuthToolName(serverName: string): string {
  return kimiQualifiedName(serverName, 'authenticate');
}
