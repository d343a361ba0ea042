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

/** CFG-5: a problem in a file or an entry, said from `problem.<code>` (issue 22: never English only). */
export const ProblemCodeSchema = z.enum([
  'top-not-object',
  'not-array',
  'servers-twice',
  'not-utf8',
  'servers-not-object',
  'needs-id',
  'entry-unreadable',
  'entry-too-deep',
  'entry-not-object',
  'field',
  'needs-command',
  'needs-url',
  'needs-target',
  'type-transport',
  'not-http-url',
  'var-unset-one',
  'var-unset-many',
  'reserved-name',
  'keychain-list',
  'literal-vars',
  'var-kept-one',
  'var-kept-many',
  // AGENT-2 (issue 42): what the agent itself skips or refuses, and keys it does not read.
  'agent-skips',
  'servers-key-missing',
  'servers-key-missing-found',
  'servers-key-unread',
  'servers-top-level',
  'file-ref-missing',
  'input-undeclared',
  // Said after var-unset-*, as `more`.
  'var-misplaced-one',
  'var-misplaced-many',
  'var-elsewhere-one',
  'var-elsewhere-many',
]);
export type ProblemCode = z.infer<typeof ProblemCodeSchema>;
const ProblemPartSchema = z.object({ code: ProblemCodeSchema, params: NoteParamsSchema });
/** `server`: the entry the problem is about, said before the sentence ("name: …"); `more`: sentences said right after it. */
export const ProblemNoteSchema = ProblemPartSchema.extend({ server: z.string().optional(), more: z.array(ProblemPartSchema).optional() });
export type ProblemNote = z.infer<typeof ProblemNoteSchema>;

/** NAME-4: where an agent shows a tool under something other than its raw name. */
export const NamingWarningSchema = z.object({
  code: z.enum(['dropped', 'wrapped', 'needs-auth', 'late', 'refused', 'renamed', 'differs', 'too-long']),
  params: z.record(z.string(), z.string()),
});
export type NamingWarning = z.infer<typeof NamingWarningSchema>;
export type NamingWarningCode = NamingWarning['code'];
