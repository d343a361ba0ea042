// Cline (AGENT-1). Sources, cline/cline at 21cb8d2 (2026-08-22):
// - apps/vscode/src/services/mcp/schemas.ts: `mcpServers.<name>`: stdio {type "stdio"?, command,
//   args, cwd, env}, SSE {type "sse"?, url, headers}, streamable HTTP {type "streamableHttp", url,
//   headers}; every entry `autoApprove` (tool names), `disabled`, `timeout` (seconds, 60 unless set,
//   1…3600); legacy `transportType` ("http" = streamable HTTP); the CLI's nested `{transport: {type,
//   …}}`. A `url` without `type` is SSE ("listed first … it will default to sse").
// - apps/vscode/src/services/mcp/McpHub.ts + src/utils/envExpansion.ts: the file is parsed with
//   JSON.parse (no comments), then `${env:NAME}` expands in every string; an unset one stays as written.
// - apps/vscode/src/hosts/vscode/mcp-settings-legacy-migration.ts (#11818, 2026-06-26): the file is
//   $CLINE_MCP_SETTINGS_PATH, else $CLINE_DATA_DIR/settings/, else ($CLINE_DIR or ~/.cline)/data/
//   settings/cline_mcp_settings.json; the VS Code extension's older file in its globalStorage
//   (saoudrizwan.claude-dev/settings/) is merged into it once.
// - sdk/packages/core/src/extensions/mcp/name-transform.ts: the model sees `<server>__<tool>`; a
//   name that is not API-safe or is over 64 becomes its sanitised first 55 characters + `_` + 8 hex
//   of SHA-1 over the raw name. How a repeated name is resolved is not in the source: first wins here.
// - apps/vscode/src/sdk/sdk-tool-policies.ts: a tool runs without asking only when it is in its
//   server's `autoApprove` (and MCP auto-approval is on in Cline's settings); otherwise Cline asks.
// No project layer: nothing of a workspace is read.
import { sha1 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { CLINE_RULES } from './rules';
import type { Transport } from '../../schemas/server';
import { PLAIN, PLAIN_SPELLING, commonShape, envColonToDollar, mapStrings, needsTransport, sanitizeApiName, secondsToMs } from '../kit';
import type { ProfileFacts } from '../types';
import { isRecord } from '../../is-record';


/** The CLI's `{transport: {type, …}}` hoisted, as the extension's schema does. */
function hoist(e: Record<string, unknown>): Record<string, unknown> {
  if (!isRecord(e.transport)) return e;
  const { transport, ...rest } = e;
  return { ...transport, ...rest };
}

function transportOf(e: Record<string, unknown>): Transport | null {
  const t = e.type ?? (e.transportType === 'http' ? 'streamableHttp' : e.transportType);
  if (t === 'stdio') return 'stdio';
  if (t === 'sse') return 'sse';
  if (t === 'streamableHttp') return 'http';
  if (t !== undefined) return null;
  if (typeof e.command === 'string') return 'stdio';
  return typeof e.url === 'string' ? 'sse' : null;
}

export const ClineEntrySchema = z
  .looseObject({
    ...commonShape,
    type: z.enum(['stdio', 'sse', 'streamableHttp']).optional(),
    autoApprove: z.array(z.string()).optional(),
    disabled: z.boolean().optional(),
    timeout: z.number().min(1).max(3600).optional(),
  })
  .superRefine((e, ctx) => needsTransport(transportOf, ['stdio', 'http', 'sse'])(hoist(e), ctx));

const MAX = 64;
/** name-transform.ts defaultMcpToolNameTransform. */
export function clineToolName(server: string, tool: string): string {
  const raw = `${server}__${tool}`;
  const safe = sanitizeApiName(raw);
  if (safe === raw && raw.length <= MAX) return raw;
  return `${safe.slice(0, MAX - 9) || 'mcp_tool'}_${bytesToHex(sha1(utf8ToBytes(raw))).slice(0, 8)}`;
}

export const CLINE: ProfileFacts = {
  ...PLAIN,
  id: 'cline',
  label: 'Cline',
  shortLabel: 'Cline',
  format: 'json',
  fileLayers: ['user'],
  serversKey: 'mcpServers',
  entrySchema: ClineEntrySchema,
  fileSchema: z.looseObject({}),
  transportKeys: ['type'],
  transports: ['stdio', 'http', 'sse'],
  transportOf,
  normalize: (e) => mapStrings(hoist(e), envColonToDollar) as Record<string, unknown>,
  expansion: () => 'entry',
  expansionWhere: { en: 'as ${env:NAME}', zh: '以 ${env:NAME} 的形式' },
  missingVar: 'keep',
  form: { fields: [{ key: 'timeout', kind: 'number', id: 'ed-timeout' }] },
  serverSwitch: true,
  naming: {
    prefix: '',
    sep: '__',
    namer: (server) => (tool) => clineToolName(server, tool),
    untruncated: (s, t) => `${s}__${t}`,
    collisions: 'first-wins',
    whyKey: 'tools.why.firstWins',
    collisionEvent: false,
    limit: { max: MAX, enforced: true },
  },
  rules: CLINE_RULES,
  oauth: true,
  trust: 'panel',
  budgetField: null,
  // CTX-1: no tool or context limit stated: none found in its docs or issues (README).
  limits: () => [],
  era: 'unknown',
  clientCapabilities: null,
  // `type` for every transport; a bare `url` would mean SSE to Cline (schemas.ts).
  spelling: { ...PLAIN_SPELLING, typeWords: { stdio: 'stdio', sse: 'sse', http: 'streamableHttp' }, variable: 'env-colon', switchKey: 'disabled' },
  stdioEntry: (command, args) => ({ type: 'stdio', command, args: [...args] }),
  // `timeout` in seconds, 60 unless set.
  connection: (e) => ({ callTimeoutMs: secondsToMs(e.timeout) ?? 60_000 }),
};
