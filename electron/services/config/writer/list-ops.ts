// Issue 34 / AGENT-5 (per-workspace switches): add or remove one string in a list at any path of
// a JSON or JSONC file, such as Claude Code's `~/.claude.json` projects["/abs/ws"].disabledMcpServers
// (and `enabledMcpjsonServers` / `disabledMcpjsonServers`) or Gemini's settings.json `mcp.excluded`
// / `mcp.allowed`. Missing objects on the path and the list itself are created; the element is
// appended after the last one (json-array.ts); every other byte stays (CFG-7). Idempotent: a value
// already in (or out of) the list leaves the file as it is.
import { isDeepStrictEqual } from 'node:util';
import type { ConfigFormat } from '../../../../shared/profiles/types';
import { duplicateKeys, offsetToLineCol, pointerOf } from '../json-text';
import type { AddedLedger } from './added-ledger';
import { refuse, type WriteError } from './errors';
import { appendItems, removeItem } from './json-array';
import { detectFormat, parseConfigText, removeAt, setAt } from './text-edit';
import { isRecord } from '../../../../shared/is-record';
import { ok, type Result } from '../../../../shared/result';

/** Where the list sits: the keys from the top of the file to the list (at least one). */
export type ListPath = readonly [string, ...string[]];

export interface ListEdit {
  path: ListPath;
  value: string;
  /** true: the value is to be in the list; false: out of it. */
  present: boolean;
}

const own = (o: Record<string, unknown>, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);

/** `{a: {b: value}}` for the path [a, b] (own properties, so a key such as `__proto__` stays a key). */
function nest(path: readonly string[], value: unknown): unknown {
  return path.reduceRight<unknown>((inner, k) => Object.defineProperty({}, k, { value: inner, enumerable: true, writable: true, configurable: true }), value);
}

/**
 * The file's text with the edit made, or the first refusal: JSON and JSONC only; a file that does
 * not parse, a key on the path written twice, an object on the path that is not one, a list that
 * is not one. `null` text (no file) stays null when there is nothing to add.
 *
 * The way back is byte-identical: a list (and the objects holding it) that the panel created is
 * removed again when its last value goes, but only when the ledger says the panel created it and
 * the file still holds exactly what the panel wrote (the choice of switch-op.ts, for the same
 * reason: the text cannot tell the panel's `["x"]` from the user's). A list the user had stays,
 * empty if need be.
 */
export function applyListEdit(text: string | null, format: ConfigFormat, edit: ListEdit, ledger?: AddedLedger): Result<string | null, WriteError> {
  if (format !== 'json' && format !== 'jsonc') return refuse('write.unsupported.listFormat', { format });
  const { path, value, present } = edit;
  // Nothing of the user's to keep in a missing or blank file: it is written whole (or left alone).
  if (text === null || text.trim() === '') return ok(present ? JSON.stringify(nest(path, [value]), null, 2) + '\n' : text);
  const parsed = parseConfigText(text, format === 'jsonc');
  if (!parsed.ok) return refuse('write.parse_error', { line: parsed.error.line, column: parsed.error.column }, { detail: parsed.error.message, data: parsed.error });
  const root = parsed.value;
  if (!isRecord(root)) return refuse('write.parse_error.notObject', {}, { data: { line: 1, column: 1 } });
  // CFG-5: JSON.parse keeps the last of two equal keys while a text edit lands in the first.
  const twice = parsed.tree ? duplicateKeys(parsed.tree).find((d) => d.container.length < path.length && d.container.every((k, i) => k === path[i]) && d.key === path[d.container.length]) : undefined;
  if (twice) {
    const { line, column } = offsetToLineCol(text, twice.keyOffset);
    if (twice.container.length === 0) return refuse('write.duplicate_key', { key: twice.key, line, column }, { data: { line, column } });
    return refuse('write.duplicate_key.in', { key: twice.key, container: pointerOf(twice.container), line, column }, { data: { line, column } });
  }
  // How many objects of the path exist, and the list if its object does.
  let holder: Record<string, unknown> = root;
  let depth = 0;
  for (; depth < path.length - 1; depth++) {
    const next = own(holder, path[depth]!);
    if (next === undefined) break;
    if (!isRecord(next)) return refuse('write.parse_error.servers', { key: path.slice(0, depth + 1).join('.') });
    holder = next;
  }
  const list = depth === path.length - 1 ? own(holder, path[depth]!) : undefined;
  if (list !== undefined && !Array.isArray(list)) return refuse('write.parse_error.notList', { key: path.join('.') });
  const fmt = detectFormat(text);
  const add = (t: string) => setAt(t, [...path], [value], fmt);
  let out = text;
  let expected: unknown;
  if (present) {
    if (list?.includes(value)) return ok(text);
    if (list) out = appendItems(text, [...path], [value], fmt.eol);
    else {
      out = add(text);
      ledger?.put(path, path.slice(0, depth + 1));
    }
    expected = withList(root, path, [...(list ?? []), value]);
  } else {
    if (!list?.includes(value)) return ok(text);
    for (let i = list.length - 1; i >= 0; i--) if (list[i] === value) out = removeItem(out, [...path], i);
    const rest = list.filter((x) => x !== value);
    expected = withList(root, path, rest);
    const created = rest.length === 0 ? ledger?.created(path) : undefined;
    if (created) {
      const without = removeAt(out, [...created], fmt);
      if (add(without) === text) {
        out = without;
        expected = withList(root, created, undefined);
      }
      ledger?.drop(path);
    }
  }
  // Never report success for text that does not read back as exactly the intended change.
  const check = parseConfigText(out, format === 'jsonc');
  if (!check.ok || !isDeepStrictEqual(check.value, expected)) return refuse('write.io.layout');
  return ok(out);
}

