// Pieces the three dialects share. Schemas validate and keep every field as written
// (looseObject: unknown fields survive, CFG-7); they add no defaults, so a parsed entry
// can be written back without gaining keys. Defaults live in the *_DEFAULTS constants.
import { z } from 'zod';
import type { Transport } from '../server';

/** Server names no file may hold: they would poison a plain object on the agent's side (CFG-4 lists them for minimax). */
export const FORBIDDEN_SERVER_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** CFG-2: the `type` / `transport` values an entry may spell out. */
export const TransportTypeSchema = z.enum(['stdio', 'http', 'streamable-http', 'sse']);
export type TransportType = z.infer<typeof TransportTypeSchema>;

export const StringRecordSchema = z.record(z.string(), z.string());
export const PositiveMsSchema = z.number().int().positive();

/** Remote endpoints: http(s) only. A `${VAR}` host is checked after expansion, not here. */
export const HttpUrlSchema = z
  .string()
  .min(1)
  .refine((u) => /^https?:\/\//i.test(u), { message: 'must be an http:// or https:// URL', params: { problem: 'not-http-url' } });

/** `streamable-http` is `http` on the wire (shared/schemas/server.ts Transport). */
export function normaliseTransport(t: TransportType): Transport {
  return t === 'streamable-http' ? 'http' : t;
}

/**
 * The keys that name the transport, in the order an agent reads them (its profile says which).
 * Kimi's schema reads `transport` only (seed 002 config-schema.ts:59: `if ('transport' in obj)
 * return obj`, else inferred), so for Kimi `{"type": "sse", "url": …}` is streamable HTTP;
 * MiniMax reads `type`, then `transport`.
 */
export type TransportKeys = readonly ('type' | 'transport')[];
export const TYPE_THEN_TRANSPORT: TransportKeys = ['type', 'transport'];
export const TRANSPORT_ONLY: TransportKeys = ['transport'];

/**
 * CFG-2 inference: the explicit transport key(s), else `command` → stdio, `url` → http.
 * Null when nothing says which transport the entry means.
 */
export function inferTransport(entry: unknown, keys: TransportKeys = TYPE_THEN_TRANSPORT): Transport | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null;
  const e = entry as Record<string, unknown>;
  for (const key of keys) {
    const v = e[key];
    // A plain lookup, not a schema call: this runs for every entry of every load.
    if (typeof v === 'string' && (TransportTypeSchema.options as readonly string[]).includes(v)) return normaliseTransport(v as TransportType);
  }
  if (typeof e.command === 'string') return 'stdio';
  if (typeof e.url === 'string') return 'http';
  return null;
}

/**
 * Cross-field rules of a minimax/kimi entry: the transport must be knowable, stdio needs
 * `command`, remote needs `url`, and (minimax, which reads both) `type` and `transport` must
 * not disagree. Kimi has its own schema (shared/profiles/kimi/dialect.ts).
 */
export function checkTransportFields(keys: TransportKeys): (e: Record<string, unknown>, ctx: z.RefinementCtx) => void {
  return (e, ctx) => {
    const { type, transport } = e;
    if (keys.length > 1 && type !== undefined && transport !== undefined && type !== transport) {
      // `params.problem`: the loader's code for it (problem.*, issue 22), the rest its params.
      ctx.addIssue({ code: 'custom', path: ['transport'], message: `"type" (${String(type)}) and "transport" (${String(transport)}) disagree`, params: { problem: 'type-transport', type: String(type), transport: String(transport) } });
      return;
    }
    const t = inferTransport(e, keys);
    if (t === null) {
      ctx.addIssue({ code: 'custom', path: [], message: `needs "command" (stdio) or "url" (http/sse), or an explicit "${keys[0]}"`, params: { problem: 'needs-target', key: String(keys[0]) } });
      return;
    }
    if (t === 'stdio' && typeof e.command !== 'string') {
      ctx.addIssue({ code: 'custom', path: ['command'], message: 'a stdio server needs "command"', params: { problem: 'needs-command' } });
    }
    if (t !== 'stdio' && typeof e.url !== 'string') {
      ctx.addIssue({ code: 'custom', path: ['url'], message: `a ${t} server needs "url"`, params: { problem: 'needs-url', transport: t } });
    }
  };
}

/** Fields minimax and kimi entries have in common (CFG-2). */
export const baseEntryShape = {
  type: TransportTypeSchema.optional(),
  transport: TransportTypeSchema.optional(),
  command: z.string().min(1).optional(),
  args: z.array(z.string()).optional(),
  env: StringRecordSchema.optional(),
  cwd: z.string().min(1).optional(),
  url: HttpUrlSchema.optional(),
  headers: StringRecordSchema.optional(),
  /** Per-call timeout in ms (CONN-2: overrides the 120 s default). */
  timeout: PositiveMsSchema.optional(),
  enabled: z.boolean().optional(),
};
