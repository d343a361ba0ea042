// Kimi Code dialect (seed 002): ~/.kimi-code/mcp.json → <git root>/.mcp.json →
// <cwd>/.kimi-code/mcp.json. Kimi's own code spells the transport `transport` and ignores
// `type` (seed 002 config-schema.ts:59); the panel shows what Kimi will do and says so.
import { z } from 'zod';
import { baseEntryShape, checkTransportFields, inferTransport, PositiveMsSchema, TRANSPORT_ONLY } from '../../schemas/dialects/common';

export const KimiEntrySchema = z
  .looseObject({
    ...baseEntryShape,
    /** DISC-3: tools are loaded on demand (select_tools), not listed up front. */
    deferred: z.boolean().optional(),
    startupTimeoutMs: PositiveMsSchema.optional(),
    toolTimeoutMs: PositiveMsSchema.optional(),
    enabledTools: z.array(z.string()).optional(),
    disabledTools: z.array(z.string()).optional(),
    /** AUTH-4: env variable holding a bearer token, read at connect time. */
    bearerTokenEnvVar: z.string().min(1).optional(),
    /** Not read by Kimi: any value is kept as written, and warned about (kimiIgnoredType). */
    type: z.unknown().optional(),
  })
  .superRefine(checkTransportFields(TRANSPORT_ONLY));

/** A `type` Kimi will not read, and what it does instead (null when there is none). */
export function kimiIgnoredType(entry: Record<string, unknown>): string | null {
  if (!Object.hasOwn(entry, 'type')) return null;
  const t = inferTransport(entry, TRANSPORT_ONLY);
  // A `type` that says what Kimi does anyway changes nothing: no warning.
  if (t !== null && inferTransport({ type: entry.type }) === t) return null;
  const does = t === null ? '' : `; it connects over ${t === 'http' ? 'streamable HTTP' : t}`;
  return `Kimi ignores "type" (${JSON.stringify(entry.type)}) and reads only "transport"${does}`;
}

/** Global defaults: the config's `mcp` section (seed 002), overridden by KIMI_MCP_* env. */
export const KimiMcpDefaultsSchema = z.looseObject({
  startupTimeoutMs: PositiveMsSchema.optional(),
  toolTimeoutMs: PositiveMsSchema.optional(),
});

export const KimiFileSchema = z.looseObject({
  mcpServers: z.record(z.string(), KimiEntrySchema).optional(),
  mcp: KimiMcpDefaultsSchema.optional(),
});

/** Environment overrides of the `mcp` section (CFG-2). */
export const KIMI_ENV = {
  startupTimeoutMs: 'KIMI_MCP_STARTUP_TIMEOUT_MS',
  toolTimeoutMs: 'KIMI_MCP_TOOL_TIMEOUT_MS',
} as const;

export const KIMI_DEFAULTS = {
  dataDir: '.kimi-code',
  /** Seed 002: startup timeout defaults to 30 s. */
  startupTimeoutMs: 30_000,
} as const;
