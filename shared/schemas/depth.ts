// How deep a server entry may nest (CFG-5, SEC-7). Real entries nest a few levels;
// anything deeper is refused before code that recurses over values (zod, secret scans,
// JSON.stringify) sees it. One rule for the loader, the writer and the contract's Entry.
export const MAX_ENTRY_DEPTH = 32;
/**
 * How deep one tool's input or output schema may nest (SEC-4, issue 21 F10). Real schemas nest
 * a dozen levels; a server that sends thousands would overflow the stack of whatever walks the
 * list next (hashing, diffing, redaction, the page), so such a tool is left out and reported.
 */
export const MAX_SCHEMA_DEPTH = 64;

/** Recursion is bounded by `max`, so this cannot overflow however deep the value is. */
export function deeperThan(value: unknown, max: number = MAX_ENTRY_DEPTH, depth = 0): boolean {
  if (!value || typeof value !== 'object') return false;
  if (depth > max) return true;
  for (const k in value) {
    const c = (value as Record<string, unknown>)[k];
    if (c && typeof c === 'object' && deeperThan(c, max, depth + 1)) return true;
  }
  return false;
}
