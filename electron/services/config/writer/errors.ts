// Writer errors cross the boundary as data (DESIGN.md): `{ok:false, error:{code, message, data}}`.
// The codes are finer than shared/errors.ts ErrorCode so the UI can offer the right fix;
// `toSharedError` maps them onto the contract's codes (the writer's code kept in data.reason).
import type { ErrorCode, RpcError } from '../../../../shared/errors';

export type WriteErrorCode =
  | 'conflict' // CFG-7: the file changed on disk since it was read (data: ConflictData)
  | 'parse_error' // CFG-5 / SEC-3: the file does not parse; never overwritten (data: line, column)
  | 'duplicate_key' // CFG-5: a key the edit depends on is written twice (data: line, column)
  | 'encoding' // CFG-7: not valid UTF-8; never rewritten (data: offset)
  | 'unreadable' // SEC-7: not a regular file, or over the size cap
  | 'busy' // SEC-7: another process holds the file's write lock
  | 'read_only' // CFG-1: minimax project files, session/plugin/env layers
  | 'inline_secret' // CFG-8: a literal secret would land in the file (data: SecretFinding[])
  | 'invalid_entry' // the dialect schema refused the entry (data: issues)
  | 'invalid_target' // no file for this (profile, layer, workspace)
  | 'unsupported' // the dialect has no such switch (minara has no `enabled`)
  | 'not_found' // no such server in that file
  | 'exists' // a server of that name is already in that file
  | 'io'; // the file system refused (permissions, disk full)

export interface WriteError {
  code: WriteErrorCode;
  message: string;
  data?: unknown;
}

export type WriteResult<T> = { ok: true; value: T } | { ok: false; error: WriteError };

export function okResult<T>(value: T): WriteResult<T> {
  return { ok: true, value };
}

export function errResult(code: WriteErrorCode, message: string, data?: unknown): { ok: false; error: WriteError } {
  return { ok: false, error: data === undefined ? { code, message } : { code, message, data } };
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

const SHARED: Record<WriteErrorCode, ErrorCode> = {
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

/** For the IPC contract: shared code, writer code in `data.reason`, original data in `data.detail`. */
export function toSharedError(e: WriteError): RpcError {
  return { code: SHARED[e.code], message: e.message, data: { reason: e.code, detail: e.data } };
}
