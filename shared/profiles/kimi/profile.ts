// Kimi Code (seed 002, CFG-1): ~/.kimi-code/mcp.json → <git root>/.mcp.json →
// <workspace>/.kimi-code/mcp.json, later wins. Every rule below is from seed 002.
import { KimiEntrySchema, KimiFileSchema, kimiIgnoredType } from './dialect';
import { TRANSPORT_ONLY } from '../../schemas/dialects/common';
import { KIMI_RULES } from '../../permissions/syntax';
import { kimiAuthToolName, kimiNamer, sanitizeKimiPart } from './naming';
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
  // config-schema.ts:59: Kimi reads `transport` only.
  transportKeys: TRANSPORT_ONLY,
  transports: ['stdio', 'http', 'sse'],
  // Seed 002 documents no expansion: tokens come through bearerTokenEnvVar.
  expansion: () => 'none',
  expansionWhere: 'expands.kimi',
  form: {
    fields: [
      { key: 'timeout', kind: 'number', id: 'ed-timeout', label: 'editor.timeout' },
      { key: 'enabled', kind: 'enabled', id: 'ed-enabled', label: 'editor.enabled' },
      { key: 'deferred', kind: 'flag', id: 'ed-deferred' },
      { key: 'startupTimeoutMs', kind: 'number', id: 'ed-startup' },
      { key: 'toolTimeoutMs', kind: 'number', id: 'ed-tooltimeout' },
      { key: 'bearerTokenEnvVar', kind: 'text', id: 'ed-bearer', help: 'editor.authTokenEnvHelp', only: 'remote' },
    ],
  },
  serverSwitch: true,
  toolFilter: { allow: 'enabledTools', deny: 'disabledTools' },
  // NAME-2: sanitise, collapse `_` runs, ≤ 64 with an FNV-1a tail; first claimant wins.
  naming: {
    prefix: 'mcp__',
    sep: '__',
    namer: kimiNamer,
    untruncated: (server, tool) => `mcp__${sanitizeKimiPart(server)}__${sanitizeKimiPart(tool)}`,
    collisions: 'first-wins',
    whyKey: 'tools.why.kimi', collisionEvent: true,
    authTool: kimiAuthToolName,
  },
  rules: KIMI_RULES,
  // §OAuth: an `authenticate` tool the model calls logs the server in.
  oauth: true,
  invalidYields: false,
  missingVar: 'disable',
  // Seed 002: "两层项目配置只在工作区被信任后才读（includeProject: this.trust.isTrusted()）".
  trust: 'workspace-trust',
  // Seed 002: its startup timeout (30 s unless `startupTimeoutMs`, the `mcp` section or
  // KIMI_MCP_* say otherwise) is what it waits for every server: raising it gives a slow one its turn.
  budgetField: 'startupTimeoutMs',
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
      callTimeoutMs: posInt(e.toolTimeoutMs) ?? posInt(e.timeout) ?? d.toolTimeoutMs,
      // Startup timeout defaults to 30 s.
      startupTimeoutMs: posInt(e.startupTimeoutMs) ?? d.startupTimeoutMs ?? KIMI_DEFAULTS.startupTimeoutMs,
      limits: { ...(enabledTools ? { enabledTools } : {}), ...(disabledTools ? { disabledTools } : {}) },
      bearerTokenEnv: str(e.bearerTokenEnvVar) || undefined,
    };
  },
  ignoredField: (entry) => {
    const message = kimiIgnoredType(entry);
    return message ? { field: 'type', message } : null;
  },
};
