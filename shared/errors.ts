// Errors cross every boundary as data (DESIGN.md): a Result is either a value or an error
// with a string code the UI can switch on and a message that says what to do next (UI-9).
import { z } from 'zod';

export const ErrorCodeSchema = z.enum([
  'invalid-input', // the host refused the payload (SEC-1: every IPC payload validated)
  'invalid-output', // the renderer client refused what the host answered
  'unknown-method',
  'not-found', // no such server / profile / workspace
  'unavailable', // the service behind the method is not wired (yet) on this host
  'unsupported', // the method makes no sense on this host (e.g. openExternal in a browser)
  'refused', // a guard said no (URL not http(s), untrusted sender …)
  'conflict', // the file changed on disk since it was read (CFG-7)
  'config', // a config file could not be read or parsed
  'transport', // the bridge could not reach the host
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const RpcErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  data: z.unknown().optional(),
});
export type RpcError = z.infer<typeof RpcErrorSchema>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: RpcError };

export const ResultEnvelopeSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: RpcErrorSchema }),
]);

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail(code: ErrorCode, message: string, data?: unknown): { ok: false; error: RpcError } {
  return { ok: false, error: data === undefined ? { code, message } : { code, message, data } };
}

/** Thrown inside a handler to answer with a specific code; anything else becomes `internal`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function toRpcError(err: unknown): RpcError {
  if (err instanceof AppError) return err.data === undefined ? { code: err.code, message: err.message } : { code: err.code, message: err.message, data: err.data };
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message };
}
