// app.*: what the host is, and opening a link (SEC-1).
import { z } from 'zod';
import { method } from '../rpc';

export const HostKindSchema = z.enum(['electron', 'web']);

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  host: HostKindSchema,
  platform: z.string(),
});

export const appMethods = {
  'app.info': method(z.object({}), AppInfoSchema),
  /** SEC-1: only http(s), only on a user's click; the host checks again. */
  'app.openExternal': method(z.object({ url: z.string().max(4096) }), z.object({})),
};
