// Kimi Code (seed 002, CFG-1): <KIMI_CODE_HOME>/mcp.json → <git root>/.mcp.json →
// <workspace>/.kimi-code/mcp.json, later wins. Seed 002 where the published agent agrees; where
// it is silent or says otherwise, @moonshot-ai/kimi-code 2.1.0 decides (README.md here lists
// every source: file, dist line, version).
import { KimiEntrySchema, KimiFileSchema, kimiIgnoredFields, kimiTransportOf } from './dialect';
import { TRANSPORT_ONLY } from '../../schemas/dialects/common';
import { KIMI_RULES } from '../../permissions/syntax';
import { kimiAuthToolName, kimiMarksNeedsAuth, kimiNamer, sanitizeKimiPart } from './naming';
import { KIMI_DEFAULTS } from './dialect';
import { posInt, str, strArr } from '../fields';
import { PLAIN_SPELLING } from '../kit';
import type { ProfileFacts } from '../types';

export const KIMI: ProfileFacts = {
  id: 'kimi',
  label: 'Kimi Code',
  shortLabel: 'Kimi',
  format: 'json',
  fileLayers: ['user', 'project', 'project-local'],
  serversKey: 'mcpServers',
  entrySchema: KimiEntrySchema,
  fileSchema: KimiFileSchema,
  // config-schema.ts:59: Kimi reads `transport` only, as written (`streamable-http` is invalid).
  transportKeys: TRANSPORT_ONLY,
  transports: ['stdio', 'http', 'sse'],
  transportOf: kimiTransportOf,
  // Seed 002 documents no expansion: tokens come through bearerTokenEnvVar.
  expansion: () => 'none',
  expansionWhere: { en: 'nowhere in mcp.json (a token goes in "bearerTokenEnvVar")', zh: '在 mcp.json 中一律不展开（令牌写在 "bearerTokenEnvVar" 中）' },
  form: {
    fields: [
      // No `timeout`: Kimi drops it (dialect.ts); its timeouts are the two fields below.
      { key: 'enabled', kind: 'enabled', id: 'ed-enabled', label: 'editor.enabled' },
      { key: 'deferred', kind: 'flag', id: 'ed-deferred' },
      { key: 'startupTimeoutMs', kind: 'number', id: 'ed-startup' },
      { key: 'toolTimeoutMs', kind: 'number', id: 'ed-tooltimeout' },
      { key: 'bearerTokenEnvVar', kind: 'text', id: 'ed-bearer', help: 'editor.authTokenEnvHelp', only: 'remote' },
    ],
  },
  serverSwitch: true,
  toolFilter: { allow: 'enabledTools', deny: 'disabledTools' },
  // NAME-2: sanitise, collapse `_` runs, ≤ 64 with a signed FNV-1a tail (naming.ts); the first
  // server to finish connecting wins a contested name (mcpService.ts registerMcpServer, dist:271524:
  // servers connect in parallel and register on the status change), the loser is dropped.
  naming: {
    prefix: 'mcp__',
    sep: '__',
    namer: kimiNamer,
    untruncated: (server, tool) => `mcp__${sanitizeKimiPart(server)}__${sanitizeKimiPart(tool)}`,
    collisions: 'first-wins',
    order: 'ready',
    whyKey: 'tools.why.kimi', collisionEvent: true,
    authTool: kimiAuthToolName,
    authToolFor: kimiMarksNeedsAuth,
  },
  rules: KIMI_RULES,
  // §OAuth: an `authenticate` tool the model calls logs the server in.
  oauth: true,
  invalidYields: false,
  missingVar: 'disable',
  // Seed 002: "两层项目配置只在工作区被信任后才读（includeProject: this.trust.isTrusted()）": Kimi's
  // own record per exact working folder (files.ts agentTrust).
  trust: 'workspace-trust',
  // Seed 002: its startup timeout (30 s unless `startupTimeoutMs`, config.toml `[mcp]` or
  // KIMI_MCP_* say otherwise) is what it waits for every server, over connect and tools/list
  // (connection-manager.ts connectOne, dist:103008): raising it gives a slow one its chance. A
  // miss is `failed` for the whole session (nothing retries it), not "this turn".
  budgetField: 'startupTimeoutMs',
  // CTX-1 / DISC-3: a `deferred: true` server's tools wait for select_tools (seed 002).
  limits: () => [{ kind: 'defer-marked', field: 'deferred' }],
  budgetMiss: 'session',
  // configLoader.ts:91-140 + workspaceMcpConfigService.ts:101-116 (dist:109267-109293, 121819-121831):
  // one entry its schema refuses (or a file that does not parse) in any file Kimi reads, and the
  // one Promise.all rejects: Kimi starts with none of its file or plugin MCP servers.
  invalidEntryVoidsAll: true,
  era: 'unknown',
  // @moonshot-ai/kimi-code 2.1.0 declares none (shared/profiles/kimi/README.md).
  clientCapabilities: {},
  // config-schema.ts:59: Kimi reads `transport`; a token by variable name (client-remote.ts).
  spelling: { ...PLAIN_SPELLING, typeKey: 'transport', tokenEnvField: 'bearerTokenEnvVar' },
  stdioEntry: (command, args) => ({ command, args: [...args] }),
  idField: null,
  // DISC-3: a `deferred: true` server's tools load through `select_tools`.
  deferral: (server) => (server.deferred ? { deferred: true, mechanism: 'select_tools' } : { deferred: false, mechanism: null }),
  disclosureNote: (any) => (any ? 'kimi-deferred' : 'kimi-none-deferred'),
  deferredFields: ['deferred'],
  connection: (e, d) => {
    const enabledTools = strArr(e.enabledTools);
    const disabledTools = strArr(e.disabledTools);
    return {
      // Per-server field > KIMI_MCP_* > config.toml [mcp] > built-in (docs/en/customization/mcp.md:64); `timeout` is dropped.
      callTimeoutMs: posInt(e.toolTimeoutMs) ?? d.toolTimeoutMs ?? KIMI_DEFAULTS.toolTimeoutMs,
      startupTimeoutMs: posInt(e.startupTimeoutMs) ?? d.startupTimeoutMs ?? KIMI_DEFAULTS.startupTimeoutMs,
      limits: { ...(enabledTools ? { enabledTools } : {}), ...(disabledTools ? { disabledTools } : {}) },
      bearerTokenEnv: str(e.bearerTokenEnvVar) || undefined,
    };
  },
  ignoredFields: kimiIgnoredFields,
};
