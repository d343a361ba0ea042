// NAME-2 as @moonshot-ai/kimi-code 2.1.0 computes it (dist/main.mjs:270767-270790, region
// packages/agent-core-v2/src/mcpCore/tool-naming.ts; README.md here lists the sources). Seed 002
// says "first 55 characters + `_` + 8 hex digits"; the published code differs and decides:
// - each part: characters outside `[a-zA-Z0-9_-]` → `_`, then runs of `_` → one `_`. A part may
//   still begin or end with `_`, so `__` is no reliable separator (`a_`/`_b` → `mcp__a____b`) and
//   every all-CJK server and tool collapses to `mcp______`;
// - over 64 characters: FNV-1a over the full sanitised name, kept as a *signed* int32
//   (`Math.imul`), printed with `toString(16)` (a minus sign for about half of all names) and
//   `padStart(8, '0')` (which pads in front of the sign: `0-1be310`); the head is cut at
//   64 − suffix length − 1, so 55 or 54 characters, and the name is always exactly 64.

export const KIMI_MAX_NAME = 64;

const INVALID_CHARS = /[^a-zA-Z0-9_-]/g;
/** Nothing for Kimi's sanitising to change: no invalid character, no run of `_`. */
const KIMI_DIRTY = /[^a-zA-Z0-9_-]|__/;

/** sanitizeMcpNamePart: invalid characters → `_`, runs of `_` → one (leading and trailing `_` stay). */
export function sanitizeKimiPart(part: string): string {
  // Nearly every part is already clean: a test is cheaper than two replaces (10,000 tools).
  return KIMI_DIRTY.test(part) ? part.replace(INVALID_CHARS, '_').replace(/_+/g, '_') : part;
}

/**
 * stableHash8: FNV-1a 32 one step per `codePointAt(i)` (the input is sanitised ASCII, so its
 * bytes), the state a signed int32 after the first step, printed as Kimi prints it.
 */
export function kimiHash8(input: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.codePointAt(i)!;
    hash = Math.trunc(Math.imul(hash, 0x01000193));
  }
  return hash.toString(16).padStart(8, '0');
}

/** qualifyMcpToolName: `mcp__<server>__<tool>`; over 64 the head + `_` + kimiHash8 of the full name. */
export function kimiQualifiedName(serverName: string, toolName: string): string {
  return kimiNamer(serverName)(toolName);
}

/** kimiQualifiedName for one server's many tools: the server part is worked out once. */
export function kimiNamer(serverName: string): (toolName: string) => string {
  const prefix = `mcp__${sanitizeKimiPart(serverName)}__`;
  return (toolName) => {
    const full = prefix + sanitizeKimiPart(toolName);
    if (full.length <= KIMI_MAX_NAME) return full;
    const hash = kimiHash8(full);
    return `${full.slice(0, KIMI_MAX_NAME - hash.length - 1)}_${hash}`;
  };
}

/**
 * shouldMarkNeedsAuth (connection-manager.ts:447-453, dist:103105-103111): a 401-like failure makes
 * a server needs-auth (and the model sees kimiAuthToolName) only for a remote entry with no
 * `bearerTokenEnvVar` and no `headers` unless `auth: "oauth"`. Any other entry is `failed`, as is
 * every server on a 403, or whose bearer variable is unset or empty (buildMcpRemoteHeaders, dist:75403).
 */
export function kimiMarksNeedsAuth(entry: Record<string, unknown>): boolean {
  const remote = entry.transport === 'http' || entry.transport === 'sse' || (!Object.hasOwn(entry, 'transport') && typeof entry.command !== 'string' && typeof entry.url === 'string');
  if (!remote || entry.bearerTokenEnvVar !== undefined) return false;
  return entry.headers === undefined || entry.auth === 'oauth';
}

/** The synthetic tool a `needs-auth` server shows in place of its tools: qualifyMcpToolName(server, "authenticate") (dist:271497). */
export function kimiAuthToolName(serverName: string): string {
  return kimiQualifiedName(serverName, 'authenticate');
}
