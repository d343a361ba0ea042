// OpenCode (AGENT-1). Sources, anomalyco/opencode (formerly sst/opencode) and opencode.ai/docs/mcp-servers:
// - packages/opencode/src/config/mcp.ts: `mcp.<name>` is `{type: "local", command: [argv…],
//   environment, enabled, timeout}` or `{type: "remote", url, headers, oauth: {…} | false, enabled,
//   timeout}`; `timeout` in ms for MCP requests, 5000 unless set.
// - packages/opencode/src/config/variable.ts: `{env:NAME}` (an unset one becomes "") and
//   `{file:path}` (the file's text) are substituted in the config text before it is parsed, so
//   everywhere in the file.
// - packages/opencode/src/config/config.ts, paths.ts: global ~/.config/opencode (XDG) config.json,
//   opencode.json, opencode.jsonc; the project's opencode.json(c) found walking up from the cwd;
//   JSONC everywhere; a later file's entry is merged onto the same-name one below key by key
//   (mergeDeep; 1.18.33 in the agent contract suite: `{"enabled": false}` alone turns a global server off).
// - packages/opencode/src/config/v2-compat.ts: the V2 envelope `mcp.servers.<name>` (`disabled`,
//   `cwd`, timeouts per phase) lowered onto these V1 entries; not read by the panel yet (said so).
// - packages/opencode/src/mcp/index.ts `tools()`: the model sees `<server>_<tool>`, both parts with
//   [^a-zA-Z0-9_-] → `_`, kept in one object (a later server's same name replaces the earlier).
// - config.ts, permission/index.ts `disabled()`, session/llm.ts: the top-level `tools` map over
//   those names (globs, `false` = off) leaves a tool out of what the model is offered (tool-map.ts).
// No trust prompt for project config is documented: the panel's trust decides (SEC-5).
import { z } from 'zod';
import { WHOLE_NAME_RULES } from '../../permissions/syntax';
import { StringRecordSchema } from '../../schemas/dialects/common';
import type { Transport } from '../../schemas/server';
import { PLAIN_SPELLING, envBraceToDollar, mapStrings, PLAIN } from '../kit';
import { posInt, strArr } from '../fields';
import type { ProfileFacts } from '../types';
import { isRecord } from '../../is-record';
import { opencodeToolName } from './naming';
import { OPENCODE_TOOL_MAP } from './tool-map';

function transportOf(e: Record<string, unknown>): Transport | null {
  if (e.type === 'local') return 'stdio';
  if (e.type === 'remote') return 'http';
  return null;
}

const FILE_REF = /\{file:[^}]+\}/;

export const OpencodeEntrySchema = z
  .looseObject({
    type: z.enum(['local', 'remote']).optional(),
    command: z.array(z.string()).min(1).optional(),
    environment: StringRecordSchema.optional(),
    url: z.string().min(1).optional(),
    headers: StringRecordSchema.optional(),
    oauth: z.union([z.looseObject({}), z.literal(false)]).optional(),
    enabled: z.boolean().optional(),
    timeout: z.number().int().positive().optional(),
  })
  .superRefine((e, ctx) => {
    // v2-compat.ts isDirectServer: an object of servers under `mcp.servers` is V2's envelope.
    if (e.type === undefined && Object.values(e).some((v) => isRecord(v) && typeof v.type === 'string')) {
      return ctx.addIssue({ code: 'custom', path: [], message: 'OpenCode V2 keeps servers under "mcp.servers"; the panel reads the V1 form ("mcp.<name>") only' });
    }
    if (e.type === undefined) return ctx.addIssue({ code: 'custom', path: ['type'], message: 'needs "type": "local" (a command) or "remote" (a URL)' });
    if (e.type === 'local' && e.command === undefined) ctx.addIssue({ code: 'custom', path: ['command'], message: 'a local server needs "command" (the command and its arguments, one array)' });
    if (e.type === 'remote' && e.url === undefined) ctx.addIssue({ code: 'custom', path: ['url'], message: 'a remote server needs "url"' });
    // OpenCode pastes the file's text in; the panel does not read files an entry names.
    for (const [k, v] of Object.entries(e)) {
      if (FILE_REF.test(JSON.stringify(v) ?? '')) ctx.addIssue({ code: 'custom', path: [k], message: 'OpenCode fills in {file:…} from that file; the panel does not read it, so it does not start this server' });
    }
  });

export const OPENCODE: ProfileFacts = {
  ...PLAIN,
  // OpenCode 1.18.33 merges a project entry onto the global one of the same name (agent contract suite).
  mergesSameName: true,
  id: 'opencode',
  label: 'OpenCode',
  shortLabel: 'OpenCode',
  format: 'jsonc',
  fileLayers: ['user', 'project'],
  serversKey: 'mcp',
  entrySchema: OpencodeEntrySchema,
  // config.ts: `tools` is a map of booleans (a warning, never fatal, where it is not: CFG-5).
  fileSchema: z.looseObject({ tools: z.record(z.string(), z.boolean()).optional() }),
  transportKeys: ['type'],
  transports: ['stdio', 'http'],
  transportOf,
  // `command: [cmd, …args]` and `environment` as the panel's command/args/env; `{env:X}` as `${X}`.
  normalize: (entry) => {
    const e = mapStrings(entry, envBraceToDollar) as Record<string, unknown>;
    const argv = strArr(e.command);
    const out: Record<string, unknown> = { ...e };
    if (argv) {
      out.command = argv[0];
      out.args = argv.slice(1);
    }
    if (e.environment !== undefined) out.env = e.environment;
    return out;
  },
  expansion: () => 'entry',
  expansionWhere: { en: 'as {env:NAME}, everywhere in the file', zh: '以 {env:NAME} 的形式，在文件中的所有位置' },
  // OpenCode sends an unset `{env:X}` as "": the panel does not start the server and names X instead.
  missingVar: 'disable',
  form: { fields: [{ key: 'enabled', kind: 'enabled', id: 'ed-enabled', label: 'editor.enabled' }, { key: 'timeout', kind: 'number', id: 'ed-timeout', label: 'editor.timeout' }] },
  serverSwitch: true,
  naming: {
    prefix: '',
    sep: '_',
    namer: (server) => (tool) => opencodeToolName(server, tool),
    untruncated: opencodeToolName,
    collisions: 'last-wins',
    whyKey: 'tools.why.lastWins',
    collisionEvent: false,
  },
  // No per-entry field: the file-wide `tools` map is OpenCode's per-tool switch.
  toolMap: OPENCODE_TOOL_MAP,
  rules: WHOLE_NAME_RULES,
  oauth: true,
  trust: 'panel',
  budgetField: null,
  // CTX-1: no tool or context limit stated: none found in its docs or issues (README).
  limits: () => [],
  // 1.18.33 sends a 2025-11-25 `initialize` and fails against a 2026-07-28-only server (agent contract suite).
  era: 'legacy',
  // Captured from 1.18.33's session `initialize` (2025-11-25) by the agent contract suite
  // (test/agents/capabilities/opencode.json).
  clientCapabilities: { roots: {} },
  spelling: { ...PLAIN_SPELLING, typeWords: { stdio: 'local', http: 'remote' }, envKey: 'environment', argv: true, variable: 'env-brace' },
  stdioEntry: (command, args) => ({ type: 'local', command: [command, ...args] }),
  // `timeout` in ms for every MCP request, 5000 unless set.
  connection: (e) => ({ callTimeoutMs: posInt(e.timeout) ?? 5000 }),
};
