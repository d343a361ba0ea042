// Minara dialect (seed 001): remote streamable-HTTP servers only; the key is the id unless
// the entry's own `id` overrides it.
import { z } from 'zod';
import { HttpUrlSchema, PositiveMsSchema, StringRecordSchema } from '../../schemas/dialects/common';

/** Seed 001: "不支持僅 SSE 的端點" — an explicit sse transport or an `/sse` endpoint path. */
export function minaraSseReason(entry: Record<string, unknown>): string | null {
  for (const key of ['type', 'transport'] as const) {
    const v = entry[key];
    if (v !== undefined && v !== 'http' && v !== 'streamable-http') {
      return `minara supports streamable HTTP only ("${key}": ${JSON.stringify(v)})`;
    }
  }
  const url = entry.url;
  if (typeof url === 'string' && /\/sse\/?(?:[?#].*)?$/i.test(url)) {
    return `minara supports streamable HTTP only; "${url}" is an SSE-only endpoint`;
  }
  return null;
}

export const MinaraSubagentSchema = z.looseObject({
  systemPrompt: z.string().optional(),
  maxSteps: z.number().int().positive().optional(),
});

export const MinaraEntrySchema = z
  .looseObject({
    url: HttpUrlSchema,
    authTokenEnv: z.string().min(1).optional(),
    /** Read when present in a hand-written file; the panel never writes one (CFG-8). */
    authToken: z.string().optional(),
    headers: StringRecordSchema.optional(),
    timeoutMs: PositiveMsSchema.optional(),
    label: z.string().optional(),
    maxTools: z.number().int().positive().optional(),
    include: z.array(z.string()).optional(),
    subagent: MinaraSubagentSchema.optional(),
    id: z.string().min(1).optional(),
  })
  .superRefine((e, ctx) => {
    const reason = minaraSseReason(e);
    if (reason) ctx.addIssue({ code: 'custom', path: ['url'], message: reason });
  });

export const MinaraFileSchema = z.looseObject({
  mcpServers: z.record(z.string(), MinaraEntrySchema).optional(),
});

export const MINARA_DEFAULTS = {
  dataDir: '.minara',
  /** Seed 001: per-call timeout default. */
  timeoutMs: 30_000,
  /** Seed 001: hard cap on tools registered per server. */
  maxTools: 64,
} as const;

/** Seed 001: v1 single-server URL variables, each its own switch; the id is derived. */
export const MINARA_V1_URL_VARS = {
  MCP_EVM_RPC_URL: 'evm-rpc',
  MCP_ETHERSCAN_URL: 'etherscan',
  MCP_SOLSCAN_URL: 'solscan',
  MCP_GOPLUS_URL: 'goplus',
} as const;
