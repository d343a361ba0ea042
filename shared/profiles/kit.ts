// Pieces the agents beyond the seeds share (AGENT-1): their entry fields, their variable
// spellings turned into the panel's one `${VAR}` spelling (CFG-3's expansion then applies),
// and their naming helpers. Each profile file says which it uses and where the rule is from.
import { z } from 'zod';
import { baseEntryShape } from '../schemas/dialects/common';
import type { EntrySpelling, ProfileFacts } from './types';
import type { Transport } from '../schemas/server';
import { strArr } from './fields';
import { sanitizeApiPart } from '../naming/schemes';

/** The fields most agents spell alike (Claude Desktop's file started the shape). */
const { command, args, env, cwd, url, headers } = baseEntryShape;
export const commonShape = { command, args, env, cwd, url, headers };

/** AGENT-3: `type` where it is needed, `url`, `headers`, `${VAR}` as written (Claude Desktop's file set the shape). */
export const PLAIN_SPELLING: EntrySpelling = {
  typeKey: 'type',
  typeWords: { sse: 'sse' },
  urlKey: {},
  headersKey: 'headers',
  variable: 'dollar',
  defaults: false,
  tokenEnvField: null,
  envHeadersField: null,
  forwardEnvField: null,
  commandKey: 'command',
  envKey: 'env',
  nameField: null,
  enabledAlways: false,
  argv: false,
  switchKey: 'enabled',
  predefined: [],
};

/** Whether the agent starts this entry: `enabled: false` turns it off, or `disabled: true` where that is the switch (Cline). */
export function entryEnabled(facts: Pick<ProfileFacts, 'spelling'>, entry: Record<string, unknown>): boolean {
  return facts.spelling.switchKey === 'disabled' ? entry.disabled !== true : entry.enabled !== false;
}

/** OpenCode spells an environment variable `{env:NAME}`: the panel's `${NAME}` (a `$` before it is not OpenCode's). */
export function envBraceToDollar(s: string): string {
  return s.replace(/(?<!\$)\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g, '${$1}');
}

/**
 * VS Code's and Cursor's `${workspaceFolder}` and `${userHome}` in every string of an entry, as the
 * editor fills them in: the open workspace (left as written when there is none) and the home folder.
 */
export function fillPredefined(entry: Record<string, unknown>, names: readonly string[], where: { home: string; workspace: string | null }): Record<string, unknown> {
  if (names.length === 0) return entry;
  const values: Record<string, string | null> = { workspaceFolder: where.workspace, userHome: where.home };
  return mapStrings(entry, (s) => s.replace(/\$\{(workspaceFolder|userHome)\}/g, (whole, n: string) => (names.includes(n) ? (values[n] ?? whole) : whole))) as Record<string, unknown>;
}

/** An agent that defers nothing, has no per-server switch, no tool filter and no fields of its own on the spec. */
export const PLAIN: Pick<ProfileFacts, 'deferral' | 'disclosureNote' | 'deferredFields' | 'connection' | 'serverSwitch' | 'toolFilter' | 'invalidYields' | 'idField'> = {
  deferral: () => ({ deferred: false, mechanism: null }),
  disclosureNote: () => null,
  deferredFields: [],
  connection: () => ({}),
  serverSwitch: false,
  toolFilter: { allow: null, deny: null },
  invalidYields: false,
  idField: null,
};

/** Every string of a value, rewritten (keys are never touched). */
export function mapStrings(v: unknown, f: (s: string) => string): unknown {
  if (typeof v === 'string') return f(v);
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: mapStrings(x, f), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return v;
}

/**
 * VS Code, Cursor and Windsurf spell an environment variable `${env:NAME}`: the panel's `${NAME}`.
 * `${userHome}` and `${workspaceFolder}` are the loader's (fillPredefined: it knows both folders).
 */
export function envColonToDollar(s: string): string {
  return s.replace(/\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g, '${$1}');
}

/**
 * `api-key` → `API_KEY`: the variable the panel keeps a VS Code `${input:api-key}`'s value under in
 * the keychain (install from a registry writes the secret so, REG-2; electron/services/install/agent-inputs.ts).
 */
export function inputVarName(id: string): string {
  const v = id.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();
  return /^[A-Z_]/.test(v) ? v : `INPUT_${v}`;
}

/** `${input:id}` as the panel's `${ID}`, for the ids in `answered` only (the others stay prompts). */
export function inputToDollar(s: string, answered?: ReadonlySet<string>): string {
  return s.replace(/\$\{input:([^}]+)\}/g, (whole, id: string) => (!answered || answered.has(id) ? `\${${inputVarName(id)}}` : whole));
}

/** Gemini CLI: `$NAME` as well as `${NAME}` (packages/cli/src/utils/envVarResolver.ts). */
export function bareDollarToBraced(s: string): string {
  return s.replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string, at: number, all: string) => (all[at - 1] === '$' ? whole : `\${${name}}`));
}

/** The transport an entry names with `type` in the spellings agents use, else by its fields. */
export function typedTransport(e: Record<string, unknown>, urlMeans: Transport = 'http'): Transport | null {
  const t = e.type;
  if (t === 'stdio') return 'stdio';
  if (t === 'sse') return 'sse';
  if (t === 'http' || t === 'streamable-http' || t === 'streamableHttp') return 'http';
  if (t !== undefined) return null;
  if (typeof e.command === 'string') return 'stdio';
  if (typeof e.url === 'string') return urlMeans;
  return null;
}

/** A cross-field check: the transport is knowable and its required field is there. */
export function needsTransport(transportOf: (e: Record<string, unknown>) => Transport | null, allowed: readonly Transport[]) {
  return (e: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    const t = transportOf(e);
    if (t === null) {
      const type = e.type === undefined ? '' : ` ("type": ${JSON.stringify(e.type)} is not one the panel can connect over)`;
      ctx.addIssue({ code: 'custom', path: e.type === undefined ? [] : ['type'], message: `needs "command" (stdio) or a URL${type}` });
      return;
    }
    if (!allowed.includes(t)) ctx.addIssue({ code: 'custom', path: [], message: `this agent cannot use a ${t} server` });
    if (t === 'stdio' && typeof e.command !== 'string') ctx.addIssue({ code: 'custom', path: ['command'], message: 'a stdio server needs "command"' });
  };
}

/** Milliseconds from a seconds field (Codex `startup_timeout_sec`), which may be fractional. */
export function secondsToMs(v: unknown): number | undefined {
  return typeof v === 'number' && v > 0 && Number.isFinite(v) ? Math.round(v * 1000) : undefined;
}

/** Allow-list / deny-list fields onto the spec's tool limits (CONN-8). */
export function listLimits(enabled: unknown, disabled: unknown): { enabledTools?: string[]; disabledTools?: string[] } {
  const on = strArr(enabled);
  const off = strArr(disabled);
  return { ...(on ? { enabledTools: on } : {}), ...(off ? { disabledTools: off } : {}) };
}

/** `[a-zA-Z0-9_-]`: what the Anthropic and OpenAI APIs accept in a tool name. */
export const sanitizeApiName = sanitizeApiPart;
