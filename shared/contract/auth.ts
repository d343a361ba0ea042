// UI-6 login / logout. Token status never carries a secret (SEC-2). Tokens belong to the server's
// URL, not to a profile or entry name (electron/services/auth/identity.ts).
import { z } from 'zod';
import { method } from '../rpc';

const Id = z.object({ id: z.string().min(1).max(512) });

export const KeychainStatusSchema = z.object({
  available: z.boolean(),
  backend: z.enum(['keychain', 'memory']),
  reason: z.string().nullable(),
  fix: z.string().nullable(),
});

export const AuthRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string().nullable(),
  /**
   * `not-applicable`: no login needed (stdio, or the server answered without asking for one);
   * `unknown`: not contacted yet, so whether it needs a login is not known.
   */
  state: z.enum(['not-applicable', 'unknown', 'static', 'logged-out', 'logged-in', 'expired', 'needs-auth']),
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
  z.object({ type: z.literal('failed'), reason: z.string(), code: z.string() }),
]);
export type LoginProgress = z.infer<typeof LoginProgressSchema>;

export const authMethods = {
  'auth.list': method(z.object({}), z.object({ servers: z.array(AuthRowSchema), keychain: KeychainStatusSchema })),
  /** Starts a login and answers at once; progress arrives as `auth.progress` events. */
  'auth.login': method(Id, z.object({ started: z.boolean() })),
  'auth.cancel': method(Id, z.object({ cancelled: z.boolean() })),
  /** A login belongs to the server's URL: logout ends it for every profile and entry using `url`. */
  'auth.logout': method(Id, z.object({ url: z.string(), removed: z.number().int(), revoked: z.boolean(), revokeError: z.string().nullable() })),
};

export const authEvents = {
  'auth.progress': z.object({ id: z.string(), progress: LoginProgressSchema }),
};
