// GitHub Copilot CLI (AGENT-1). README.md beside this file names the source of every fact: the
// docs (docs.github.com "Adding MCP servers for Copilot CLI", the CLI command reference), and runs
// of Copilot CLI 1.0.102 (pinned in scripts/agents/pins.json; its `mcp` commands, offline), whose
// native binary reads the MCP configuration, so it decides where the docs are silent or differ
// (XDG_CONFIG_HOME does not move its folder; the workspace file is strict JSON).
// Entry: `type` local|stdio (the default) | http | sse (`streamable-http` is read as http),
// `command`, `args`, `env`, `cwd`, `url`, `headers`, `tools` (the tools offered: `["*"]` all, `[]`
// none; without it, all), `timeout` (ms, per tool call), `oauthClientId`, `oauthPublicClient`,
// `filterMapping`. `$VAR`, `${VAR}` and `${VAR:-default}` expand in every string of an entry; an
// unset one is left as written. An entry of the wrong shape is skipped with a warning on stderr
// and the rest of the file loads (a lower layer's same-name entry then stays in force).
import { z } from 'zod';
import { WHOLE_NAME_RULES } from '../../permissions/syntax';
import type { Transport } from '../../schemas/server';
import { bareDollarToBraced, commonShape, listLimits, mapStrings, needsTransport, PLAIN, PLAIN_SPELLING, typedTransport } from '../kit';
import { posInt, strArr } from '../fields';
import type { ProfileFacts } from '../types';
import { COPILOT_NAME_LIMIT, copilotToolName, copilotUntruncated } from './naming';

const EVERY = '*';

function transportOf(e: Record<string, unknown>): Transport | null {
  if (e.type === 'local') return 'stdio';
  return typedTransport(e);
}

export const CopilotEntrySchema = z
  .looseObject({
    ...commonShape,
    url: z.string().min(1).optional(),
    type: z.enum(['local', 'stdio', 'http', 'streamable-http', 'sse']).optional(),
    tools: z.array(z.string()).optional(),
    timeout: z.number().optional(),
    oauthClientId: z.string().optional(),
    oauthPublicClient: z.boolean().optional(),
  })
  .superRefine(needsTransport(transportOf, ['stdio', 'http', 'sse']));

export const COPILOT: ProfileFacts = {
  ...PLAIN,
  id: 'copilot',
  label: 'GitHub Copilot CLI',
  shortLabel: 'Copilot CLI',
  // mcp-config.json takes comments and trailing commas (1.0.102); the workspace file is strict JSON (files.ts).
  format: 'jsonc',
  fileLayers: ['user', 'project'],
  serversKey: 'mcpServers',
  entrySchema: CopilotEntrySchema,
  fileSchema: z.looseObject({}),
  transportKeys: ['type'],
  transports: ['stdio', 'http', 'sse'],
  transportOf,
  normalize: (e) => mapStrings(e, bareDollarToBraced) as Record<string, unknown>,
  expansion: () => 'entry',
  expansionWhere: { en: 'everywhere', zh: '在所有位置' },
  missingVar: 'keep',
  form: { fields: [{ key: 'timeout', kind: 'number', id: 'ed-timeout', label: 'editor.timeout' }] },
  // The on/off switch is `disabledMcpServers` in its settings files, outside the entry (files.ts).
  serverSwitch: false,
  toolFilter: { allow: 'tools', deny: null, every: EVERY },
  naming: {
    prefix: '',
    sep: '-',
    namer: (server) => (tool) => copilotToolName(server, tool),
    untruncated: copilotUntruncated,
    // Two tools whose names meet are both left out (README.md: not reproduced here).
    collisions: 'all-dropped',
    whyKey: 'tools.why.allDropped',
    collisionEvent: false,
    limit: { max: COPILOT_NAME_LIMIT, enforced: true },
  },
  // Copilot's permissions are `--allow-tool 'server(tool)'` flags and its approval prompt, not rule files.
  rules: WHOLE_NAME_RULES,
  oauth: true,
  // A broken project entry is skipped and the user's same-name entry stays in force (1.0.102).
  invalidYields: true,
  trust: 'folder-trust',
  budgetField: null,
  // CTX-1: tool search is on by default and defers tools past 30 (docs.github.com copilot-cli
  // tool-search, as quoted in github/app#1398; README).
  limits: () => [{ kind: 'defer-count', max: 30 }],
  // Not captured: 1.0.102 starts no session (so connects to no server) without a GitHub login.
  era: 'unknown',
  clientCapabilities: null,
  // `copilot mcp add` writes `type` for every transport, `local` for stdio, and `tools: ["*"]`. The
  // panel writes `stdio`, which Copilot reads the same: Claude Code 2.1.332 skips a `.mcp.json`
  // entry of type `local` ("unknown MCP server type"), and that file is both agents' (contract suite).
  spelling: { ...PLAIN_SPELLING, typeWords: { stdio: 'stdio', http: 'http', sse: 'sse' }, defaults: true },
  stdioEntry: (command, args) => ({ type: 'stdio', command, args: [...args] }),
  connection: (e) => {
    const tools = strArr(e.tools);
    return { callTimeoutMs: posInt(e.timeout), limits: tools?.includes(EVERY) ? {} : listLimits(tools, undefined) };
  },
};
