// The config writer's refusal codes (CFG-5/7/8, SEC-3/7), shared so the renderer's catalogue
// can require a sentence for each one (UI-9). The meaning of each: electron/services/config/writer/errors.ts.
export const WRITE_ERROR_CODES = [
  'conflict',
  'parse_error',
  'duplicate_key',
  'encoding',
  'unreadable',
  'busy',
  'read_only',
  'inline_secret',
  'invalid_entry',
  'invalid_target',
  'unsupported',
  'not_found',
  'exists',
  'io',
] as const;
export type WriteErrorCode = (typeof WRITE_ERROR_CODES)[number];

/** What the renderer needs to say a refusal in its language: a message key, its params, the raw detail. */
export interface WriteText {
  key: string;
  params?: Record<string, string | number>;
  /** Untranslatable detail (an OS, parser or schema message), shown after the sentence. */
  detail?: string;
}
