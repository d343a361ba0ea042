// Cursor (AGENT-1). Sources: cursor.com/docs/context/mcp ("Configuration locations": global
// ~/.cursor/mcp.json, project .cursor/mcp.json; "Config interpolation": ${env:NAME},
// ${userHome}, ${workspaceFolder}; `envFile`) and AGENTS.md Table 1a/1b (closed source: [doc],
// [3p]). A project entry wins over a global one of the same name.
import { z } from 'zod';
import { WHOLE_NAME_RULES } from '../../permissions/syntax';
import { PLAIN, commonShape, envColonToDollar, mapStrings, needsTransport, sanitizeApiName, typedTransport, PLAIN_SPELLING } from '../kit';
import type { ProfileFacts } from '../types';

const transportOf = (e: Record<string, unknown>) => typedTransport(e);

export const CursorEntrySchema = z
  .looseObject({ ...commonShape, url: z.string().min(1).optional(), type: z.string().optional(), envFile: z.string().optional() })
  .superRefine(needsTransport(transportOf, ['stdio', 'http', 'sse']));

/** Not documented by Cursor; shown as `mcp_<server>_<tool>`, API-safe (unverified, AGENTS.md). */
const namer = (server: string) => (tool: string) => `mcp_${sanitizeApiName(server)}_${sanitizeApiName(tool)}`;

export const CURSOR: ProfileFacts = {
  ...PLAIN,
  id: 'cursor',
  label: 'Cursor',
  shortLabel: 'Cursor',
  format: 'json',
  fileLayers: ['user', 'project'],
  serversKey: 'mcpServers',
  entrySchema: CursorEntrySchema,
  fileSchema: z.looseObject({}),
  transportKeys: ['type'],
  transports: ['stdio', 'http', 'sse'],
  transportOf,
  normalize: (e) => mapStrings(e, envColonToDollar) as Record<string, unknown>,
  expansion: () => 'entry',
  expansionWhere: { en: 'as ${env:NAME}', zh: '以 ${env:NAME} 的形式' },
  missingVar: 'disable',
  form: { fields: [] },
  naming: { prefix: 'mcp_', sep: '_', namer, untruncated: (s, t) => namer(s)(t), collisions: 'first-wins', whyKey: 'tools.why.firstWins', collisionEvent: false, limit: { max: 60, enforced: false } },
  rules: WHOLE_NAME_RULES,
  oauth: true,
  // Cursor asks before it starts a server and again after mcp.json changes (1.3): kept in its own state.
  trust: 'panel',
  budgetField: null,
  // CTX-1: "Cursor will only send the first 40 tools to the Agent" (docs.cursor.com "Tool
  // quantity", 2025, as quoted in public issues; today's page does not say): README "Limits".
  limits: () => [{ kind: 'cap', max: 40, per: 'total', past: 'truncated' }],
  era: 'unknown',
  clientCapabilities: null,
  // `type` only for SSE (a URL alone is streamable HTTP); `${env:NAME}` (docs "Config interpolation").
  spelling: { ...PLAIN_SPELLING, variable: 'env-colon', predefined: ['workspaceFolder', 'userHome'] },
  stdioEntry: (command, args) => ({ command, args: [...args] }),
};
