// REG-2: an agent with a secret input of its own gets a registry entry's secrets there, never as
// a variable its process does not have. VS Code (AGENTS.md: `${input:id}`, `promptString` with
// `password: true`; its MCP configuration reference) asks for the value on the server's first
// start and keeps it in its own secret storage; the entry says `${input:api-token}`, and the
// file's top-level `inputs` gets one element per secret. A declared input whose value the
// keychain holds for the entry (as `API_TOKEN`, shared/profiles/kit.ts inputVarName) the panel
// answers itself and connects (config/layer-loader.ts); any other stays VS Code's prompt. The one text the install writes holds the entry and the inputs, so undo
// puts the file back byte for byte.
import { inputVarName, mapStrings } from '../../../shared/profiles/kit';
import type { ConfigFormat } from '../../../shared/profiles/types';
import { profileFacts } from '../../../shared/profiles';
import type { Profile } from '../../../shared/schemas/server';
import { refuse, type WriteError } from '../config/writer/errors';
import { appendJson, removeItem } from '../config/writer/json-array';
import { applyValueEdit } from '../config/writer/list-ops';
import { parseConfigText } from '../config/writer/text-edit';
import { ok, type Result } from '../../../shared/result';


/** `API_TOKEN` → `api-token`, when the panel reads it back as the same variable (else null: kept as `${env:…}`). */
function inputIdOf(variable: string): string | null {
  const id = variable.toLowerCase().replace(/_/g, '-').replace(/^-+|-+$/g, '');
  return id && inputVarName(id) === variable ? id : null;
}

export interface AgentInputs {
  entry: Record<string, unknown>;
  /** The `inputs` elements the file needs. */
  inputs: Array<{ type: 'promptString'; id: string; description: string; password: true }>;
}

/** The entry with each secret as the agent's own input, and the inputs to declare; null: this agent has none. */
export function agentInputs(profile: Profile, server: string, entry: Record<string, unknown>, secretVariables: readonly string[]): AgentInputs | null {
  // An agent that asks for inputs itself (its profile's `prompts`: VS Code) keeps the secret too.
  if (!profileFacts(profile).prompts || secretVariables.length === 0) return null;
  const ids = new Map(secretVariables.flatMap((v) => (inputIdOf(v) ? [[v, inputIdOf(v)!] as const] : [])));
  if (ids.size === 0) return null;
  const out = mapStrings(entry, (s) => s.replace(/\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, v: string) => (ids.has(v) ? `\${input:${ids.get(v)!}}` : whole))) as Record<string, unknown>;
  return { entry: out, inputs: [...ids].map(([v, id]) => ({ type: 'promptString', id, description: `${v} for ${server} (a secret: VS Code keeps it)`, password: true })) };
}

/** The file's text with the inputs it lacks appended to its top-level `inputs` (created when absent), and their ids; an input of the same id is kept as it is. */
export function withInputs(text: string, format: ConfigFormat, inputs: AgentInputs['inputs']): Result<{ text: string; added: string[] }, WriteError> {
  const have = inputsIn(text, format);
  if (!have.ok) return have;
  const ids = new Set(have.value.map(idOf));
  const missing = inputs.filter((i) => !ids.has(i.id));
  const added = missing.map((i) => i.id);
  if (missing.length === 0) return ok({ text, added });
  if (have.value.length === 0 && !/"inputs"\s*:/.test(text)) {
    const r = applyValueEdit(text, format, ['inputs'], missing);
    return r.ok ? ok({ text: r.value ?? text, added }) : r;
  }
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return ok({ text: appendJson(text, ['inputs'], missing.map((i) => JSON.stringify(i)), eol), added });
}

/**
 * Undo of an entry (the file was edited since the install): the inputs the install added go too,
 * each only while no `${input:id}` in the file still names it.
 */
export function withoutInputs(text: string, format: ConfigFormat, ids: readonly string[]): Result<string, WriteError> {
  const have = inputsIn(text, format);
  if (!have.ok) return have;
  let out = text;
  // From the last, so the indexes before stay right.
  for (let i = have.value.length - 1; i >= 0; i--) {
    const id = idOf(have.value[i]);
    if (typeof id === 'string' && ids.includes(id) && !out.includes(`\${input:${id}}`)) out = removeItem(out, ['inputs'], i);
  }
  return ok(out);
}

const idOf = (i: unknown): unknown => (typeof i === 'object' && i !== null ? (i as { id?: unknown }).id : undefined);

/** The file's `inputs` (empty when it has none); refused when the file does not parse or `inputs` is not a list. */
function inputsIn(text: string, format: ConfigFormat): Result<unknown[], WriteError> {
  if (text.trim() === '') return ok([]);
  const parsed = parseConfigText(text, format === 'jsonc');
  if (!parsed.ok) return refuse('write.parse_error', { line: parsed.error.line, column: parsed.error.column }, { detail: parsed.error.message, data: parsed.error });
  const root = parsed.value as Record<string, unknown>;
  if (root.inputs === undefined) return ok([]);
  return Array.isArray(root.inputs) ? ok(root.inputs) : refuse('write.parse_error.servers', { key: 'inputs' });
}
