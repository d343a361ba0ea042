// JSON text → tree, values and locations. jsonc-parser keeps offsets, so every problem can
// name a line and column (CFG-5) and every pointer can be checked against the real file.
import { escapePointer } from '../../../shared/json-pointer';
import { type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';

export interface TextLocation {
  line: number;
  column: number;
}

export type ParsedText =
  | { ok: true; root: Node }
  | { ok: false; message: string; offset: number; line: number; column: number };

/** 1-based line and column of a character offset. */
export function offsetToLineCol(text: string, offset: number): TextLocation {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(Math.max(offset, 0), text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

const READABLE: Record<string, string> = {
  InvalidSymbol: 'invalid symbol',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'property name expected (trailing comma?)',
  ValueExpected: 'value expected',
  ColonExpected: 'colon expected',
  CommaExpected: 'comma expected',
  CloseBraceExpected: 'closing brace expected',
  CloseBracketExpected: 'closing bracket expected',
  EndOfFileExpected: 'end of file expected',
  InvalidCommentToken: 'invalid comment',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character',
};

/**
 * CFG-5: jsonc-parser (and every later walk over the tree) recurses, so a 100k-deep file
 * overflowed the stack. Far above MAX_ENTRY_DEPTH plus the few container levels (so a too-deep
 * entry is still reported on its own, CFG-5), far below where the recursion would overflow.
 */
export const MAX_TEXT_DEPTH = 256;

/** Offset of the bracket that nests deeper than `max`, or -1; strings and comments skipped. */
export function depthOverflowOffset(text: string, max = MAX_TEXT_DEPTH): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // A string: to its closing quote (an unterminated one ends the scan at the line end).
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34 || d === 10) break;
      }
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      const nl = text.indexOf('\n', i);
      if (nl < 0) break;
      i = nl;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) break;
      i = end + 1;
    } else if (c === 123 || c === 91) {
      if (++depth > max) return i;
    } else if (c === 125 || c === 93) depth--;
  }
  return -1;
}

/** The parse failure for a text nested too deeply, or null. */
export function tooDeepAt(text: string): Extract<ParsedText, { ok: false }> | null {
  const offset = depthOverflowOffset(text);
  if (offset < 0) return null;
  const { line, column } = offsetToLineCol(text, offset);
  return { ok: false, message: `nested more than ${MAX_TEXT_DEPTH} levels deep at line ${line}, column ${column}`, offset, line, column };
}

/**
 * Parse config text. Comments are accepted (the writer keeps them, CFG-7); trailing commas
 * and every other deviation from JSON are errors, because the agents read these files with
 * a strict JSON parser.
 */
export function parseJsonText(text: string): ParsedText {
  const deep = tooDeepAt(text);
  if (deep) return deep;
  const errors: ParseError[] = [];
  const body = text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text; // BOM keeps offsets
  const root = parseTree(body, errors, { allowTrailingComma: false, disallowComments: false, allowEmptyContent: false });
  const first = errors[0];
  if (first || !root) {
    const offset = first?.offset ?? 0;
    const { line, column } = offsetToLineCol(text, offset);
    const what = first ? (READABLE[printParseErrorCode(first.error)] ?? printParseErrorCode(first.error)) : 'empty file';
    return { ok: false, message: `${what} at line ${line}, column ${column}`, offset, line, column };
  }
  return { ok: true, root };
}

/**
 * Plain value of a node. Keys go through defineProperty so a `__proto__` key stays an own
 * property and never touches a prototype; for duplicate keys the last wins, as JSON.parse does.
 */
export function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const obj: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (!k || !v) continue;
        const key = String(k.value);
        if (key === '__proto__') Object.defineProperty(obj, key, { value: nodeValue(v), enumerable: true, writable: true, configurable: true });
        else obj[key] = nodeValue(v);
      }
      return obj;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value as unknown;
  }
}

/** Properties of an object node in file order: key, value node, key offset. */
export function objectProps(node: Node | undefined): Array<{ key: string; value: Node; keyOffset: number }> {
  if (!node || node.type !== 'object') return [];
  const out: Array<{ key: string; value: Node; keyOffset: number }> = [];
  for (const prop of node.children ?? []) {
    const [k, v] = prop.children ?? [];
    if (k && v) out.push({ key: String(k.value), value: v, keyOffset: k.offset });
  }
  return out;
}

export interface DuplicateKey {
  /** Path of the object that holds the key twice. */
  container: Array<string | number>;
  key: string;
  /** Offset of the later occurrence (the one JSON.parse keeps). */
  keyOffset: number;
}

/**
 * Keys written twice in one object (CFG-5): JSON.parse silently keeps the last, while an
 * edit by location lands in the first. Iterative, so any depth the parser accepted is fine.
 */
export function duplicateKeys(root: Node): DuplicateKey[] {
  const out: DuplicateKey[] = [];
  const stack: Array<{ node: Node; path: Array<string | number> }> = [{ node: root, path: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, path } = item;
    if (node.type === 'array') (node.children ?? []).forEach((c, i) => stack.push({ node: c, path: [...path, i] }));
    if (node.type !== 'object') continue;
    const seen = new Set<string>();
    for (const p of objectProps(node)) {
      if (seen.has(p.key)) out.push({ container: path, key: p.key, keyOffset: p.keyOffset });
      seen.add(p.key);
      stack.push({ node: p.value, path: [...path, p.key] });
    }
  }
  return out.sort((a, b) => a.keyOffset - b.keyOffset);
}

export function propNode(node: Node | undefined, key: string): Node | undefined {
  // The last duplicate wins, matching nodeValue.
  return objectProps(node).filter((p) => p.key === key).pop()?.value;
}


export function pointerOf(segments: ReadonlyArray<string | number>): string {
  return segments.map((s) => '/' + escapePointer(s)).join('');
}

/**
 * The deepest node along `segments` that exists in the file, with its pointer: a missing
 * field ("url" required) points at the entry that lacks it, never at a place that is not there.
 */
export function deepestNode(root: Node, segments: ReadonlyArray<PropertyKey>): { node: Node; pointer: string } {
  let node = root;
  const walked: Array<string | number> = [];
  for (const seg of segments) {
    let next: Node | undefined;
    if (node.type === 'object' && typeof seg !== 'symbol') next = propNode(node, String(seg));
    else if (node.type === 'array' && typeof seg === 'number') next = node.children?.[seg];
    if (!next) break;
    node = next;
    walked.push(typeof seg === 'number' ? seg : String(seg));
  }
  return { node, pointer: pointerOf(walked) };
}

/** Inverse of pointerOf over a tree (tests use it to prove every pointer is real). */
export function resolvePointer(root: Node, pointer: string): Node | undefined {
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node: Node | undefined = root;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node) return undefined;
    if (node.type === 'object') node = propNode(node, seg);
    else if (node.type === 'array' && /^\d+$/.test(seg)) node = node.children?.[Number(seg)];
    else return undefined;
  }
  return node;
}
