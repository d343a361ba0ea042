// CFG-7: edit the JSON text, never re-serialise it. jsonc-parser's `modify` computes the
// smallest text edit for one path and formats only what it inserts, so comments, key
// order, indentation and unknown fields outside the edited span stay byte-identical.
import { isDeepStrictEqual } from 'node:util';
import {
  applyEdits,
  type Edit,
  findNodeAtLocation,
  format,
  type FormattingOptions,
  type JSONPath,
  modify,
  type Node,
  type ParseError,
  parseTree,
  printParseErrorCode,
} from 'jsonc-parser';
import { nodeValue, offsetToLineCol, parseJsonText } from '../json-text';

export type TextFormat = Required<Pick<FormattingOptions, 'insertSpaces' | 'tabSize' | 'eol'>>;

/** The file's own style: first indented line decides tabs vs spaces and the width. */
export function detectFormat(text: string): TextFormat {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const m = /\n([ \t]+)\S/.exec(text);
  const indent = m?.[1];
  if (!indent) return { insertSpaces: true, tabSize: 2, eol };
  if (indent.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indent.length, eol };
}

export interface ParseFailure {
  message: string;
  offset: number;
  /** 1-based, like an editor shows it. */
  line: number;
  column: number;
}

export type ParsedText = { ok: true; tree: Node | undefined; value: unknown } | { ok: false; error: ParseFailure };

/**
 * The agents' files parse exactly as the loader parses them (../json-text.ts: comments
 * allowed, trailing commas not), so the writer refuses every file the loader calls invalid.
 * `lenient` (import sources: VS Code and Cursor write JSONC) also accepts trailing commas.
 */
export function parseConfigText(text: string, lenient = false): ParsedText {
  if (!lenient) {
    const r = parseJsonText(text);
    if (!r.ok) return { ok: false, error: { message: r.message, offset: r.offset, line: r.line, column: r.column } };
    return { ok: true, tree: r.root, value: nodeValue(r.root) };
  }
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  const first = errors[0];
  if (first) {
    const { line, column } = offsetToLineCol(text, first.offset);
    return { ok: false, error: { message: printParseErrorCode(first.error), offset: first.offset, line, column } };
  }
  return { ok: true, tree, value: tree ? nodeValue(tree) : undefined };
}

/**
 * Set (or, with `undefined`, remove) the value at `path`; parents are created as needed.
 * `modify` is asked for the raw edit only; the inserted text is then formatted in the
 * file's style, keeping only formatting edits inside the inserted span (jsonc-parser's own
 * formatting would also re-indent the neighbouring lines).
 */
export function setAt(text: string, path: JSONPath, value: unknown, fmt = detectFormat(text)): string {
  const [edit] = modify(text, path, value, {});
  if (!edit) return text;
  const { out, start, end } = keepLineComments(text, edit, fmt.eol);
  if (end === start) return out;
  const inside = format(out, { offset: start, length: end - start }, fmt).filter((e) => e.offset >= start && e.offset + e.length <= end);
  return applyEdits(out, inside);
}

// Comments after a value on its own line: `"a": {…} // note`. Multi-line block comments are
// not "on the line" and are left to jsonc-parser.
const LINE_COMMENTS = /(?:[ \t]*(?:\/\/[^\r\n]*|\/\*(?:(?!\*\/)[^\r\n])*\*\/))+/y;

/** Past the spaces and same-line comments that follow `from` (a value's own note). */
export function lineCommentsEnd(text: string, from: number): number {
  LINE_COMMENTS.lastIndex = from;
  return LINE_COMMENTS.test(text) ? LINE_COMMENTS.lastIndex : from;
}

/**
 * CFG-7: jsonc-parser puts a new last property right after the previous value, before that
 * value's `// note`, so the note moved onto the new entry; and removing the last property took
 * the previous value's note with it and left its own behind. A comment stays with its value:
 * the comma goes right after the value, the new property after the comment.
 * Returns the text and the span of inserted text (to format).
 */
function keepLineComments(text: string, edit: Edit, eol: string): { out: string; start: number; end: number } {
  const { offset, length, content } = edit;
  if (length === 0 && content.startsWith(',')) {
    const after = lineCommentsEnd(text, offset);
    if (after > offset) {
      // The line break is required, not cosmetic: after `// note` the rest of the line is comment.
      const inserted = eol + content.slice(1);
      const out = text.slice(0, offset) + ',' + text.slice(offset, after) + inserted + text.slice(after);
      return { out, start: after + 1, end: after + 1 + inserted.length };
    }
  }
  if (content === '' && length > 0 && text[offset] === ',') {
    const keep = lineCommentsEnd(text, offset + 1); // the previous value's own comment
    const end = lineCommentsEnd(text, offset + length); // the removed value's own comment
    const out = text.slice(0, offset) + text.slice(offset + 1, keep) + text.slice(end);
    return { out, start: offset, end: offset };
  }
  return { out: applyEdits(text, [edit]), start: offset, end: offset + content.length };
}

