// UI-6 login / logout. Token status never carries a secret (SEC-2). Tokens belong to the server's
// URL, not to a profile or entry name (electron/services/auth/identity.ts).
import { z } from 'zod';
import { method, ACTION, SERVED, SERVED_WRITE, TRAY_FIX } from '../rpc';

const Id = z.object({ id: z.string().min(1).max(512) });

/** Why the keychain cannot be used (AUTH-5): `keychain.<code>.reason|fix` in the catalogues. */
export const KeychainCodeSchema = z.enum(['library-missing', 'module-missing', 'no-secret-service', 'locked', 'failed']);
export type KeychainCode = z.infer<typeof KeychainCodeSchema>;

export const KeychainStatusSchema = z.object({
  available: z.boolean(),
  backend: z.enum(['keychain', 'memory']),
  code: KeychainCodeSchema.nullable(),
  /** The library's own words, shown as the raw detail they are. */
  detail: z.string().nullable(),
  /** English sentences of `code`, for the CLI and logs. */
  reason: z.string().nullable(),
  fix: z.string().nullable(),
});
export type KeychainStatus = z.infer<typeof KeychainStatusSchema>;

/** Why a login ended without tokens: `login.failed.<code>`; the raw reason follows as detail. */
/**
 * PROTO-5: `issuer-mismatch` — the authorization server's metadata names another issuer than the
 * one it was fetched from, or the callback's `iss` is another server's (mix-up protection);
 * `insecure-endpoint` — its token endpoint is not https (loopback aside).
 */
export const LoginFailureCodeSchema = z.enum(['not-applicable', 'cancelled', 'timeout', 'authorization-denied', 'state-mismatch', 'bad-callback', 'issuer-mismatch', 'insecure-endpoint', 'no-oauth', 'error']);
export type LoginFailureCode = z.infer<typeof LoginFailureCodeSchema>;

export const AuthRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string().nullable(),
  /**
   * `not-applicable`: no login needed (stdio, or the server answered without asking for one);
   * `logged-out`: no login stored in the keychain, contacted or not (the keychain is shared by
   * every process; issue 36 item 3); `unknown`: its login state could not be read;
   * `token-required`: it answered 401 and offers no OAuth login (a token belongs in the entry).
   */
  state: z.enum(['not-applicable', 'unknown', 'static', 'logged-out', 'logged-in', 'expired', 'needs-auth', 'token-required']),
  tokenStored: z.boolean(),
  expiresAt: z.string().nullable(),
  scopes: z.array(z.string()),
  issuer: z.string().nullable(),
  lastRefresh: z.string().nullable(),
  /** A login is running right now. */
  busy: z.boolean(),
});
export type AuthRow = z.infer<typeof AuthRowSchema>;

export const LoginProgressSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('discovering') }),
  /** The page opens `url` itself in browser mode; Electron opened it already. */
  z.object({ type: z.literal('waiting-for-browser'), url: z.string(), opened: z.boolean() }),
  z.object({ type: z.literal('exchanging') }),
  z.object({ type: z.literal('done'), scopes: z.array(z.string()), expiresAt: z.number().nullable(), keychain: z.boolean() }),
  z.object({ type: z.literal('failed'), reason: z.string(), code: LoginFailureCodeSchema }),
]);
export type LoginProgress = z.infer<typeof LoginProgressSchema>;

export const authMethods = {
  'auth.list': method(z.object({}), z.object({ servers: z.array(AuthRowSchema), keychain: KeychainStatusSchema }), SERVED),
  /** Starts a login and answers at once; progress arrives as `auth.progress` events. */
  'auth.login': method(Id, z.object({ started: z.boolean() }), TRAY_FIX, ['not-found', 'refused']),
  'auth.cancel': method(Id, z.object({ cancelled: z.boolean() }), ACTION),
  /**
   * A login belongs to the server's URL: logout ends it for every profile and entry using `url`.
   * The CLI's `logout` calls it too, over the panel's socket when one runs (issue 36 item 3).
   */
  'auth.logout': method(Id, z.object({ url: z.string(), removed: z.number().int(), revoked: z.boolean(), revokeError: z.string().nullable() }), SERVED_WRITE, ['not-found', 'refused']),
};

export const authEvents = {
  'auth.progress': z.object({ id: z.string(), progress: LoginProgressSchema }),
};
