// AGENT-3 "Servers across agents": one row per server identity (the same command and package, or
// the same URL origin), one cell per detected agent, and which fields differ between the cells.
import { z } from 'zod';
import { LayerKindSchema, ProfileSchema, TransportSchema } from './server';

export const AcrossFieldSchema = z.enum(['transport', 'command', 'args', 'url', 'env', 'headers', 'enabled', 'tools']);
export type AcrossField = z.infer<typeof AcrossFieldSchema>;

export const AcrossCellSchema = z.object({
  name: z.string(),
  layer: LayerKindSchema,
  path: z.string(),
  transport: TransportSchema,
  command: z.string().nullable(),
  args: z.array(z.string()),
  url: z.string().nullable(),
  /** Names only: values may be secrets. */
  envNames: z.array(z.string()),
  headerNames: z.array(z.string()),
  enabled: z.boolean(),
  enabledTools: z.array(z.string()).nullable(),
  disabledTools: z.array(z.string()).nullable(),
});
export type AcrossCell = z.infer<typeof AcrossCellSchema>;

export const AcrossRowSchema = z.object({
  identity: z.string(),
  /** The name most agents give it. */
  name: z.string(),
  cells: z.array(z.object({ profile: ProfileSchema, cell: AcrossCellSchema.nullable() })),
  differs: z.array(AcrossFieldSchema),
});
export type AcrossRow = z.infer<typeof AcrossRowSchema>;

export const AcrossViewSchema = z.object({
  agents: z.array(z.object({ profile: ProfileSchema, agent: z.string() })),
  rows: z.array(AcrossRowSchema),
});
export type AcrossView = z.infer<typeof AcrossViewSchema>;
