// Windsurf / Cascade (AGENT-1). Sources: docs.windsurf.com/windsurf/cascade/mcp (the file
// ~/.codeium/windsurf/mcp_config.json, "same schema as Claude Desktop"; remote `serverUrl`;
// "100 tools in total") and AGENTS.md Table 1a/1b ([doc], [3p] for `${env:VAR}`). No project file.
import { z } from 'zod';
import { WHOLE_NAME_RULES } from '../../permissions/syntax';
import { PLAIN, commonShape, envColonToDollar, mapStrings, needsTransport, typedTransport, PLAIN_SPELLING } from '../kit';
import type { ProfileFacts } from '../types';

const transportOf = (e: Record<string, unknown>) => typedTransport(e);

export const WindsurfEntrySchema = z
  .looseObject({ ...commonShape, serverUrl: z.string().min(1).optional(), url: z.string().min(1).optional() })
  .superRefine(needsTransport((e) => transportOf({ ...e, url: e.serverUrl ?? e.url }), ['stdio', 'http', 'sse']));

export const WINDSURF: ProfileFacts = {
  ...PLAIN,
  id: 'windsurf',
  label: 'Windsurf',
  shortLabel: 'Windsurf',
  format: 'json',
  fileLayers: ['user'],
  serversKey: 'mcpServers',
  entrySchema: WindsurfEntrySchema,
  fileSchema: z.looseObject({}),
  transportKeys: ['type'],
  transports: ['stdio', 'http', 'sse'],
  transportOf,
  normalize: (e) => {
    const out = mapStrings(e, envColonToDollar) as Record<string, unknown>;
    if (out.url === undefined && typeof out.serverUrl === 'string') out.url = out.serverUrl;
    return out;
  },
  expansion: () => 'entry',
  expansionWhere: { en: 'as ${env:NAME}', zh: '以 ${env:NAME} 的形式' },
  missingVar: 'disable',
  form: { fields: [] },
  naming: { prefix: '', sep: '', namer: () => (t) => t, untruncated: (_s, t) => t, collisions: 'first-wins', whyKey: 'tools.why.firstWins', collisionEvent: false },
  rules: WHOLE_NAME_RULES,
  oauth: true,
  trust: 'panel',
  budgetField: null,
  // CTX-1: "a limit of 100 total tools … at any given time" (docs.windsurf.com cascade/mcp); what
  // happens past it the page does not say.
  limits: () => [{ kind: 'cap', max: 100, per: 'total', past: 'unstated' }],
  era: 'unknown',
  clientCapabilities: null,
  // Remote servers are `serverUrl` (docs.windsurf.com "mcp_config.json").
  spelling: { ...PLAIN_SPELLING, typeKey: null, typeWords: {}, urlKey: { http: 'serverUrl', sse: 'serverUrl' }, variable: 'env-colon' },
  stdioEntry: (command, args) => ({ command, args: [...args] }),
};
