// Zed (AGENT-1). Sources, zed-industries/zed:
// - docs/src/ai/mcp.md and zed.dev/docs/ai/mcp ("As Custom Servers": `context_servers` in
//   settings.json, `command`/`args`/`env`, or `url` + `headers`; a `url` without credentials signs
//   in by OAuth).
// - crates/settings_content/src/project.rs `ContextServerSettingsContent` (untagged): Stdio
//   {enabled (default true), remote, command, args, env, timeout}, Http {enabled, url, headers,
//   timeout, oauth{client_id, client_secret}}, Extension {enabled, remote, settings}; `timeout` in
//   seconds, the global `context_server_timeout` 60 s. The same struct holds the project's
//   `.zed/settings.json` (ProjectSettingsContent.context_servers).
// - crates/migrator/src/migrations/m_2025_06_27/settings.rs: the older nested
//   `"command": {"path", "args", "env"}` (with `"source": "custom"`) that Zed flattens on load.
// - crates/context_server/src/transport.rs: stdio and streamable HTTP only.
// - crates/agent/src/tools/context_server_registry.rs (`ContextServerTool::name` is the raw tool
//   name) and crates/agent/src/thread.rs `enabled_tools`: names over 64 are cut to 64; a name two
//   tools share is shown as `<server id>_<name>` for each of them (the server id cut to fit 64).
// - crates/project/src/trusted_worktrees.rs: restricted mode; trust is kept in Zed's own database
//   (`session.trust_all_worktrees` skips it), so the panel's trust decides (SEC-5).
// Zed expands no variables in settings.json (neither the docs nor the settings code do).
import { z } from 'zod';
import { WHOLE_NAME_RULES } from '../../permissions/syntax';
import { StringRecordSchema } from '../../schemas/dialects/common';
import type { Transport } from '../../schemas/server';
import { PLAIN, PLAIN_SPELLING, commonShape, needsTransport, secondsToMs } from '../kit';
import type { ProfileFacts } from '../types';
import { zedOwnEntry } from './dialect';
import { isRecord } from '../../is-record';


/** The older nested `command: {path, args, env}` read as the flat form Zed migrates it to. */
function flatten(e: Record<string, unknown>): Record<string, unknown> {
  if (!isRecord(e.command)) return e;
  const { path, args, env } = e.command;
  const out: Record<string, unknown> = { ...e, command: path };
  if (args !== undefined) out.args = args;
  if (env !== undefined) out.env = env;
  return out;
}

function transportOf(e: Record<string, unknown>): Transport | null {
  if (typeof e.command === 'string') return 'stdio';
  if (typeof e.url === 'string') return 'http';
  return null;
}

const NestedCommand = z.looseObject({ path: z.string().min(1), args: z.array(z.string()).optional(), env: StringRecordSchema.optional() });

export const ZedEntrySchema = z
  .looseObject({
    ...commonShape,
    command: z.union([z.string().min(1), NestedCommand]).optional(),
    url: z.string().min(1).optional(),
    enabled: z.boolean().optional(),
    remote: z.boolean().optional(),
    timeout: z.number().int().positive().optional(),
    oauth: z.looseObject({ client_id: z.string() }).optional(),
  })
  .superRefine((e, ctx) => {
    needsTransport(transportOf, ['stdio', 'http'])(flatten(e), ctx);
  });

const LIMIT = 64;
/** Zed shows the raw tool name, cut to 64 (thread.rs `truncate`). */
const cut = (tool: string) => (tool.length > LIMIT ? tool.slice(0, LIMIT) : tool);
/** thread.rs: a shared name becomes `<server id cut to fit>_<name>`. */
export function zedPrefixed(server: string, tool: string): string {
  const name = cut(tool);
  const room = LIMIT - name.length;
  return room >= 2 ? `${server.slice(0, room - 1)}_${name}` : name;
}

export const ZED: ProfileFacts = {
  ...PLAIN,
  id: 'zed',
  label: 'Zed',
  shortLabel: 'Zed',
  format: 'jsonc',
  fileLayers: ['user', 'project'],
  serversKey: 'context_servers',
  entrySchema: ZedEntrySchema,
  fileSchema: z.looseObject({ context_server_timeout: z.number().int().positive().optional() }),
  transportKeys: [],
  transports: ['stdio', 'http'],
  transportOf,
  // An extension's server (only its `settings` here): Zed starts it; the panel has nothing to (dialect.ts).
  ownEntry: zedOwnEntry,
  normalize: flatten,
  expansion: () => 'none',
  expansionWhere: { en: 'nowhere in settings.json', zh: '在 settings.json 中一律不展开' },
  missingVar: 'disable',
  form: { fields: [{ key: 'enabled', kind: 'enabled', id: 'ed-enabled', label: 'editor.enabled' }, { key: 'timeout', kind: 'number', id: 'ed-timeout' }] },
  serverSwitch: true,
  naming: {
    prefix: '',
    sep: '',
    namer: () => cut,
    untruncated: (_s, t) => t,
    collisions: 'server-prefix',
    clashName: zedPrefixed,
    whyKey: 'tools.why.serverPrefix',
    collisionEvent: false,
    limit: { max: LIMIT, enforced: true },
  },
  // Zed's own `agent.tool_permissions` (`mcp:<server>:<tool>`) are not read yet: whole-name globs, said so.
  rules: WHOLE_NAME_RULES,
  oauth: true,
  trust: 'workspace-trust',
  budgetField: null,
  // CTX-1: no tool or context limit stated: none found in its docs or issues (README).
  limits: () => [],
  era: 'unknown',
  clientCapabilities: null,
  // No `type`: a `command` is stdio, a `url` streamable HTTP.
  spelling: { ...PLAIN_SPELLING, typeKey: null, typeWords: {} },
  stdioEntry: (command, args) => ({ command, args: [...args] }),
  // `timeout` in seconds; 60 s unless set (context_server_timeout's default).
  connection: (e) => ({ callTimeoutMs: secondsToMs(e.timeout) ?? 60_000 }),
};
