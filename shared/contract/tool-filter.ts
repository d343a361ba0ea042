// CONN-8 per-tool enable/disable where the agent reads such a field (kimi enabledTools /
// disabledTools, minara include, OpenCode's file-wide `tools` map; minimax has none), previewed before it is written: names that
// disappear or appear, collisions resolved or created, and the token budget (DISC-1).
import { z } from 'zod';
import { method, ACTION, READ } from '../rpc';
import { WRITE_REFUSALS } from '../errors';
import { LayerKindSchema, ProfileSchema } from '../schemas/server';
import { SaveOutcomeSchema } from './editor';
import { CollisionRowSchema } from './tools';

const NameRefSchema = z.object({ name: z.string(), serverName: z.string(), tool: z.string() });
/** The agent's own field names (its profile's toolFilter): every agent names them differently. */
const FieldSchema = z.string().max(100);
const EnabledSchema = z.array(z.string().min(1).max(500)).max(5000);

/** Why no toggle is offered: the agent has no per-tool field, the workspace is untrusted, the layer is read-only, the offer is unknown. */
export const ToolFilterBlockSchema = z.enum(['unsupported', 'untrusted', 'read_only', 'not_connected']);

export const ToolFilterPreviewSchema = z.object({
  serverId: z.string(),
  serverName: z.string(),
  profile: ProfileSchema,
  layer: LayerKindSchema,
  /** The fields this agent reads; empty = none (minimax). */
  fields: z.array(FieldSchema),
  blocked: ToolFilterBlockSchema.nullable(),
  path: z.string().nullable(),
  /** sha256 of the file as read for this preview: pass it back to save (CFG-7 conflict check). */
  hash: z.string().nullable(),
  /** Every tool the server offers: on now (`enabled`), on after the change (`wanted`), cut by a count cap (`capped`). */
  tools: z.array(z.object({ name: z.string(), enabled: z.boolean(), wanted: z.boolean(), capped: z.boolean() })),
  /** What would be written: a field's new list, or null to remove it. */
  patch: z.partialRecord(FieldSchema, z.array(z.string()).nullable()),
  /** Where the agent's switch is a file-wide map (OpenCode `tools`): each key written last with its value, or removed (null). */
  map: z.array(z.tuple([z.string(), z.boolean().nullable()])),
  disappear: z.array(NameRefSchema),
  appear: z.array(NameRefSchema),
  resolved: z.array(CollisionRowSchema),
  created: z.array(CollisionRowSchema),
  tokens: z.object({ before: z.number().int(), after: z.number().int() }),
});
export type ToolFilterPreview = z.infer<typeof ToolFilterPreviewSchema>;
export type ToolFilterSaved = z.infer<typeof SaveOutcomeSchema>;

export const toolFilterMethods = {
  /** The server's tool switches and, for `enabled` (absent: as it is), the effect of saving it. */
  'tools.previewToolFilter': method(z.object({ serverId: z.string().min(1), enabled: EnabledSchema.optional() }), ToolFilterPreviewSchema, READ, ['not-found', 'refused', 'unavailable']),
  /** Writes the switches through the config writer (comments and order kept; refusals as the editor's). */
  'tools.setToolFilter': method(z.object({ serverId: z.string().min(1), enabled: EnabledSchema, baseHash: z.string().nullable().default(null) }), SaveOutcomeSchema, ACTION, [...WRITE_REFUSALS, 'unavailable']),
};
