// REG-2: an agent with a secret input of its own gets a registry entry's secrets there, never as
// a variable its process does not have. VS Code (AGENTS.md: `${input:id}`, `promptString` with
// `password: true`; its MCP configuration reference) asks for the value on the server's first
// start and keeps it in its own secret storage; the entry says `${input:api-token}`, and the
// file's top-level `inputs` gets one element per secret. The panel reads `${input:api-token}` as
// `${API_TOKEN}` (shared/profiles/kit.ts inputToDollar) and connects with the keychain's value
// bound to the entry. The one text the install writes holds the entry and the inputs, so undo
// puts the file back byte for byte.
import { inputVarName, mapStrings } from '../../../shared/profiles/kit';
import type { ConfigFormat } from '../../../shared/profiles/types';
import type { Profile } from '../../../shared/schemas/server';
import { refuse, okResult, type WriteResult } from '../config/writer/errors';
import { appendJson } from '../config/writer/json-array';
import { applyValueEdit } from '../config/writer/list-ops';
import { parseConfigText } from '../config/writer/text-edit';

/** The agents that keep a secret themselves, and how their entry names one (`${input:id}`). */
const OWN_SECRET_INPUT: ReadonlySet<Profile> = new Set(['vscode']);

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
  if (!OWN_SECRET_INPUT.has(profile) || secretVariables.length === 0) return null;
  const ids = new Map(secretVariables.flatMap((v) => (inputIdOf(v) ? [[v, inputIdOf(v)!] as const] : [])));
  if (ids.size === 0) return null;
  const out = mapStrings(entry, (s) => s.replace(/\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, v: string) => (ids.has(v) ? `\${input:${ids.get(v)!}}` : whole))) as Record<string, unknown>;
  return { entry: out, inputs: [...ids].map(([v, id]) => ({ type: 'promptString', id, description: `${v} for ${server} (a secret: VS Code keeps it)`, password: true })) };
}

/** The file's text with the inputs it lacks appended to its top-level `inputs` (created when absent); an input of the same id is kept as it is. */
export function withInputs(text: string, format: ConfigFormat, inputs: AgentInputs['inputs']): WriteResult<string | null> {
  const parsed = parseConfigText(text, format === 'jsonc');
  if (!parsed.ok) return refuse('write.parse_error', { line: parsed.error.line, column: parsed.error.column }, { detail: parsed.error.message, data: parsed.error });
  const root = parsed.value as Record<string, unknown>;
  const have = Array.isArray(root.inputs) ? root.inputs : undefined;
  if (root.inputs !== undefined && !have) return refuse('write.parse_error.servers', { key: 'inputs' });
  const ids = new Set((have ?? []).map((i) => (typeof i === 'object' && i !== null ? (i as { id?: unknown }).id : undefined)));
  const missing = inputs.filter((i) => !ids.has(i.id));
  if (missing.length === 0) return okResult(text);
  if (!have) return applyValueEdit(text, format, ['inputs'], missing);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return okResult(appendJson(text, ['inputs'], missing.map((i) => JSON.stringify(i)), eol));
}
