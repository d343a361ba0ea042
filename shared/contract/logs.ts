// UI-7 logs (CONN-10): what the pool kept of one server's stderr and JSON-RPC traffic.
import { z } from 'zod';
import { method, SERVED } from '../rpc';
import { ServerStateSchema } from '../schemas/server';

const Id = z.object({ id: z.string().min(1).max(512) });

export const TrafficRowSchema = z.object({
  at: z.number(),
  dir: z.enum(['out', 'in']),
  kind: z.string(),
  method: z.string().nullable(),
  /** The JSON-RPC id of a request or its answer. */
  id: z.union([z.string(), z.number()]).optional(),
  text: z.string(),
});

export const logsMethods = {
  /** CONN-10 / UI-7: bounded stderr tail and JSON-RPC traffic of one server. */
  'logs.get': method(
    Id,
    z.object({
      stderr: z.array(z.string()),
      traffic: z.array(TrafficRowSchema),
      live: z.boolean(),
      pid: z.number().nullable(),
      /** The connection's state and last error beside its logs (the CLI's `logs`); absent from a panel that predates them. */
      state: ServerStateSchema.optional(),
      lastError: z.string().nullable().optional(),
    }),
    SERVED,
    ['not-found', 'unavailable'],
  ),
};
