// Errors cross every boundary as data (DESIGN.md): a Result is either a value or an error
// with a string code the UI can switch on and a message that says what to do next (UI-9).
import { z } from 'zod';
import { err, type Err } from './result';

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

/**
 * The codes a config writer refusal becomes at the contract (besides invalid-input and internal,
 * which every method lists): electron/services/config/writer/errors.ts maps each writer code
 * onto one of these, so a method that writes lists them all.
 */
export const WRITE_REFUSALS = ['not-found', 'refused', 'conflict', 'config', 'unsupported'] as const satisfies readonly ErrorCode[];

const Params = z.record(z.string(), z.union([z.string(), z.number()]));

/** A file changed on disk since it was read (CFG-7): its path, the text read, the text now (masked), ours. */
export const ConflictSchema = z.object({ path: z.string(), base: z.string().nullable(), theirs: z.string().nullable(), ours: z.string() });
export type Conflict = z.infer<typeof ConflictSchema>;

/** One literal secret the writer refused (CFG-8): where, what kind, its length, the fix; never the value. */
export const SecretFindingSchema = z.object({ pointer: z.string(), kind: z.string(), hint: z.string(), fix: z.string(), length: z.number().optional(), fixCode: z.string().optional(), fixParams: Params.optional() });

/**
 * What an error carries beside its code and message (issue 36 item 1): one typed shape for every
 * method, so no front door casts it. A refusal fills the fields it needs; other fields pass
 * through (`detail`: what a parser or schema said, for the curious).
 */
export const ErrorDataSchema = z.looseObject({
  /** The refusal's own code, finer than `code` (conflict, untrusted, capability, inline_secret, not_installed …). */
  reason: z.string().optional(),
  /** The refusal in the catalogue's terms (UI-9): the page words it in its language (shared/i18n/write-errors.ts). */
  text: z.object({ key: z.string(), params: Params.optional(), detail: z.string().optional() }).optional(),
  params: Params.optional(),
  /** `capability`: the server capability the method needs; `method`: the protocol method the era dropped. */
  capability: z.string().optional(),
  method: z.string().optional(),
  /** invalid-input: what is wrong with each field (`fields`: a server's form; `problems`: a registry entry's form, REG-2). */
  fields: z.record(z.string(), z.string()).optional(),
  problems: z.array(z.object({ key: z.string(), code: z.string(), message: z.string() })).optional(),
  conflict: ConflictSchema.optional(),
  findings: z.array(SecretFindingSchema).optional(),
  detail: z.unknown().optional(),
  /** `internal` only: the code a handler answered that its method does not list (shared/rpc.ts). */
  undeclared: ErrorCodeSchema.optional(),
});
export type ErrorData = z.infer<typeof ErrorDataSchema>;

const pick = ErrorDataSchema.pick.bind(ErrorDataSchema);
/** What every refusal may say: its own code, its words (UI-9), their params, the raw detail. */
const WORDED = { reason: true, text: true, params: true, detail: true } as const;

/**
 * What `data` each code carries (issue 36 item 1): the fields of ErrorDataSchema a refusal of
 * that code fills. A method lists its codes (shared/rpc.ts `method`), each with its schema from
 * here, so a front door knows what it may find without a cast.
 */
export const ERROR_DATA = {
  'invalid-input': pick({ ...WORDED, fields: true, problems: true, findings: true }),
  'invalid-output': pick({ detail: true }),
  'unknown-method': pick({ detail: true }),
  'not-found': pick(WORDED),
  unavailable: pick({ ...WORDED, capability: true, method: true }),
  unsupported: pick({ ...WORDED, capability: true, method: true }),
  refused: pick({ ...WORDED, findings: true }),
  conflict: pick({ ...WORDED, conflict: true }),
  config: pick(WORDED),
  transport: pick({ detail: true }),
  internal: pick({ ...WORDED, undeclared: true }),
} satisfies Record<ErrorCode, z.ZodType>;

export const RpcErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  data: ErrorDataSchema.optional(),
});
export type RpcError = z.infer<typeof RpcErrorSchema>;

export const ResultEnvelopeSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: RpcErrorSchema }),
]);

/** A contract failure (shared/result.ts's Err with the contract's error). */
export function fail(code: ErrorCode, message: string, data?: ErrorData): Err<RpcError> {
  return err(data === undefined ? { code, message } : { code, message, data });
}

/** Thrown inside a handler to answer with a specific code; anything else becomes `internal`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data?: ErrorData,
  ) {
    super(message);
  }
}

export function toRpcError(err: unknown): RpcError {
  if (err instanceof AppError) return err.data === undefined ? { code: err.code, message: err.message } : { code: err.code, message: err.message, data: err.data };
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message };
}
