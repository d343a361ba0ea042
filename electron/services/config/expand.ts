// CFG-3: the one `${VAR}` rule, used by the config loader (is this server runnable?) and by
// the connection engine (what is sent), so the two cannot disagree. Expansion touches string
// values only (never keys). The shell's rule: `${VAR}` set to "" is set (it expands to ""); only
// `${VAR:-default}` treats an empty variable as unset and takes the default. A token read by name
// (`authTokenEnv`, `bearerTokenEnvVar`) is another matter: an empty one is no credential.

import { ENV_REFERENCE } from '../../../shared/schemas/env-reference';

const VAR = ENV_REFERENCE;

type Env = Readonly<Record<string, string | undefined>>;


/** A token variable's value (read by name), or undefined when it is unset or empty: `Bearer ` is no credential. */
export function variableValue(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
}

export interface Expanded<T> {
  value: T;
  /** Names of variables that were unset with no default, in first-seen order. */
  missing: string[];
}

export function expandString(s: string, env: Env, missing: Set<string>): string {
  return s.replace(VAR, (whole, name: string, fallback: string | undefined) => {
    const v = env[name];
    // `${VAR}`: set means defined, "" included; `${VAR:-d}`: an empty value takes the default too.
    if (v !== undefined && (v !== '' || fallback === undefined)) return v;
    if (fallback !== undefined) return fallback;
    missing.add(name);
    return whole;
  });
}

function walk(v: unknown, env: Env, missing: Set<string>): unknown {
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

export function expandVars<T>(value: T, env: Env): Expanded<T> {
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
export function expandEntry(entry: Record<string, unknown>, env: Env, hostHeld: ReadonlySet<string> = new Set()): ExpandedEntry {
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

/** Every `${VAR}` written anywhere in a value, once each (the literal-text warning). */
export function referencedIn(v: unknown): string[] {
  const found = new Set<string>();
  const visit = (x: unknown): void => {
    if (typeof x === 'string') for (const name of referencedVars(x)) found.add(name);
    else if (x && typeof x === 'object') for (const y of Object.values(x)) visit(y);
  };
  visit(v);
  return [...found];
}
