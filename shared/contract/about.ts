// app.about (issue 22, UI-9): what Settings shows about this panel: its version, its data
// folder, whether the keychain works, the secrets it keeps there (names and owners only, never
// a value, SEC-2) and the workspaces trusted to start their project servers (CFG-10).
import { z } from 'zod';
import { ProfileSchema } from '../schemas/server';
import { method, READ } from '../rpc';
import { HostKindSchema } from './app';
import { KeychainStatusSchema } from './auth';

export const KeptSecretSchema = z.object({
  profile: ProfileSchema,
  server: z.string(),
  variable: z.string(),
  /** The entry it belongs to; null for one stored before secrets were bound (never injected). */
  layer: z.string().nullable(),
  path: z.string().nullable(),
});

export const AboutSchema = z.object({
  version: z.string(),
  host: HostKindSchema,
  dataDir: z.string(),
  keychain: KeychainStatusSchema,
  secrets: z.array(KeptSecretSchema),
  trusted: z.array(z.object({ workspace: z.string(), trustedAt: z.string() })),
});
export type About = z.infer<typeof AboutSchema>;

export const aboutMethods = {
  'app.about': method(z.object({}), AboutSchema, READ, ['unavailable']),
};
