// AUTH-4 / CONN-4: `${VAR}` and `${VAR:-default}` in headers and env are resolved at connect
// time from the environment, never stored resolved. A missing variable fails only this server.
import type { ConnectionSpec } from '../../../shared/schemas/server';
import { ENV_REFERENCE } from '../config/expand';

export class MissingVariableError extends Error {
  constructor(readonly variable: string, where: string) {
    super(`environment variable ${variable} is not set (needed by ${where})`);
  }
}

// The same reference syntax the loader and the secret rules use (one regex, config/expand).
const REF = ENV_REFERENCE;

export function expandVars(value: string, env: Record<string, string | undefined>, where: string): string {
  return value.replace(REF, (_m, name: string, fallback: string | undefined) => {
    const v = env[name];
    if (v !== undefined && v !== '') return v;
    if (fallback !== undefined) return fallback;
    throw new MissingVariableError(name, where);
  });
}

export function expandRecord(rec: Record<string, string>, env: Record<string, string | undefined>, where: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(rec)) out[k] = expandVars(v, env, `${where} ${k}`);
  return out;
}

/** Headers for a remote server: config headers, then the bearer token (env name wins over literal). */
export function resolveHeaders(spec: ConnectionSpec, env: Record<string, string | undefined>): Record<string, string> {
  const headers = expandRecord(spec.headers, env, 'header');
  if (spec.bearerTokenEnv) {
    const token = env[spec.bearerTokenEnv];
    if (!token) throw new MissingVariableError(spec.bearerTokenEnv, 'the bearer token');
    headers['Authorization'] = `Bearer ${token}`;
  } else if (spec.bearerToken) {
    headers['Authorization'] = `Bearer ${spec.bearerToken}`;
  }
  return headers;
}
