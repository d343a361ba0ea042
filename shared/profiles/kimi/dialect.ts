// Kimi Code dialect as @moonshot-ai/kimi-code 2.1.0 parses an entry (dist/main.mjs:109163-109224,
// region packages/agent-core-v2/src/mcpCore/config-schema.ts; README.md here has the sources):
// a `transport` key is taken as written (stdio | http | sse: `streamable-http` makes the entry
// invalid), else `command` → stdio, `url` → http. zod's `object()` then *drops* every key it does
// not know, silently: `type`, `timeout`, `disabled`, `autoApprove`… The panel keeps them in the
// file (CFG-7) and says, key by key, that Kimi ignores them (kimiIgnoredFields).
import { z } from 'zod';
import type { Transport } from '../../schemas/server';

/** McpTimeoutMsSchema: an integer from 1 to 2^31 − 1 (dist:109168). */
export const MAX_KIMI_TIMEOUT_MS = 2_147_483_647;
export const KimiTimeoutMsSchema = z.number().int().min(1).max(MAX_KIMI_TIMEOUT_MS);

const StringRecord = z.record(z.string(), z.string());

/** McpServerCommonFields. */
const COMMON = {
  enabled: z.boolean().optional(),
  /** DISC-3: tools are loaded on demand (select_tools), not listed up front. */
  deferred: z.boolean().optional(),
  startupTimeoutMs: KimiTimeoutMsSchema.optional(),
  toolTimeoutMs: KimiTimeoutMsSchema.optional(),
  enabledTools: z.array(z.string()).optional(),
  disabledTools: z.array(z.string()).optional(),
};

/** McpServerStdioConfigSchema: `cwd` may be ""; `executor: "kaos"` parses but fails at connect (dist:102507). */
const STDIO = {
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  env: StringRecord.optional(),
  cwd: z.string().optional(),
  executor: z.enum(['local', 'kaos']).optional(),
  runtime_id: z.string().min(1).optional(),
  ...COMMON,
};

/** McpServerHttpConfigSchema / McpServerSseConfigSchema: `url` is whatever zod's `url()` accepts. */
const REMOTE = {
  url: z.string().url(),
  headers: StringRecord.optional(),
  /** Only "oauth": marks a server with static headers as one that may still log in (K6). */
  auth: z.literal('oauth').optional(),
  /** AUTH-4: env variable holding a bearer token, read at connect time; unset or empty fails the connect. */
  bearerTokenEnvVar: z.string().min(1).optional(),
  ...COMMON,
};

const SHAPES = {
  stdio: z.looseObject({ transport: z.literal('stdio'), ...STDIO }),
  http: z.looseObject({ transport: z.literal('http'), ...REMOTE }),
  sse: z.looseObject({ transport: z.literal('sse'), ...REMOTE }),
} as const;

/** The fields Kimi keeps for an entry of this transport (everything else it drops). */
const KEPT: Record<Transport, ReadonlySet<string>> = {
  stdio: new Set(['transport', ...Object.keys(STDIO)]),
  http: new Set(['transport', ...Object.keys(REMOTE)]),
  sse: new Set(['transport', ...Object.keys(REMOTE)]),
};

/** The preprocess step of McpServerConfigSchema: the transport Kimi reads, or what it says instead. */
export function kimiTransport(entry: Record<string, unknown>): Transport | { invalid: unknown } | null {
  if (Object.hasOwn(entry, 'transport')) {
    const t = entry.transport;
    return t === 'stdio' || t === 'http' || t === 'sse' ? t : { invalid: t };
  }
  if (typeof entry.command === 'string') return 'stdio';
  if (typeof entry.url === 'string') return 'http';
  return null;
}

/** The transport of an entry Kimi can parse; null when Kimi refuses it (kimiTransport says why). */
export function kimiTransportOf(entry: Record<string, unknown>): Transport | null {
  const t = kimiTransport(entry);
  return typeof t === 'string' ? t : null;
}

