// OpenAI Codex CLI (AGENT-1). Sources: developers.openai.com/codex/mcp and openai/codex
// docs/config.md ("MCP servers": `[mcp_servers.<name>]` in $CODEX_HOME/config.toml, default
// ~/.codex/config.toml; `.codex/config.toml` only in a trusted project; command, args, env,
// env_vars, cwd, url, bearer_token_env_var, http_headers, env_http_headers, enabled,
// startup_timeout_sec (10 s) / _ms, tool_timeout_sec (60 s), enabled_tools, disabled_tools);
// codex-rs/core/src/mcp_connection_manager.rs (zed-industries/codex at 02abd9a): the model sees
// `mcp__<server>__<tool>` sanitised to [a-zA-Z0-9_-]; over 64 → a prefix + the 40-hex SHA-1 of
// the raw name; a name already taken is skipped. No `${VAR}` interpolation anywhere: secrets
// come through env_vars, bearer_token_env_var and env_http_headers. Legacy era only (AGENTS.md).
import { sha1 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { CODEX_RULES } from './rules';
import { StringRecordSchema } from '../../schemas/dialects/common';
import type { Transport } from '../../schemas/server';
import { commonShape, listLimits, needsTransport, sanitizeApiName, secondsToMs, PLAIN_SPELLING } from '../kit';
import { posInt, str } from '../fields';
import type { ProfileFacts } from '../types';

const transportOf = (e: Record<string, unknown>): Transport | null => (typeof e.command === 'string' ? 'stdio' : typeof e.url === 'string' ? 'http' : null);

const EnvVarSchema = z.union([z.string(), z.looseObject({ name: z.string(), source: z.enum(['local', 'remote']).optional() })]);
const ApprovalSchema = z.enum(['auto', 'prompt', 'writes', 'approve']);

/** Codex rejects unknown fields (`deny_unknown_fields`): so does the panel, before Codex does. */
export const CodexEntrySchema = z
  .strictObject({
    ...commonShape,
    env_vars: z.array(EnvVarSchema).optional(),
    bearer_token_env_var: z.string().min(1).optional(),
    http_headers: StringRecordSchema.optional(),
    env_http_headers: StringRecordSchema.optional(),
    oauth: z.looseObject({}).optional(),
    oauth_resource: z.string().optional(),
    scopes: z.array(z.string()).optional(),
    enabled: z.boolean().optional(),
    required: z.boolean().optional(),
    startup_timeout_sec: z.number().positive().optional(),
    startup_timeout_ms: z.number().int().positive().optional(),
    tool_timeout_sec: z.number().positive().optional(),
    enabled_tools: z.array(z.string()).optional(),
    disabled_tools: z.array(z.string()).optional(),
    default_tools_approval_mode: ApprovalSchema.optional(),
    tools: z.record(z.string(), z.looseObject({ approval_mode: ApprovalSchema.optional() })).optional(),
    supports_parallel_tool_calls: z.boolean().optional(),
  })
  .superRefine(needsTransport(transportOf, ['stdio', 'http']));

const MAX = 64;
/** qualify_tools: sanitised `mcp__<server>__<tool>`; over 64 → prefix + SHA-1 hex of the raw name. */
export function codexToolName(server: string, tool: string): string {
  const raw = `mcp__${server}__${tool}`;
  const name = sanitizeApiName(raw);
  if (name.length <= MAX) return name;
  const hash = bytesToHex(sha1(utf8ToBytes(raw)));
  return name.slice(0, MAX - hash.length) + hash;
}

export const CODEX: ProfileFacts = {
  id: 'codex',
  label: 'Codex CLI',
  shortLabel: 'Codex',
  format: 'toml',
  fileLayers: ['user', 'project'],
  serversKey: 'mcp_servers',
  entrySchema: CodexEntrySchema,
  fileSchema: z.looseObject({}),
  transportKeys: [],
  transports: ['stdio', 'http'],
  transportOf,
  // http_headers as written, env_http_headers (header → variable) as `${VAR}` the panel fills in.
  normalize: (e) => {
    const headers: Record<string, string> = { ...(e.http_headers as Record<string, string> | undefined) };
    for (const [h, v] of Object.entries((e.env_http_headers as Record<string, string> | undefined) ?? {})) headers[h] = `\${${v}}`;
    return Object.keys(headers).length ? { ...e, headers } : e;
  },
  expansion: () => 'none',
  expansionWhere: { en: 'nowhere (variables are named in env_vars, bearer_token_env_var and env_http_headers)', zh: '一律不展开（变量写在 env_vars、bearer_token_env_var 和 env_http_headers 中）' },
  missingVar: 'disable',
  form: {
    fields: [
      { key: 'enabled', kind: 'enabled', id: 'ed-enabled', label: 'editor.enabled' },
      { key: 'startup_timeout_sec', kind: 'number', id: 'ed-startup' },
      { key: 'tool_timeout_sec', kind: 'number', id: 'ed-tooltimeout' },
      { key: 'bearer_token_env_var', kind: 'text', id: 'ed-bearer', help: 'editor.authTokenEnvHelp', only: 'remote' },
    ],
  },
  serverSwitch: true,
  toolFilter: { allow: 'enabled_tools', deny: 'disabled_tools' },
  naming: {
    prefix: 'mcp__',
    sep: '__',
    namer: (server) => (tool) => codexToolName(server, tool),
    untruncated: (s, t) => sanitizeApiName(`mcp__${s}__${t}`),
    collisions: 'first-wins',
    whyKey: 'tools.why.firstWins', collisionEvent: false,
    limit: { max: MAX, enforced: true },
  },
  // No rule lists: per-server tool filters and approval modes (shared/permissions/codex-approval.ts).
  rules: CODEX_RULES,
  oauth: true,
  invalidYields: false,
  mergesSameName: true,
  idField: null,
  trust: 'trusted-projects',
  budgetField: null,
  // CTX-1: no tool or context limit stated: none found in its docs or issues (README).
  limits: () => [],
  era: 'legacy',
  // Captured from 0.171.0's session `initialize` (2025-06-18; `codex app-server`, `codex exec`) by
  // the agent contract suite (test/agents/capabilities/codex.json): no roots, no sampling.
  clientCapabilities: { elicitation: { form: {}, url: {} } },
  // No interpolation: variables by name in env_vars, bearer_token_env_var and env_http_headers (docs/config.md).
  spelling: { ...PLAIN_SPELLING, typeKey: null, typeWords: {}, headersKey: 'http_headers', tokenEnvField: 'bearer_token_env_var', envHeadersField: 'env_http_headers', forwardEnvField: 'env_vars' },
  stdioEntry: (command, args) => ({ command, args: [...args] }),
  deferral: () => ({ deferred: false, mechanism: null }),
  disclosureNote: () => null,
  deferredFields: [],
  connection: (e) => ({
    // startup 10 s and tool calls 60 s unless set.
    startupTimeoutMs: posInt(e.startup_timeout_ms) ?? secondsToMs(e.startup_timeout_sec) ?? 10_000,
    callTimeoutMs: secondsToMs(e.tool_timeout_sec) ?? 60_000,
    limits: listLimits(e.enabled_tools, e.disabled_tools),
    ...(str(e.bearer_token_env_var) ? { bearerTokenEnv: str(e.bearer_token_env_var) } : {}),
    // env_http_headers name variables Codex reads at connect time (normalize wrote them as `${VAR}`).
    ...(e.env_http_headers && typeof e.env_http_headers === 'object' && Object.keys(e.env_http_headers).length ? { literalVars: false } : {}),
  }),
};
