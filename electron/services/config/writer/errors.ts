// Writer errors cross the boundary as data (DESIGN.md): `{ok:false, error:{code, message, data}}`.
// The codes are finer than shared/errors.ts ErrorCode so the UI can offer the right fix;
// `toSharedError` maps them onto the contract's codes (the writer's code kept in data.reason).
import { SecretFindingSchema, type RpcError, type WRITE_REFUSALS } from '../../../../shared/errors';
import { writeErrorText } from '../../../../shared/i18n/write-errors';
import type { WriteKey } from '../../../../shared/i18n/messages/write';
import type { WriteErrorCode, WriteText } from '../../../../shared/schemas/write-error';
import { err, type Err } from '../../../../shared/result';

// Codes (shared/schemas/write-error.ts, so the renderer's catalogue can require a sentence each):
// conflict (CFG-7, data: ConflictData) · parse_error (CFG-5/SEC-3, never overwritten) ·
// duplicate_key (CFG-5) · encoding (not UTF-8, never rewritten) · unreadable (SEC-7: not a
// regular file, over the size cap) · busy (another process holds the write lock) · read_only
// (CFG-1: minimax project files, session/plugin/env) · inline_secret (CFG-8, data: findings) ·
// invalid_entry (dialect schema, data: issues) · invalid_target (no file for this layer) ·
// unsupported (minara has no `enabled`) · not_found · exists · io (the file system refused).
export type { WriteErrorCode, WriteText };

export interface WriteError {
  code: WriteErrorCode;
  /** English, from the same catalogue as `text` (CLI, --json, agents). */
  message: string;
  /** UI-9: the message as a key and params, for front doors that speak another language. */
  text?: WriteText;
  data?: unknown;
}

/** The writer answers shared/result.ts's Result with a WriteError (`Result<T, WriteError>`). */
export function errResult(code: WriteErrorCode, message: string, data?: unknown): Err<WriteError> {
  return err(data === undefined ? { code, message } : { code, message, data });
}

/**
 * A refusal said through the `write.*` catalogue: the code is the key's second part
 * (`write.invalid_entry.tooDeep` → invalid_entry), the English message is the catalogue's.
 */
export function refuse(key: WriteKey, params: WriteText['params'] = {}, opts: { detail?: string; data?: unknown } = {}): Err<WriteError> {
  const code = key.split('.')[1] as WriteErrorCode;
  const text: WriteText = { key, params, ...(opts.detail ? { detail: opts.detail } : {}) };
  const error: WriteError = { code, message: writeErrorText('en', text), text };
  return err(opts.data === undefined ? error : { ...error, data: opts.data });
}

/** The same refusal about a known file: its path leads the message (server-ops does not know it). */
export function inFile(error: WriteError, path: string): WriteError {
  if (!error.text) return { ...error, message: `${path}: ${error.message}` };
  const text = { ...error.text, params: { ...error.text.params, path } };
  return { ...error, text, message: writeErrorText('en', text) };
}

/** CFG-7 "show both, let the user choose": everything a diff view needs. */
export interface ConflictData {
  path: string;
  /** The text the caller read (null: the file did not exist then). */
  base: string | null;
  /** The text on disk now (null: deleted since). */
  theirs: string | null;
  /** What the panel would have written. */
  ours: string;
}

/** Onto the codes every writing method lists (shared/errors.ts WRITE_REFUSALS). */
const SHARED: Record<WriteErrorCode, (typeof WRITE_REFUSALS)[number] | 'invalid-input' | 'internal'> = {
  conflict: 'conflict',
  parse_error: 'config',
  duplicate_key: 'config',
  encoding: 'config',
  unreadable: 'config',
  busy: 'conflict',
  read_only: 'refused',
  inline_secret: 'refused',
  invalid_entry: 'invalid-input',
  invalid_target: 'invalid-input',
  unsupported: 'unsupported',
  not_found: 'not-found',
  exists: 'conflict',
  io: 'internal',
};

/** For the IPC contract: shared code, writer code in `data.reason`, original data in `data.detail`, words in `data.text`. */
export function toSharedError(e: WriteError): RpcError {
  // inline_secret: the findings as the contract types them (pointer, kind, length, fix; never a value).
  const findings = e.code === 'inline_secret' ? SecretFindingSchema.array().safeParse(e.data) : null;
  return { code: SHARED[e.code], message: e.message, data: { reason: e.code, detail: e.data, ...(findings?.success ? { findings: findings.data } : {}), ...(e.text ? { text: e.text } : {}) } };
}
