// Goose (AGENT-1). Sources: block.github.io/goose/docs/guides/config-files (~/.config/goose/
// config.yaml, Windows %APPDATA%\Block\goose\config\config.yaml; `extensions:` keyed by id) and
// block/goose crates/goose/src/agents/extension.rs (ExtensionEntry: `enabled` + ExtensionConfig
// flattened: `type` builtin | platform | stdio | streamable_http (SSE no longer supported);
// stdio `cmd`, `args`, `envs`, `env_keys`; remote `uri`, `headers`; common `name`, `timeout`
// (seconds), `available_tools`, `bundled`, `display_name`, `description`), with AGENTS.md Table
// 1a/1b. `envs` are literal; `env_keys` name variables Goose takes from its keyring: no `${VAR}`
// interpolation. Tool names are not documented: shown as `<extension>__<tool>` (unverified).
import { z } from 'zod';
import { WHOLE_NAME_RULES } from '../../permissions/syntax';
import { StringRecordSchema } from '../../schemas/dialects/common';
import type { Transport } from '../../schemas/server';
import { PLAIN, PLAIN_SPELLING, listLimits, needsTransport, sanitizeApiName, secondsToMs } from '../kit';
import type { ProfileFacts } from '../types';
import { gooseOwnEntry } from './dialect';

function transportOf(e: Record<string, unknown>): Transport | null {
  if (e.type === 'stdio') return 'stdio';
  if (e.type === 'streamable_http') return 'http';
  return null;
}

export const GooseEntrySchema = z
  .looseObject({
    type: z.string(),
    name: z.string().optional(),
    cmd: z.string().optional(),
    args: z.array(z.string()).optional(),
    envs: StringRecordSchema.optional(),
    env_keys: z.array(z.string()).optional(),
    uri: z.string().min(1).optional(),
    headers: StringRecordSchema.optional(),
    enabled: z.boolean().optional(),
    timeout: z.number().optional(),
    available_tools: z.array(z.string()).optional(),
  })
  .superRefine((e, ctx) => {
    if (e.type === 'sse') return ctx.addIssue({ code: 'custom', path: ['type'], message: 'Goose no longer supports SSE extensions; use streamable_http' });
    needsTransport((x) => transportOf(x), ['stdio', 'http'])({ ...e, command: e.cmd, url: e.uri }, ctx);
  });

const namer = (server: string) => (tool: string) => `${sanitizeApiName(server)}__${sanitizeApiName(tool)}`;

export const GOOSE: ProfileFacts = {
  ...PLAIN,
  id: 'goose',
  label: 'Goose',
  shortLabel: 'Goose',
  format: 'yaml',
  fileLayers: ['user'],
  serversKey: 'extensions',
  entrySchema: GooseEntrySchema,
  fileSchema: z.looseObject({}),
  transportKeys: ['type'],
  transports: ['stdio', 'http'],
  transportOf: (e) => transportOf(e),
  // builtin, platform, frontend and inline_python extensions are Goose's own (dialect.ts).
  ownEntry: gooseOwnEntry,
  // cmd/envs/uri as the panel's command/env/url.
  normalize: (e) => {
    const out: Record<string, unknown> = { ...e };
    if (typeof e.cmd === 'string') out.command = e.cmd;
    if (e.envs !== undefined) out.env = e.envs;
    if (typeof e.uri === 'string') out.url = e.uri;
    return out;
  },
  expansion: () => 'none',
  expansionWhere: { en: 'nowhere (variables from the keyring are named in env_keys)', zh: '一律不展开（来自钥匙串的变量写在 env_keys 中）' },
  missingVar: 'disable',
  form: { fields: [{ key: 'enabled', kind: 'enabled', id: 'ed-enabled', label: 'editor.enabled' }, { key: 'timeout', kind: 'number', id: 'ed-timeout' }] },
  serverSwitch: true,
  toolFilter: { allow: 'available_tools', deny: null },
  naming: { prefix: '', sep: '__', namer, untruncated: (s, t) => namer(s)(t), collisions: 'first-wins', whyKey: 'tools.why.firstWins', collisionEvent: false },
  rules: WHOLE_NAME_RULES,
  oauth: false,
  trust: 'panel',
  budgetField: null,
  // CTX-1: no tool or context limit stated: none found in its docs or issues (README).
  limits: () => [],
  era: 'unknown',
  clientCapabilities: null,
  spelling: { ...PLAIN_SPELLING, typeWords: { stdio: 'stdio', http: 'streamable_http' }, urlKey: { http: 'uri' }, commandKey: 'cmd', envKey: 'envs', nameField: 'name', enabledAlways: true },
  stdioEntry: (command, args) => ({ type: 'stdio', cmd: command, args: [...args], enabled: true }),
  // `timeout` in seconds (300 unless set).
  connection: (e) => ({ callTimeoutMs: secondsToMs(e.timeout) ?? 300_000, limits: listLimits(e.available_tools, undefined) }),
};
