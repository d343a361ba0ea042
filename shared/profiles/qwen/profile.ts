// Qwen Code (AGENT-1), a Gemini CLI fork. README.md beside this file names the source of every
// fact: the bundle of @qwen-code/qwen-code 0.24.4 (pinned in scripts/agents/pins.json), read where
// it decides, and runs of it in the agent contract suite.
// Entry (MCPServerConfig): `command`, `args`, `env`, `cwd`, `url` (SSE), `httpUrl` (streamable
// HTTP, wins over `url`), `headers`, `timeout` (ms per call, 10 min unless set),
// `discoveryTimeoutMs` (connect and first list: 30 s stdio, 5 s remote; 100 ms…300 s), `trust`,
// `includeTools`, `excludeTools` (wins), `oauth`, `description`. A `.mcp.json` entry is Claude
// Code's shape, turned into this one (normalizeClaudeMcpServer): `type: "http"` + `url` is
// `httpUrl`, a `url` otherwise SSE, and `type` is dropped beside `command`.
// Its settings files resolve `$VAR` and `${VAR}` in every string (an unset one is left as
// written, `${VAR:-default}` is not understood); `.mcp.json` is not resolved at all.
import { z } from 'zod';
import { WHOLE_NAME_RULES } from '../../permissions/syntax';
import type { Transport } from '../../schemas/server';
import { bareDollarToBraced, commonShape, listLimits, mapStrings, needsTransport, PLAIN, PLAIN_SPELLING } from '../kit';
import { posInt } from '../fields';
import type { ProfileFacts } from '../types';
import { QWEN_NAME_LIMIT, qwenToolName } from './naming';
import { GEMINI_FORM } from '../gemini/profile';

/** normalizeClaudeMcpServer (0.24.4): the Claude Code spelling `.mcp.json` uses, in Qwen's own. */
export function fromClaudeShape(e: Record<string, unknown>): Record<string, unknown> {
  if (e.command || e.httpUrl || e.tcp) {
    if (e.type === undefined || e.type === 'sdk') return e;
    const { type: _type, ...rest } = e;
    return rest;
  }
  if (typeof e.url !== 'string') return e;
  const { url, type, ...rest } = e;
  return { ...rest, ...(type === 'sdk' ? { type } : {}), ...(type === 'http' ? { httpUrl: url } : { url }) };
}

/** createTransport (0.24.4): `httpUrl`, then `url` (SSE), then `command`; `tcp` (WebSocket) the panel cannot use. */
function transportOf(e: Record<string, unknown>): Transport | null {
  if (typeof e.httpUrl === 'string') return 'http';
  if (typeof e.url === 'string') return 'sse';
  if (typeof e.command === 'string') return 'stdio';
  return null;
}

export const QwenEntrySchema = z
  .looseObject({
    ...commonShape,
    type: z.string().optional(),
    url: z.string().min(1).optional(),
    httpUrl: z.string().min(1).optional(),
    timeout: z.number().optional(),
    discoveryTimeoutMs: z.number().optional(),
    trust: z.boolean().optional(),
    description: z.string().optional(),
    includeTools: z.array(z.string()).optional(),
    excludeTools: z.array(z.string()).optional(),
  })
  .superRefine(needsTransport((e) => transportOf(fromClaudeShape(e)), ['stdio', 'http', 'sse']));

export const QWEN: ProfileFacts = {
  ...PLAIN,
  id: 'qwen',
  label: 'Qwen Code',
  shortLabel: 'Qwen Code',
  // strip-json-comments before JSON.parse, in settings.json and .mcp.json alike.
  format: 'jsonc',
  // ~/.qwen/settings.json, then <ws>/.mcp.json, then <ws>/.qwen/settings.json (assembleMcpServers).
  fileLayers: ['user', 'project', 'project-local'],
  serversKey: 'mcpServers',
  entrySchema: QwenEntrySchema,
  fileSchema: z.looseObject({}),
  transportKeys: [],
  transports: ['stdio', 'http', 'sse'],
  transportOf,
  normalize: (e) => {
    const out = fromClaudeShape(mapStrings(e, bareDollarToBraced) as Record<string, unknown>);
    return typeof out.httpUrl === 'string' ? { ...out, url: out.httpUrl } : out;
  },
  expansion: (layer) => (layer === 'project' ? 'none' : 'entry'),
  expansionWhere: { en: 'in its settings files, not in .mcp.json', zh: '在其 settings 文件中，.mcp.json 中不展开' },
  missingVar: 'keep',
  form: GEMINI_FORM,
  // Its switch is `mcp.excluded` in a settings file (files.ts), outside the entry.
  serverSwitch: false,
  toolFilter: { allow: 'includeTools', deny: 'excludeTools' },
  naming: {
    prefix: 'mcp__',
    sep: '__',
    namer: (server) => (tool) => qwenToolName(server, tool),
    untruncated: (s, t) => `mcp__${s}__${t}`,
    // ToolRegistry.registerTool: a later tool of the same name replaces the earlier.
    collisions: 'last-wins',
    whyKey: 'tools.why.lastWins',
    collisionEvent: false,
    limit: { max: QWEN_NAME_LIMIT, enforced: true },
  },
  // Its `permissions` rules are not read yet: whole-name globs, said so.
  rules: WHOLE_NAME_RULES,
  oauth: true,
  // A project server runs only once approved (`qwen mcp approve`, bound to the entry's hash: files.ts).
  trust: 'per-server-approval',
  budgetField: 'discoveryTimeoutMs',
  // CTX-1: no tool or context limit stated: none found; Gemini CLI's 512 is the Gemini API's, not Qwen's models' (README).
  limits: () => [],
  // A 2025-11-25 `initialize` unless an entry opts into `versionNegotiation: "auto"` (stdio only).
  era: 'legacy',
  // Captured from 0.24.4's session by the agent contract suite (test/agents/capabilities/qwen.json);
  // it also declares the MCP Apps extension, which the panel does not model.
  clientCapabilities: { roots: {} },
  // `qwen mcp add` writes `httpUrl` for streamable HTTP and `url` for SSE, no `type`.
  spelling: { ...PLAIN_SPELLING, typeKey: null, typeWords: {}, urlKey: { http: 'httpUrl' } },
  stdioEntry: (command, args) => ({ command, args: [...args] }),
  connection: (e) => ({ callTimeoutMs: posInt(e.timeout), startupTimeoutMs: posInt(e.discoveryTimeoutMs), limits: listLimits(e.includeTools, e.excludeTools) }),
};
