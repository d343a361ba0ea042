// Minara (seed 001, CFG-1): user `<dataDir>/mcp/servers.json`, project
// `<repo>/.minara/mcp/servers.json`; remote streamable-HTTP servers only. Every rule below is
// from seed 001.
import { MinaraEntrySchema, MinaraFileSchema } from './dialect';
import { TYPE_THEN_TRANSPORT } from '../../schemas/dialects/common';
import { MINARA_RULES } from '../../permissions/syntax';
import { minaraNamer, minaraQueryToolName } from './naming';
import { sanitizeApiPart } from '../../naming/schemes';
import { MINARA_DEFAULTS } from './dialect';
import { posInt, str, strArr } from '../fields';
import { PLAIN_SPELLING } from '../kit';
import type { ProfileFacts } from '../types';

export const MINARA: ProfileFacts = {
  id: 'minara',
  label: 'Minara',
  shortLabel: 'Minara',
  format: 'json',
  fileLayers: ['user', 'project'],
  serversKey: 'mcpServers',
  entrySchema: MinaraEntrySchema,
  fileSchema: MinaraFileSchema,
  transportKeys: TYPE_THEN_TRANSPORT,
  // "不支持僅 SSE 的端點": streamable HTTP only.
  transports: ['http'],
  // Documented with `Bearer ${SLACK_MCP_TOKEN}` in headers.
  expansion: () => 'headers',
  expansionWhere: { en: 'only in "headers"', zh: '仅在 "headers" 中' },
  form: {
    fields: [
      { key: 'authTokenEnv', kind: 'text', id: 'ed-authTokenEnv', help: 'editor.authTokenEnvHelp' },
      { key: 'label', kind: 'text', id: 'ed-label' },
      { key: 'timeoutMs', kind: 'number', id: 'ed-timeoutMs' },
      { key: 'maxTools', kind: 'number', id: 'ed-maxTools' },
    ],
    urlHelp: 'editor.minaraUrlHelp',
  },
  // No per-server switch.
  serverSwitch: false,
  toolFilter: { allow: 'include', deny: null },
  // NAME-3: `mcp_<id>_<tool>`; a `subagent` server is one `mcp_<id>_query` tool.
  naming: {
    prefix: 'mcp_',
    sep: '_',
    namer: minaraNamer,
    untruncated: (server, tool) => `mcp_${sanitizeApiPart(server)}_${sanitizeApiPart(tool)}`,
    collisions: 'first-wins',
    whyKey: 'tools.why.minara', collisionEvent: false,
    subagentTool: minaraQueryToolName,
  },
  rules: MINARA_RULES,
  // Seed 001 documents tokens by env variable (authTokenEnv) and no OAuth login.
  oauth: false,
  // "記錄後跳過": an invalid entry is skipped, so a broken override leaves the lower one.
  invalidYields: true,
  missingVar: 'disable',
  trust: 'panel',
  budgetField: null,
  // CTX-1 / DISC-3: every MCP tool is `defer_loading`, fetched through tool_search (seed 001).
  limits: () => [{ kind: 'defer-all' }],
  era: 'unknown',
  clientCapabilities: null,
  // Seed 001: tokens by variable name in authTokenEnv.
  spelling: { ...PLAIN_SPELLING, tokenEnvField: 'authTokenEnv' },
  stdioEntry: (command, args) => ({ command, args: [...args] }),
  idField: 'id',
  // Every MCP tool carries `defer_loading: true`.
  deferral: () => ({ deferred: true, mechanism: 'defer_loading' }),
  disclosureNote: () => 'minara',
  deferredFields: ['deferred', 'defer_loading'],
  // timeoutMs 30000 and maxTools 64 by default; authTokenEnv wins over authToken.
  connection: (e) => {
    const include = strArr(e.include);
    const tokenEnv = str(e.authTokenEnv);
    return {
      callTimeoutMs: posInt(e.timeoutMs) ?? MINARA_DEFAULTS.timeoutMs,
      limits: { maxTools: posInt(e.maxTools) ?? MINARA_DEFAULTS.maxTools, ...(include ? { include } : {}) },
      ...(tokenEnv ? { bearerTokenEnv: tokenEnv } : str(e.authToken) ? { bearerToken: str(e.authToken) } : {}),
    };
  },
};