/** A copy of `root` with the value at `path` set (objects created on the way) or, with undefined, removed. */
function withList(root: Record<string, unknown>, path: readonly string[], list: unknown): Record<string, unknown> {
  const [k, ...rest] = path;
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(root)) as Record<string, unknown>;
  const child = own(root, k!);
  const inner = rest.length === 0 ? list : withList(isRecord(child) ? child : {}, rest, list);
  if (inner === undefined) delete copy[k!];
  else Object.defineProperty(copy, k!, { value: inner, enumerable: true, writable: true, configurable: true });
  return copy;
}

/**
 * AGENT-5: one value set at a path of a JSON or JSONC file, or (undefined) removed: Gemini's own
 * switch, `{ "<name>": { "enabled": false } }` in ~/.gemini/mcp-server-enablement.json. Objects on
 * the path are created; every other byte stays; a value already so leaves the file as it is.
 */
export function applyValueEdit(text: string | null, format: ConfigFormat, path: ListPath, value: unknown): Result<string | null, WriteError> {
  if (format !== 'json' && format !== 'jsonc') return refuse('write.unsupported.listFormat', { format });
  if (text === null || text.trim() === '') return ok(value === undefined ? text : JSON.stringify(nest(path, value), null, 2) + '\n');
  const parsed = parseConfigText(text, format === 'jsonc');
  if (!parsed.ok) return refuse('write.parse_error', { line: parsed.error.line, column: parsed.error.column }, { detail: parsed.error.message, data: parsed.error });
  const root = parsed.value;
  if (!isRecord(root)) return refuse('write.parse_error.notObject', {}, { data: { line: 1, column: 1 } });
  let holder: unknown = root;
  for (const k of path.slice(0, -1)) {
    holder = isRecord(holder) ? own(holder, k) : undefined;
    if (holder !== undefined && !isRecord(holder)) return refuse('write.parse_error.servers', { key: path.join('.') });
  }
  const now = isRecord(holder) ? own(holder, path[path.length - 1]!) : undefined;
  if (isDeepStrictEqual(now, value)) return ok(text);
  const fmt = detectFormat(text);
  const out = value === undefined ? removeAt(text, [...path], fmt) : setAt(text, [...path], value, fmt);
  const check = parseConfigText(out, format === 'jsonc');
  if (!check.ok || !isDeepStrictEqual(check.value, withList(root, path, value))) return refuse('write.io.layout');
  return ok(out);
}
