// CFG-7 for permission rules: read the `permissions` lists out of a layer file's text and write
// changed lists back with the smallest edits (jsonc-parser, through the writer's setAt and json-array),
// so comments, key order, indentation and unrelated keys stay byte-identical.
import { isDeepStrictEqual } from 'node:util';
import { findNodeAtLocation, parseTree, type JSONPath } from 'jsonc-parser';
import { LISTS_BY_STRENGTH, RuleListsSchema, type RuleLists } from '../../../shared/permissions/rules';
import { detectFormat, parseConfigText, refuse, setAt, type WriteError } from '../config/writer';
import { appendItems, removeItem } from '../config/writer/json-array';
import { ok, type Result } from '../../../shared/result';

const KEY = 'permissions';
const EMPTY: RuleLists = { allow: [], ask: [], deny: [] };


const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The rules a file's text holds; a file without `permissions` holds none (not a problem). */
export function readRules(text: string | null): { rules: RuleLists; problem: { code: string; params?: Record<string, string | number> } | null } {
  if (text === null || text.trim() === '') return { rules: EMPTY, problem: null };
  const parsed = parseConfigText(text);
  if (!parsed.ok) return { rules: EMPTY, problem: { code: 'parse', params: { line: parsed.error.line, column: parsed.error.column } } };
  if (!isObject(parsed.value)) return { rules: EMPTY, problem: { code: 'not-object' } };
  if (!Object.hasOwn(parsed.value, KEY)) return { rules: EMPTY, problem: null };
  const r = RuleListsSchema.safeParse(parsed.value[KEY]);
  if (!r.success) return { rules: EMPTY, problem: { code: 'shape', params: { error: r.error.issues.map((i) => `${[KEY, ...i.path].join('.')}: ${i.message}`).join('; ') } } };
  return { rules: r.data, problem: null };
}

/**
 * One list from `before` to `after` by span edits of its array: the elements up to the first
 * difference are not touched, differing elements have only their string replaced, surplus
 * elements are appended after the last or cut from the end, each with its own comments
 * (../config/writer/json-array.ts). Nothing else in the file moves.
 */
function editList(text: string, path: JSONPath, before: readonly string[], after: readonly string[], eol: string): string {
  let out = text;
  const tree = parseTree(out, [], { allowTrailingComma: true, disallowComments: false });
  const items = (tree && findNodeAtLocation(tree, path))?.children ?? [];
  // Right to left, so the offsets of the elements still to edit stay valid.
  for (let i = Math.min(before.length, after.length) - 1; i >= 0; i--) {
    if (before[i] !== after[i]) out = out.slice(0, items[i]!.offset) + JSON.stringify(after[i]) + out.slice(items[i]!.offset + items[i]!.length);
  }
  for (let i = before.length - 1; i >= after.length; i--) out = removeItem(out, path, i);
  return after.length > before.length ? appendItems(out, path, after.slice(before.length), eol) : out;
}

/** The file's text with its `permissions` lists turned into `after`; refuses a file it cannot vouch for. */
export function writeRules(text: string | null, after: RuleLists): Result<string, WriteError> {
  const lists = Object.fromEntries(LISTS_BY_STRENGTH.filter((l) => after[l].length > 0).map((l) => [l, after[l]]));
  if (text === null || text.trim() === '') return ok(JSON.stringify({ [KEY]: lists }, null, 2) + '\n');
  const parsed = parseConfigText(text);
  if (!parsed.ok) return refuse('write.parse_error', { line: parsed.error.line, column: parsed.error.column });
  if (!isObject(parsed.value)) return refuse('write.parse_error.notObject');
  const fmt = detectFormat(text);
  const current = parsed.value[KEY];
  let out: string;
  if (current === undefined) out = Object.keys(lists).length ? setAt(text, [KEY], lists, fmt) : text;
  else if (!isObject(current)) return refuse('write.parse_error.servers', { key: KEY });
  else {
    out = text;
    for (const list of LISTS_BY_STRENGTH) {
      const was = current[list];
      if (was !== undefined && !(Array.isArray(was) && was.every((x) => typeof x === 'string'))) return refuse('write.parse_error.servers', { key: `${KEY}.${list}` });
      if (was === undefined) {
        if (after[list].length) out = setAt(out, [KEY, list], after[list], fmt);
      } else out = editList(out, [KEY, list], was, after[list], fmt.eol);
    }
  }
  // Never write what does not read back as the intended lists (SEC-3 spirit: vouch for the text).
  const check = readRules(out);
  if (check.problem || !isDeepStrictEqual(check.rules, after)) return refuse('write.io.layout');
  return ok(out);
}
