// AUTH-4 / CONN-4: `${VAR}` and `${VAR:-default}` in headers and env are resolved at connect
// time from the environment, never stored resolved. A missing variable fails only this server.
// The rule itself (what counts as set, where each agent expands) is config/expand's, the same
// one the loader used to call the row runnable (CFG-3).
import type { ConnectionSpec } from '../../../shared/schemas/server';
import { expandString, variableValue } from '../config/expand';

type Env = Record<string, string | undefined>;

export class MissingVariableError extends Error {
  constructor(readonly variable: string, where: string) {
    super(`environment variable ${variable} is not set (needed by ${where})`);
  }
}

export function expandVars(value: string, env: Env, where: string): string {
  const missing = new Set<string>();
  const out = expandString(value, env, missing);
  const [first] = missing;
  if (first !== undefined) throw new MissingVariableError(first, where);
  return out;
}

function expandRecord(rec: Record<string, string>, env: Env, where: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(rec)) out[k] = expandVars(v, env, `${where} ${k}`);
  return out;
}

/** A stdio server's config env; sent as written where its agent does not expand (CFG-3). */
export function resolveEnv(spec: Pick<ConnectionSpec, 'env' | 'literalVars'>, env: Env): Record<string, string> {
  return spec.literalVars ? { ...spec.env } : expandRecord(spec.env, env, 'env');
}

/**
 * CONN-4: what a stdio child starts with: the base env (the launch environment), then the
 * entry's env, then host-injected values. The one rule, for the pool and the launch doctor.
 */
export function stdioEnv(spec: Pick<ConnectionSpec, 'env' | 'literalVars'>, base: NodeJS.ProcessEnv, injected: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined) env[k] = v;
  // A bridge line the panel itself runs (an agent's entry it checks) is not an agent's bridge (bridge/live.ts).
  return Object.assign(env, resolveEnv(spec, { ...base, ...injected }), injected, { [STARTED_BY_PANEL]: '1' });
}

/** Set in the environment of every server the panel starts (not a secret: a marker). */
export const STARTED_BY_PANEL = 'MCP_PANEL_STARTED_BY_PANEL';

/** Headers for a remote server: config headers, then the bearer token (env name wins over literal). */
export function resolveHeaders(spec: ConnectionSpec, env: Env): Record<string, string> {
  const headers = spec.literalVars ? { ...spec.headers } : expandRecord(spec.headers, env, 'header');
  if (spec.bearerTokenEnv) {
    const token = variableValue(env, spec.bearerTokenEnv);
    if (token === undefined) throw new MissingVariableError(spec.bearerTokenEnv, 'the bearer token');
    headers['Authorization'] = `Bearer ${token}`;
  } else if (spec.bearerToken) {
    headers['Authorization'] = `Bearer ${spec.bearerToken}`;
  }
  return headers;
}
