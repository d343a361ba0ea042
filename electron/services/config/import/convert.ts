// Convert another tool's server entry into a profile's dialect (CFG-1 import). Pure.
import { translate, type MessageKey } from '../../../../shared/i18n';
import type { Dialect } from '../../../../shared/schemas/dialects';
import { profileFacts } from '../../../../shared/profiles';
import { isRecord } from '../../../../shared/is-record';
import { err, ok, type Result } from '../../../../shared/result';

export interface Converted {
  entry: Record<string, unknown>;
  /** Things the user should know: rewritten references, dropped fields (English). */
  notes: string[];
  /** UI-9: the same notes as `editor.importNote.<code>` and params, for the page's language. */
  noteCodes: Coded[];
}

/** A sentence as `<prefix>.<code>` and its params (UI-9). */
export interface Coded {
  code: string;
  params: Record<string, string | number>;
}

/** Refused: the English reason and the same as a code and params (UI-9). */
export type ConvertResult = Result<Converted, { reason: string; why: Coded }>;

/** Notes by their English text (one note per text, as the Set was), with their codes. */
type Notes = Map<string, Coded>;

/** A coded sentence and its English, from the one catalogue (the CLI prints the English). */
export function said(prefix: 'editor.importNote' | 'editor.importWhy', code: string, params: Record<string, string | number> = {}): { text: string; coded: Coded } {
  return { text: translate('en', `${prefix}.${code}` as MessageKey, params), coded: { code, params } };
}

function note(notes: Notes, code: string, params: Record<string, string> = {}): void {
  const { text, coded } = said('editor.importNote', code, params);
  notes.set(text, coded);
}

function refuse(code: string, params: Record<string, string> = {}): ConvertResult {
  const { text, coded } = said('editor.importWhy', code, params);
  return err({ reason: text, why: coded });
}


/** `api-key` → `API_KEY`: the env variable a `${input:api-key}` becomes. */
export function inputVarName(id: string): string {
  const v = id.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();
  return /^[A-Z_]/.test(v) ? v : `INPUT_${v}`;
}

/**
 * Rewrite the source tool's variable syntax into `${VAR}` references: VS Code
 * `${input:x}` → `${X}` (the prompt the user answered in VS Code becomes an env variable),
 * `${env:X}` (VS Code, Cursor) → `${X}`, `${workspaceFolder}` → the workspace path.
 */
function rewriteRefs(value: string, workspace: string | null, notes: Notes): string {
  return value.replace(/\$\{([^}]+)\}/g, (whole, inner: string) => {
    const input = /^input:(.+)$/.exec(inner);
    if (input) {
      const name = inputVarName(input[1]!);
      note(notes, 'input', { input: input[1]!, name });
      return `\${${name}}`;
    }
    const env = /^env:([A-Za-z_][A-Za-z0-9_]*)$/.exec(inner);
    if (env) return `\${${env[1]}}`;
    if (inner === 'workspaceFolder' || inner === 'workspaceRoot') {
      if (workspace) {
        note(notes, 'workspace', { variable: inner, workspace });
        return workspace;
      }
      note(notes, 'noWorkspace', { variable: inner });
    }
    return whole;
  });
}

function mapStrings(v: unknown, f: (s: string) => string): unknown {
  if (typeof v === 'string') return f(v);
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f));
  if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapStrings(x, f)]));
  return v;
}

const CARRIED = ['command', 'args', 'env', 'cwd', 'url', 'headers'] as const;

/** `stdio | http | sse` from whatever the source wrote (`type`, `transport`, or inferred). */
export function foreignTransport(e: Record<string, unknown>): 'stdio' | 'http' | 'sse' | null {
  const t = e.type ?? e.transport;
  if (t === 'stdio' || t === 'sse') return t;
  if (t === 'http' || t === 'streamable-http' || t === 'streamableHttp') return 'http';
  if (typeof e.command === 'string') return 'stdio';
  if (typeof e.url === 'string' || typeof e.serverUrl === 'string') return 'http';
  return null;
}

export function convertEntry(raw: unknown, dialect: Dialect, workspace: string | null): ConvertResult {
  if (!isRecord(raw)) return refuse('not_object');
  const transport = foreignTransport(raw);
  if (!transport) return refuse('no_transport');
  const notes: Notes = new Map();
  const src: Record<string, unknown> = { ...raw };
  if (src.url === undefined && typeof src.serverUrl === 'string') src.url = src.serverUrl; // Windsurf-style spelling
  const dropped = Object.keys(raw).filter((k) => !(CARRIED as readonly string[]).includes(k) && !['type', 'transport', 'serverUrl'].includes(k));
  if (dropped.length > 0) note(notes, 'dropped', { fields: dropped.join(', ') });

  const entry: Record<string, unknown> = {};
  const facts = profileFacts(dialect);
  if (facts.transports.length === 1) {
    // An agent of one transport (seed 001: minara connects to streamable-HTTP endpoints only).
    if (transport !== facts.transports[0]) return refuse('http_only', { agent: dialect, transport });
    for (const k of ['url', 'headers'] as const) if (src[k] !== undefined) entry[k] = src[k];
    const ignored = ['command', 'args', 'env', 'cwd'].filter((k) => src[k] !== undefined);
    if (ignored.length > 0) note(notes, 'agentDropped', { agent: dialect, fields: ignored.join(', ') });
  } else {
    // Explicit only where inference would get it wrong (CFG-2: command → stdio, url → http),
    // in the key the agent reads (kimi: `transport` only).
    if (transport === 'sse') entry[facts.transportKeys[0]!] = 'sse';
    for (const k of CARRIED) {
      if (src[k] === undefined) continue;
      if (transport === 'stdio' && (k === 'url' || k === 'headers')) continue;
      if (transport !== 'stdio' && (k === 'command' || k === 'args' || k === 'env' || k === 'cwd')) continue;
      entry[k] = src[k];
    }
  }
  const rewritten = mapStrings(entry, (s) => rewriteRefs(s, workspace, notes)) as Record<string, unknown>;
  return ok({ entry: rewritten, notes: [...notes.keys()], noteCodes: [...notes.values()] });
}
