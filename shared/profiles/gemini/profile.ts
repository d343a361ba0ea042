// Gemini CLI (AGENT-1). Sources, google-gemini/gemini-cli at 5411f11 (2026-08-21):
// docs/tools/mcp-server.md; packages/core/src/config/config.ts MCPServerConfig (command, args,
// env, cwd, url, httpUrl, headers, type, timeout, trust, includeTools, excludeTools, oauth…);
// packages/core/src/tools/mcp-client.ts createUrlTransport (httpUrl → streamable HTTP; url +
// type; url alone → streamable HTTP); packages/cli/src/utils/envVarResolver.ts ($VAR, ${VAR},
// ${VAR:-default}; an unset variable is left as written); packages/core/src/tools/mcp-tool.ts
// generateValidName (`mcp_` + server + `_` + tool, [^a-zA-Z0-9_\-.:] → `_`, over 63 → first 30
// + '...' + last 30); packages/cli/src/config/trustedFolders.ts (folder trust on by default).
import { z } from 'zod';
import { GEMINI_RULES } from './rules';
import type { Transport } from '../../schemas/server';
import { bareDollarToBraced, commonShape, listLimits, mapStrings, needsTransport, PLAIN_SPELLING } from '../kit';
import { posInt } from '../fields';
import type { ProfileFacts } from '../types';

function transportOf(e: Record<string, unknown>): Transport | null {
  if (typeof e.httpUrl === 'string') return 'http';
  if (typeof e.url === 'string') return e.type === 'sse' ? 'sse' : e.type === undefined || e.type === 'http' ? 'http' : null;
  return typeof e.command === 'string' ? 'stdio' : null;
}

export const GeminiEntrySchema = z
  .looseObject({
    ...commonShape,
    url: z.string().min(1).optional(),
    httpUrl: z.string().min(1).optional(),
    type: z.enum(['sse', 'http']).optional(),
    timeout: z.number().optional(),
    trust: z.boolean().optional(),
    includeTools: z.array(z.string()).optional(),
    excludeTools: z.array(z.string()).optional(),
  })
  .superRefine(needsTransport(transportOf, ['stdio', 'http', 'sse']));

const LIMIT = 63;
/** generateValidName: sanitise, then cut the middle of a name over 63 characters. */
export function geminiToolName(server: string, tool: string): string {
  const name = `mcp_${server}_${tool}`.replace(/[^a-zA-Z0-9_\-.:]/g, '_');
  return name.length > LIMIT ? `${name.slice(0, 30)}...${name.slice(-30)}` : name;
}

/** The editor's per-server fields: `timeout` (ms) and `trust` (skip Gemini's confirmations). Qwen Code, a fork, has the same. */
export const GEMINI_FORM: ProfileFacts['form'] = {
  fields: [
    { key: 'timeout', kind: 'number', id: 'ed-timeout', label: 'editor.timeout' },
    { key: 'trust', kind: 'flag', id: 'ed-trust' },
  ],
};

export const GEMINI: ProfileFacts = {
  id: 'gemini',
  label: 'Gemini CLI',
  shortLabel: 'Gemini CLI',
  format: 'json',
  fileLayers: ['user', 'project'],
  serversKey: 'mcpServers',
  entrySchema: GeminiEntrySchema,
  fileSchema: z.looseObject({}),
  transportKeys: ['type'],
  transports: ['stdio', 'http', 'sse'],
  transportOf,
  normalize: (e) => {
    const out = mapStrings(e, bareDollarToBraced) as Record<string, unknown>;
    if (typeof out.httpUrl === 'string') out.url = out.httpUrl;
    return out;
  },
  // Every string of settings.json is resolved (resolveEnvVarsInObject over the whole file).
  expansion: () => 'entry',
  expansionWhere: { en: 'everywhere', zh: '在所有位置' },
  missingVar: 'keep',
  form: GEMINI_FORM,
  serverSwitch: false,
  // `excludeTools` takes precedence over `includeTools` (docs/tools/mcp-server.md).
  toolFilter: { allow: 'includeTools', deny: 'excludeTools' },
  naming: {
    prefix: 'mcp_',
    sep: '_',
    namer: (server) => (tool) => geminiToolName(server, tool),
    untruncated: (s, t) => `mcp_${s}_${t}`.replace(/[^a-zA-Z0-9_\-.:]/g, '_'),
    // "on exact duplicates the last registration wins" (AGENTS.md Table 1b).
    collisions: 'last-wins',
    whyKey: 'tools.why.lastWins', collisionEvent: false,
    limit: { max: LIMIT, enforced: true },
  },
  // Its policy engine (shared/permissions/gemini-policy.ts).
  rules: GEMINI_RULES,
  oauth: true,
  invalidYields: false,
  idField: null,
  trust: 'folder-trust',
  budgetField: null,
  // CTX-1: the Gemini API takes at most 512 function declarations a request and answers 400 past
  // them (google-gemini/gemini-cli#19083, #25440; README).
  limits: () => [{ kind: 'cap', max: 512, per: 'request', past: 'refused' }],
  // 0.61.0 sends a 2025-06-18 `initialize` and fails against a 2026-07-28-only server (agent contract suite).
  era: 'legacy',
  // Captured from 0.61.0's session `initialize` (2025-06-18) by the agent contract suite
  // (test/agents/capabilities/gemini.json); its `mcp list` health check declares nothing.
  clientCapabilities: { roots: { listChanged: true } },
  // `httpUrl` is streamable HTTP, `url` + `type: "sse"` SSE (mcp-client.ts createUrlTransport).
  spelling: { ...PLAIN_SPELLING, urlKey: { http: 'httpUrl' }, defaults: true },
  stdioEntry: (command, args) => ({ command, args: [...args] }),
  deferral: () => ({ deferred: false, mechanism: null }),
  disclosureNote: () => null,
  deferredFields: [],
  // `timeout` in ms (default 600 000).
  connection: (e) => ({ callTimeoutMs: posInt(e.timeout), limits: listLimits(e.includeTools, e.excludeTools) }),
};