export const KimiEntrySchema = z.looseObject({}).superRefine((entry, ctx) => {
  const t = kimiTransport(entry);
  if (t === null) {
    ctx.addIssue({ code: 'custom', path: [], message: 'needs "command" (stdio) or "url" (http), or a "transport"', params: { problem: 'needs-target', key: 'transport' } });
    return;
  }
  if (typeof t !== 'string') {
    ctx.addIssue({ code: 'custom', path: ['transport'], message: `Kimi takes "transport" ${JSON.stringify(t.invalid)} as written and knows only "stdio", "http" and "sse"` });
    return;
  }
  const parsed = SHAPES[t].safeParse({ ...entry, transport: t });
  if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

const TRANSPORT_WORDS: Record<Transport, string> = { stdio: 'stdio', http: 'streamable HTTP', sse: 'sse' };

/**
 * Every key Kimi drops from this entry, with what that means for the user. `disabled: true` is
 * the one that matters most: Kimi has no such switch, so the server stays on.
 */
export function kimiIgnoredFields(entry: Record<string, unknown>): { field: string; message: string }[] {
  const t = kimiTransportOf(entry);
  if (t === null) return [];
  const out: { field: string; message: string }[] = [];
  for (const key of Object.keys(entry)) {
    if (KEPT[t].has(key)) continue;
    out.push({ field: key, message: ignoredMessage(key, entry[key], t) });
  }
  return out;
}

function ignoredMessage(key: string, value: unknown, t: Transport): string {
  const shown = JSON.stringify(value) ?? String(value);
  if (key === 'type') {
    const says = value === 'streamable-http' ? 'http' : value;
    const does = says === t ? `; here both say ${TRANSPORT_WORDS[t]}` : `; it connects over ${TRANSPORT_WORDS[t]}`;
    return `Kimi ignores "type" (${shown}) and reads only "transport"${does}`;
  }
  if (key === 'disabled') return value === true ? 'Kimi ignores "disabled": the server stays ON for Kimi (its switch is "enabled": false)' : 'Kimi ignores "disabled" (its switch is "enabled": false)';
  if (key === 'timeout') return 'Kimi ignores "timeout": its timeouts are "startupTimeoutMs" and "toolTimeoutMs"';
  return `Kimi ignores "${key}" (not a field of a Kimi ${t === 'stdio' ? 'stdio' : 'remote'} server)`;
}

/**
 * McpSectionSchema (dist:121521-121553, app/mcpConfig/configSection.ts): the `[mcp]` section of
 * `<KIMI_CODE_HOME>/config.toml`, snake_case on disk. An invalid section is ignored whole
 * ("Ignored invalid config section", dist:190631).
 */
export const KimiMcpSectionSchema = z.object({
  startup_timeout_ms: KimiTimeoutMsSchema.optional(),
  tool_timeout_ms: KimiTimeoutMsSchema.optional(),
});

/** mcp.json: Kimi reads `mcpServers` only (parseMcpJsonServers, dist:109286); an `mcp` key there does nothing. */
export const KimiFileSchema = z.looseObject({ mcpServers: z.record(z.string(), z.unknown()).optional() }).superRefine((file, ctx) => {
  if (Object.hasOwn(file, 'mcp')) {
    ctx.addIssue({ code: 'custom', path: ['mcp'], message: 'Kimi ignores "mcp" in mcp.json: its global timeouts are [mcp] startup_timeout_ms and tool_timeout_ms in config.toml beside it (or KIMI_MCP_STARTUP_TIMEOUT_MS / KIMI_MCP_TOOL_TIMEOUT_MS)' });
  }
});

/** The two environment variables of the section (configSection.ts; no other KIMI_MCP_* exists). */
export const KIMI_ENV = {
  startupTimeoutMs: 'KIMI_MCP_STARTUP_TIMEOUT_MS',
  toolTimeoutMs: 'KIMI_MCP_TOOL_TIMEOUT_MS',
} as const;

export const KIMI_DEFAULTS = {
  dataDir: '.kimi-code',
  /** DEFAULT_STARTUP_TIMEOUT_MS = 3e4 (dist:102801). */
  startupTimeoutMs: 30_000,
  /** Kimi sets no call timeout: the MCP SDK's `options?.timeout ?? 6e4` applies (dist:66767). */
  toolTimeoutMs: 60_000,
} as const;
