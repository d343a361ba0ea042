// CFG-7: span edits of one array of strings in a JSON text (permission rules, issue 14; list
// switches such as Claude Code's `disabledMcpServers` and Gemini's `mcp.excluded`, issue 34).
// Only the elements added or removed change: comments stay with the element they were written
// after, indentation and every other byte stay as they were.
import { findNodeAtLocation, type JSONPath, type Node, parseTree } from 'jsonc-parser';
import { lineCommentsEnd } from './text-edit';

/** The array node at `path` (the caller read that it is one). */
function arrayAt(text: string, path: JSONPath): Node {
  const tree = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const node = tree && findNodeAtLocation(tree, path);
  if (node?.type !== 'array') throw new Error(`no array at /${path.join('/')}`);
  return node;
}

const end = (n: Node): number => n.offset + n.length;

/**
 * Strings appended after the last element: in a multi-line array each on its own line in the last
 * element's indentation, behind that element's same-line note; in a one-line array `, "x"`.
 * removeItem takes such an element back out exactly.
 */
export function appendItems(text: string, path: JSONPath, items: readonly string[], eol: string): string {
  return appendJson(text, path, items.map((r) => JSON.stringify(r)), eol);
}

/** appendItems for elements already written as JSON (objects, such as VS Code's `inputs`). */
export function appendJson(text: string, path: JSONPath, extra: readonly string[], eol: string): string {
  const arr = arrayAt(text, path);
  const kids = arr.children ?? [];
  if (kids.length === 0) return text.slice(0, arr.offset) + `[${extra.join(', ')}]` + text.slice(end(arr));
  const lastEnd = end(kids[kids.length - 1]!);
  if (!text.slice(arr.offset, end(arr)).includes('\n')) return text.slice(0, lastEnd) + extra.map((x) => `, ${x}`).join('') + text.slice(lastEnd);
  const lineStart = text.lastIndexOf('\n', kids[kids.length - 1]!.offset) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const note = lineCommentsEnd(text, lastEnd);
  return text.slice(0, lastEnd) + ',' + text.slice(lastEnd, note) + extra.map((x) => `${eol}${indent}${x}`).join(',') + text.slice(note);
}

/**
 * The element at `index` removed with its own comma and same-line note. The last element takes
 * the comma before it (the previous element keeps its note); an element that has a line of its
 * own takes that line; the only element leaves `[` and what followed its note.
 */
export function removeItem(text: string, path: JSONPath, index: number): string {
  const arr = arrayAt(text, path);
  const kids = arr.children ?? [];
  const item = kids[index];
  if (!item) throw new Error(`no element ${index} at /${path.join('/')}`);
  const noteEnd = lineCommentsEnd(text, end(item));
  if (kids.length === 1) return text.slice(0, arr.offset + 1) + text.slice(noteEnd);
  if (index === kids.length - 1) {
    const comma = text.indexOf(',', end(kids[index - 1]!));
    const from = lineCommentsEnd(text, comma + 1);
    return text.slice(0, comma) + text.slice(comma + 1, from) + text.slice(noteEnd);
  }
  const next = kids[index + 1]!;
  const comma = text.indexOf(',', end(item));
  const stop = lineCommentsEnd(text, comma + 1);
  const lineBreak = text.lastIndexOf('\n', item.offset - 1);
  const ownLine = lineBreak > arr.offset && /^[ \t]*$/.test(text.slice(lineBreak + 1, item.offset)) && /^\r?\n/.test(text.slice(stop, next.offset));
  if (!ownLine) return text.slice(0, item.offset) + text.slice(next.offset);
  const from = text[lineBreak - 1] === '\r' ? lineBreak - 1 : lineBreak;
  return text.slice(0, from) + text.slice(stop);
}
