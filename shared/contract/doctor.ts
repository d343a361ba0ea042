// The launch doctor: why each stdio server does not start, as a reason code
// with params (the renderer and the CLI word it, UI-9), the environment servers start in
// (item 6), and "try launch": one start outside the pool, with what it printed.
import { z } from 'zod';
import { method, ACTION } from '../rpc';
import { ProtocolEraSchema, ReasonCodeSchema, ReasonParamsSchema, ServerStateKindSchema } from '../schemas/server';

const Id = z.string().min(1).max(512);

export const DiagnosisSchema = z.object({ code: ReasonCodeSchema, params: ReasonParamsSchema, reason: z.string() });

/** Why the login shell's environment is not the one servers start in. */
export const LaunchEnvNoteCodeSchema = z.enum(['no_shell', 'timeout', 'failed', 'unparsable']);

export const LaunchEnvInfoSchema = z.object({
  source: z.enum(['login-shell', 'process']),
  shell: z.string().nullable(),
  ms: z.number(),
  note: z.object({ code: LaunchEnvNoteCodeSchema, detail: z.string() }).nullable(),
  /** The PATH stdio servers start with, before an entry's own env. */
  path: z.string(),
});

export const DoctorServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: ServerStateKindSchema,
  diagnosis: DiagnosisSchema.nullable(),
  /** PROTO-1: the negotiated era and protocol version of a connected server, else null. */
  era: ProtocolEraSchema.nullable(),
  protocolVersion: z.string().nullable(),
});
export type DoctorServer = z.infer<typeof DoctorServerSchema>;

export const TryLaunchResultSchema = z.object({
  command: z.string(),
  args: z.array(z.string()),
  cwd: z.string(),
  started: z.boolean(),
  answered: z.boolean(),
  exit: z.object({ code: z.number().nullable(), signal: z.string().nullable() }).nullable(),
  timedOut: z.boolean(),
  ms: z.number(),
  stdout: z.array(z.string()),
  stderr: z.array(z.string()),
  diagnosis: DiagnosisSchema.nullable(),
});
export type TryLaunchOutcome = z.infer<typeof TryLaunchResultSchema>;

/** Try launch waits this long unless asked otherwise; at most TRY_LAUNCH_MAX_MS. */
export const TRY_LAUNCH_DEFAULT_MS = 5_000;
export const TRY_LAUNCH_MAX_MS = 30_000;

export const doctorMethods = {
  /** Every stdio server (or the one `id`), each with its diagnosis or null, and the launch environment. */
  'doctor.run': method(z.object({ id: Id.optional() }), z.object({ launchEnv: LaunchEnvInfoSchema, servers: z.array(DoctorServerSchema) }), ACTION, ['not-found', 'refused', 'unsupported']),
  /** Starts the server once outside the pool (short timeout) and answers what it printed. */
  'doctor.tryLaunch': method(z.object({ id: Id, timeoutMs: z.number().int().min(200).max(TRY_LAUNCH_MAX_MS).optional() }), TryLaunchResultSchema, ACTION, ['not-found', 'refused', 'unsupported']),
};