export function removeAt(text: string, path: JSONPath, fmt = detectFormat(text)): string {
  return firstMemberLines(text, path) ?? setAt(text, path, undefined, fmt);
}

function nodeAt(text: string, path: JSONPath): Node | undefined {
  const tree = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  return tree && findNodeAtLocation(tree, path);
}
const end = (n: Node): number => n.offset + n.length;

/**
 * Issue 42: jsonc-parser removes a first member up to the next one, so the next line was glued
 * onto the brace (`"figma": {"type": …`). When the member and the next start lines of their own,
 * its whole line goes instead (with its comma and same-line note): no other line is joined.
 */
function firstMemberLines(text: string, path: JSONPath): string | null {
  const node = path.length ? nodeAt(text, path)?.parent : undefined;
  const siblings = node?.parent?.type === 'object' ? node.parent.children! : [];
  if (siblings[0] !== node || siblings.length < 2) return null;
  const lineBreak = text.lastIndexOf('\n', node!.offset - 1);
  const comma = /^[ \t]*,/.exec(text.slice(end(node!)));
  if (lineBreak < 0 || !comma || !/^[ \t]*$/.test(text.slice(lineBreak + 1, node!.offset))) return null;
  const stop = lineCommentsEnd(text, end(node!) + comma[0].length);
  if (!/^\r?\n/.test(text.slice(stop, siblings[1]!.offset))) return null;
  const from = text[lineBreak - 1] === '\r' ? lineBreak - 1 : lineBreak;
  return text.slice(0, from) + text.slice(stop);
}

/**
 * Issue 42 item 1: add a key the object at `path` lacks where the agents' own JSON writers put a
 * new key, after the last member (OpenCode's `mcp add` uses jsonc-parser's modify; Cline sets the
 * field and writes JSON.stringify), spelt and spaced like that member. Unlike setAt, a one-line
 * object stays on its line and a multi-line one gets one new line in the last member's
 * indentation; a same-line note stays with its member. removeAt takes exactly this back out.
 */
export function addMember(text: string, path: JSONPath, key: string, value: unknown, fmt = detectFormat(text)): string {
  const obj = nodeAt(text, path);
  if (obj?.type !== 'object') throw new Error(`no object at /${path.join('/')}`);
  const props = obj.children ?? [];
  const last = props[props.length - 1];
  const [k, v] = last?.children ?? [];
  const member = JSON.stringify(key) + (k && v ? text.slice(end(k), v.offset) : ': ') + JSON.stringify(value);
  if (!last) return text.slice(0, obj.offset + 1) + member + text.slice(obj.offset + 1);
  const lineStart = text.lastIndexOf('\n', last.offset - 1) + 1;
  const indent = text.slice(lineStart, last.offset);
  const ownLine = lineStart > 0 && /^[ \t]*$/.test(indent);
  const prev = props[props.length - 2];
  const between = prev ? /,([ \t]*)$/.exec(text.slice(end(prev), last.offset)) : null;
  const gap = ownLine ? fmt.eol + indent : (between?.[1] ?? ' ');
  const at = end(last);
  const note = /^[ \t]*,/.test(text.slice(at)) ? at : lineCommentsEnd(text, at);
  return text.slice(0, at) + ',' + text.slice(at, note) + gap + member + text.slice(note);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Turn the value at `path` from `before` into `after` with the smallest edits: unchanged
 * keys (and the comments around them) are left alone, objects are descended into,
 * anything else is replaced whole.
 */
export function updateAt(text: string, path: JSONPath, before: unknown, after: unknown, fmt = detectFormat(text)): string {
  if (isDeepStrictEqual(before, after)) return text;
  if (!isPlainObject(before) || !isPlainObject(after)) return setAt(text, path, after, fmt);
  let out = text;
  for (const key of Object.keys(before)) {
    if (!(key in after)) out = removeAt(out, [...path, key], fmt);
  }
  for (const [key, value] of Object.entries(after)) {
    out = key in before ? updateAt(out, [...path, key], before[key], value, fmt) : setAt(out, [...path, key], value, fmt);
  }
  return out;
}

/** Rename the key `from` of the object at `path`: only the key's characters change. */
export function renameKey(text: string, path: JSONPath, from: string, to: string): string {
  const keyNode = nodeAt(text, [...path, from])?.parent?.children?.[0];
  if (!keyNode) throw new Error(`no key ${JSON.stringify(from)} at /${path.join('/')}`);
  return text.slice(0, keyNode.offset) + JSON.stringify(to) + text.slice(keyNode.offset + keyNode.length);
}

/** A file the panel creates: plain 2-space JSON with a final newline. */
export function newFileText(container: string, servers: Record<string, unknown>): string {
  return JSON.stringify({ [container]: servers }, null, 2) + '\n';
}
