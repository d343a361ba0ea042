// CFG-3: `${VAR}` and `${VAR:-default}` in minimax project files. Expansion touches string
// values only (never keys); a variable that is unset and has no default is reported by name.
/** `${NAME}` or `${NAME:-default}`: the one spelling of a reference (CFG-3, AUTH-4, CFG-8 secret rules). */
export const ENV_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;
const VAR = ENV_REFERENCE;

export interface Expanded<T> {
  value: T;
  /** Names of variables that were unset with no default, in first-seen order. */
  missing: string[];
}

export function expandString(s: string, env: NodeJS.ProcessEnv, missing: Set<string>): string {
  return s.replace(VAR, (whole, name: string, fallback: string | undefined) => {
    const v = env[name];
    // Shell semantics: `:-` also covers a set-but-empty variable.
    if (fallback !== undefined) return v === undefined || v === '' ? fallback : v;
    if (v === undefined) {
      missing.add(name);
      return whole;
    }
    return v;
  });
}

function walk(v: unknown, env: NodeJS.ProcessEnv, missing: Set<string>): unknown {
  if (typeof v === 'string') return expandString(v, env, missing);
  if (Array.isArray(v)) return v.map((x) => walk(x, env, missing));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      Object.defineProperty(out, k, { value: walk(x, env, missing), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return v;
}

export function expandVars<T>(value: T, env: NodeJS.ProcessEnv): Expanded<T> {
  const missing = new Set<string>();
  const out = walk(value, env, missing) as T;
  return { value: out, missing: [...missing] };
}

/**
 * The entry fields the connection engine resolves itself at connect time (AUTH-4, CONN-4):
 * the only places a variable the host injects (CFG-8 keychain) can reach.
 */
export const CONNECT_TIME_FIELDS: readonly string[] = ['env', 'headers'];

export interface ExpandedEntry extends Expanded<Record<string, unknown>> {
  /** Host-held variables used outside CONNECT_TIME_FIELDS: still missing, with a reason. */
  misplaced: string[];
}

/**
 * CFG-3 for one entry. A variable the host holds for this server (names only, never values)
 * counts as set where it is filled in at connect time; anywhere else it is still missing,
 * because its value is not known while loading.
 */
export function expandEntry(entry: Record<string, unknown>, env: NodeJS.ProcessEnv, hostHeld: ReadonlySet<string> = new Set()): ExpandedEntry {
  const all = expandVars(entry, env);
  if (all.missing.length === 0 || hostHeld.size === 0) return { ...all, misplaced: [] };
  // fromEntries defines properties, so a `__proto__` key stays a plain key.
  const rest = Object.fromEntries(Object.entries(entry).filter(([k]) => !CONNECT_TIME_FIELDS.includes(k)));
  const outside = new Set(expandVars(rest, env).missing);
  const missing = all.missing.filter((v) => !hostHeld.has(v) || outside.has(v));
  return { value: all.value, missing, misplaced: missing.filter((v) => hostHeld.has(v)) };
}

/** Names referenced as `${VAR}` (for reporting; resolution of headers happens at connect time). */
export function referencedVars(s: string): string[] {
  return [...s.matchAll(VAR)].map((m) => m[1] ?? '');
}
