// Claude Code (AGENT-1). Sources: code.claude.com/docs/en/mcp ("MCP installation scopes",
// "Environment variable expansion in .mcp.json"), code.claude.com/docs/en/permissions, and
// ../../../shared/AGENTS.md Table 1a/1b (Claude Code is closed source: [doc] and [3p]).
// Files: user = ~/.claude.json top-level `mcpServers`; project = <repo>/.mcp.json; local (the
// default scope of `claude mcp add`) = ~/.claude.json `projects["<abs path>"].mcpServers`.
// Precedence: local > project > user (docs "Scope hierarchy and precedence").
import { z } from 'zod';
import { CLAUDE_RULES } from '../../permissions/syntax';
import { commonShape, needsTransport, sanitizeApiName, typedTransport, PLAIN_SPELLING } from '../kit';
import { posInt } from '../fields';
import type { ProfileFacts } from '../types';
import { claudeCodeCheck } from './dialect';
import { toolSearchLimits } from './limits';

const transportOf = (e: Record<string, unknown>) => typedTransport(e);

/** `type`: stdio (the default), http, sse, ws; the panel cannot connect over WebSocket. */
export const ClaudeCodeEntrySchema = z
  .looseObject({
    ...commonShape,
    type: z.string().optional(),
    headersHelper: z.string().optional(),
    oauth: z.looseObject({}).optional(),
    timeout: z.number().optional(),
  })
  .superRefine(needsTransport(transportOf, ['stdio', 'http', 'sse']));

/** `mcp__<server>__<tool>` with the name parts made API-safe ([3p]: Claude Code normalises them). */
const namer = (server: string) => {
  const prefix = `mcp__${sanitizeApiName(server)}__`;
  return (tool: string) => prefix + sanitizeApiName(tool);
};

export const CLAUDE_CODE: ProfileFacts = {
  id: 'claude-code',
  label: 'Claude Code',
  shortLabel: 'Claude Code',
  format: 'json',
  fileLayers: ['user', 'project', 'project-local'],
  serversKey: 'mcpServers',
  entrySchema: ClaudeCodeEntrySchema,
  fileSchema: z.looseObject({}),
  transportKeys: ['type'],
  transports: ['stdio', 'http', 'sse'],
  transportOf,
  // AGENT-2: what the published CLI skips (dialect.ts), said in its words.
  agentCheck: claudeCodeCheck,
  // Docs: `${VAR}` and `${VAR:-default}` expand in `.mcp.json` (command, args, env, url,
  // headers); "If a required environment variable is not set and has no default value, Claude
  // Code will fail to parse the config". The docs name no expansion for ~/.claude.json. A plugin's
  // .mcp.json is such a file too (plugins-reference: "environment variables" beside ${CLAUDE_PLUGIN_ROOT}).
  expansion: (layer) => (layer === 'project' || layer === 'plugin' ? 'entry' : 'none'),
  expansionWhere: { en: "only in .mcp.json (a project's or a plugin's)", zh: '仅在 .mcp.json 中（项目或插件的）' },
  missingVar: 'disable',
  form: { fields: [{ key: 'timeout', kind: 'number', id: 'ed-timeout', label: 'editor.timeout' }] },
  // No per-entry switch: `/mcp` and `disabledMcpjsonServers` live outside the entry.
  serverSwitch: false,
  toolFilter: { allow: null, deny: null },
  naming: {
    prefix: 'mcp__',
    sep: '__',
    namer,
    untruncated: (s, t) => namer(s)(t),
    collisions: 'first-wins',
    whyKey: 'tools.why.firstWins', collisionEvent: false,
    // AGENTS.md Table 1b: the API takes ≤ 64 characters and Claude Code does not truncate,
    // so a longer name makes the request fail with a 400.
    limit: { max: 64, enforced: false },
  },
  rules: CLAUDE_RULES,
  oauth: true,
  invalidYields: false,
  idField: null,
  // `.mcp.json` servers wait for per-server approval (`enabledMcpjsonServers`, docs "Project scope").
  trust: 'per-server-approval',
  budgetField: null,
  // CTX-1: tool search (ENABLE_TOOL_SEARCH), README "Limits".
  limits: toolSearchLimits,
  // Claude Code 2.1.332's binary: "skills/list not sent: this connection is not known to use MCP
  // protocol version 2026-07-28 or later" and "Found N skills via skills/list" (README row SKILL-1).
  mcpSkills: { era: 'modern' },
  era: 'dual',
  // Captured from 2.1.332's own `initialize` (and its `server/discover` probe, stdio and HTTP) by the
  // agent contract suite (test/agents/capabilities/claude-code.json): no sampling.
  clientCapabilities: { roots: { listChanged: true }, elicitation: { form: {}, url: {} } },
  // `claude mcp add` writes `type` for every transport; `${VAR:-default}` in .mcp.json (docs).
  spelling: { ...PLAIN_SPELLING, typeWords: { stdio: 'stdio', http: 'http', sse: 'sse' }, defaults: true },
  stdioEntry: (command, args) => ({ type: 'stdio', command, args: [...args] }),
  deferral: () => ({ deferred: false, mechanism: null }),
  disclosureNote: () => null,
  deferredFields: [],
  // `timeout` in ms; values under 1000 are ignored (AGENTS.md Table 1a).
  connection: (e) => {
    const ms = posInt(e.timeout);
    return ms !== undefined && ms >= 1000 ? { callTimeoutMs: ms } : {};
  },
};
