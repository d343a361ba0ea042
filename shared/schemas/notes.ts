// Codes for notes the host attaches to a profile's view (UI-9): the renderer and the CLI say
// them from shared/i18n/messages/notes.ts.
import { z } from 'zod';

/** DISC-3: how the selected profile defers, beside minimax's plan. */
export const ProfileNoteCodeSchema = z.enum(['kimi-deferred', 'kimi-none-deferred', 'minara']);
export type ProfileNoteCode = z.infer<typeof ProfileNoteCodeSchema>;

/** CFG-1 minara: why a layer holds nothing although it is there. */
export const LayerNoteCodeSchema = z.enum(['v1-ignored-env', 'v1-ignored-files', 'env-short-circuit']);
export type LayerNoteCode = z.infer<typeof LayerNoteCodeSchema>;

export const NoteParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** NAME-4: where an agent shows a tool under something other than its raw name. */
export const NamingWarningSchema = z.object({
  code: z.enum(['dropped', 'wrapped', 'needs-auth', 'renamed', 'differs', 'too-long']),
  params: z.record(z.string(), z.string()),
});
export type NamingWarning = z.infer<typeof NamingWarningSchema>;
export type NamingWarningCode = NamingWarning['code'];
