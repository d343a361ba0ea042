// CONN-11 on screen (issue 22): what changed in a server's tool list since the user last
// accepted it, old → new, so a rewritten description (a tool-poisoning vector) is read before
// it is accepted. Texts are sent as the server wrote them; the page diffs them line by line.
import { z } from 'zod';
import { method, READ, serverContent } from '../rpc';
import { FindingSchema } from '../trust/finding';
import { ProfileSchema } from '../schemas/server';

/** The counts a Servers row flags (null: unchanged or never accepted). */
export const ToolsChangedSchema = z.object({ added: z.number().int(), removed: z.number().int(), changed: z.number().int() });

/** One definition as text: the description as written, schemas and annotations as indented JSON. */
export const ToolTextSchema = z.object({
  title: z.string().nullable(),
  description: z.string().nullable(),
  inputSchema: z.string().nullable(),
  outputSchema: z.string().nullable(),
  annotations: z.string().nullable(),
});
export type ToolText = z.infer<typeof ToolTextSchema>;
export const TOOL_TEXT_FIELDS = ['title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const satisfies readonly (keyof ToolText)[];

/** CONN-11: a finding on a new or changed tool's new text; `fresh`: the accepted text did not have it. */
export const DiffFindingSchema = FindingSchema.extend({ fresh: z.boolean() });
export type DiffFinding = z.infer<typeof DiffFindingSchema>;

export const SnapshotDiffViewSchema = z.object({
  serverId: z.string(),
  serverName: z.string(),
  added: z.array(z.object({ name: z.string(), after: ToolTextSchema, findings: z.array(DiffFindingSchema) })),
  removed: z.array(z.object({ name: z.string(), before: ToolTextSchema })),
  changed: z.array(z.object({ name: z.string(), fields: z.array(z.enum(TOOL_TEXT_FIELDS)), before: ToolTextSchema, after: ToolTextSchema, findings: z.array(DiffFindingSchema) })),
  /** Issue 38 item 1: every entry, in every agent, that runs this server: accepting applies to all of them. */
  appliesTo: z.array(z.object({ profile: ProfileSchema, name: z.string() })).default([]),
});
export type SnapshotDiffView = z.infer<typeof SnapshotDiffViewSchema>;

export const snapshotsMethods = {
  /** CONN-11: the change since the accepted snapshot, every changed text old and new; null when none. */
  'tools.snapshotDiff': method(z.object({ id: z.string().min(1).max(512) }), SnapshotDiffViewSchema.nullable(), serverContent(READ), ['not-found', 'unavailable']),
};
