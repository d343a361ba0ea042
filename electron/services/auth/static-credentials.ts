// AUTH-4: static credentials are read from the environment at connect time and never stored
// by the panel. The connection engine resolves `${VAR}` headers itself; this module gives it
// the bearer token part (`authTokenEnv` / `bearerTokenEnvVar` / a literal `authToken`).
import type { ConnectionSpec } from '../../../shared/schemas/server';

export type StaticAuth =
  | { kind: 'none' }
  | { kind: 'bearer'; header: string; source: string }
  | { kind: 'missing'; variable: string; message: string };

export function hasStaticCredentials(spec: Pick<ConnectionSpec, 'bearerTokenEnv' | 'bearerToken' | 'headers'>): boolean {
  if (spec.bearerTokenEnv || spec.bearerToken) return true;
  return Object.keys(spec.headers ?? {}).some((h) => h.toLowerCase() === 'authorization');
}

/** A remote entry without static credentials: the panel may sign in to it by OAuth (AUTH-1). */
export function mayUseOAuth(spec: Pick<ConnectionSpec, 'transport' | 'url' | 'bearerTokenEnv' | 'bearerToken' | 'headers'>): boolean {
  return spec.transport !== 'stdio' && !!spec.url && !hasStaticCredentials(spec);
}

/** The Authorization header value for a spec's static token, resolved from `env` now. */
export function resolveStaticBearer(spec: Pick<ConnectionSpec, 'bearerTokenEnv' | 'bearerToken'>, env: NodeJS.ProcessEnv): StaticAuth {
  if (spec.bearerTokenEnv) {
    const v = env[spec.bearerTokenEnv];
    if (!v) return { kind: 'missing', variable: spec.bearerTokenEnv, message: `environment variable ${spec.bearerTokenEnv} (bearer token) is not set` };
    return { kind: 'bearer', header: `Bearer ${v}`, source: `env:${spec.bearerTokenEnv}` };
  }
  if (spec.bearerToken) return { kind: 'bearer', header: `Bearer ${spec.bearerToken}`, source: 'config' };
  return { kind: 'none' };
}
