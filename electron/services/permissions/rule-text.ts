// CFG-7 for permission rules: read the `permissions` lists out of a layer file's text and write
// changed lists back with the smallest edits (jsonc-parser, through the writer's setAt/insertAt),
// so comments, key order, indentation and unrelated keys stay byte-identical.
import { isDeepStrictEqual } from 'node:util';
import { findNodeAtLocation, parseTree, type JSONPath, type Node } from 'jsonc-parser';
import { LISTS_BY_STRENGTH, RuleListsSchema, type RuleLists } from '../../../shared/permissions/rules';
import { detectFormat, lineCommentsEnd, okResult, parseConfigText, refuse, setAt, type WriteResult } from '../config/writer';

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

/** The array node at `path` (the list exists: the caller read it). */
function arrayAt(text: string, path: JSONPath): Node {
  const node = findNodeAtLocation(parseTree(text, [], { allowTrailingComma: true, disallowComments: false })!, path);
  if (node?.type !== 'array') throw new Error(`no array at /${path.join('/')}`);
  return node;
}

const end = (n: Node): number => n.offset + n.length;

/**
 * One list from `before` to `after` by span edits of its array: the elements up to the first
 * difference are not touched, differing elements have only their string replaced, surplus
 * elements are appended after the last (each on its own line in a multi-line array, behind the
 * last element's same-line comment) or cut from the end (with their own comments). Comments
 * stay where they were written; nothing else in the file moves.
 */
function editList(text: string, path: JSONPath, before: readonly string[], after: readonly string[], eol: string): string {
  let out = text;
  const items = arrayAt(out, path).children ?? [];
  // Right to left, so the offsets of the elements still to edit stay valid.
  for (let i = Math.min(before.length, after.length) - 1; i >= 0; i--) {
    if (before[i] !== after[i]) out = out.slice(0, items[i]!.offset) + JSON.stringify(after[i]) + out.slice(end(items[i]!));
  }
  const arr = arrayAt(out, path);
  const kids = arr.children ?? [];
  if (after.length < before.length) {
    const last = lineCommentsEnd(out, end(kids.at(-1)!));
    if (after.length === 0) return out.slice(0, arr.offset + 1) + out.slice(last);
    const keep = kids[after.length - 1]!;
    const comma = out.indexOf(',', end(keep));
    // The kept element's own note (after its comma) stays; the comma and the rest go.
    const from = lineCommentsEnd(out, comma + 1);
    return out.slice(0, comma) + out.slice(comma + 1, from) + out.slice(last);
  }
  if (after.length > before.length) {
    const extra = after.slice(before.length).map((r) => JSON.stringify(r));
    if (kids.length === 0) return out.slice(0, arr.offset) + `[${extra.join(', ')}]` + out.slice(end(arr));
    const lastEnd = end(kids.at(-1)!);
    const multiLine = out.slice(arr.offset, end(arr)).includes('\n');
    if (!multiLine) return out.slice(0, lastEnd) + extra.map((x) => `, ${x}`).join('') + out.slice(lastEnd);
    const lineStart = out.lastIndexOf('\n', kids.at(-1)!.offset) + 1;
    const indent = /^[ \t]*/.exec(out.slice(lineStart))![0];
    const note = lineCommentsEnd(out, lastEnd);
    return out.slice(0, lastEnd) + ',' + out.slice(lastEnd, note) + extra.map((x) => `${eol}${indent}${x}`).join(',') + out.slice(note);
  }
  return out;
}

/** The file's text with its `permissions` lists turned into `after`; refuses a file it cannot vouch for. */
export function writeRules(text: string | null, after: RuleLists): WriteResult<string> {
  const lists = Object.fromEntries(LISTS_BY_STRENGTH.filter((l) => after[l].length > 0).map((l) => [l, after[l]]));
  if (text === null || text.trim() === '') return okResult(JSON.stringify({ [KEY]: lists }, null, 2) + '\n');
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
  return okResult(out);
}
