// A parsed config text. The value comes from the native JSON.parse when the text is plain
// JSON (fast: load + merge of 1500 servers must stay within 30 ms), and from jsonc-parser
// when it holds comments. The offset tree is built only when a problem needs a location.
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { deepestNode, duplicateKeys, nodeValue, parseJsonText, pointerOf, tooDeepAt } from './json-text';

export interface Location {
  pointer: string;
  line: number;
  column: number;
}

export type ParsedDoc = { ok: true; doc: JsonDoc } | { ok: false; message: string; offset: number; line: number; column: number };

export class JsonDoc {
  private tree: Node | undefined;
  private lineStarts: number[] | undefined;

  constructor(
    readonly text: string,
    readonly value: unknown,
    tree?: Node,
    /** JSONC with trailing commas: the tree is never rebuilt by the strict parser. */
    private readonly lenient = false,
  ) {
    this.tree = tree;
  }

  /** The offset tree; parsed on first use. The text is known to parse. */
  get root(): Node {
    if (!this.tree && this.lenient) throw new Error('JsonDoc: lenient tree missing');
    if (!this.tree) {
      const parsed = parseJsonText(this.text);
      if (!parsed.ok) throw new Error(`JsonDoc: text no longer parses: ${parsed.message}`);
      this.tree = parsed.root;
    }
    return this.tree;
  }

  /** 1-based line/column by binary search over line starts (many problems, one scan). */
  lineCol(offset: number): { line: number; column: number } {
    if (!this.lineStarts) {
      const starts = [0];
      for (let i = 0; i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) starts.push(i + 1);
      this.lineStarts = starts;
    }
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
  }

  /**
   * CFG-5: a top-level key written twice (`"mcpServers"` twice: the agent's JSON.parse keeps
   * the last). The tree is built only when the key's text occurs twice, so plain files stay fast.
   */
  repeatedTopLevelKey(key: string): Location | null {
    const quoted = JSON.stringify(key);
    const first = this.text.indexOf(quoted);
    if (first < 0 || this.text.indexOf(quoted, first + quoted.length) < 0) return null;
    let root: Node;
    try {
      root = this.root;
    } catch {
      return null;
    }
    const dup = duplicateKeys(root).find((d) => d.container.length === 0 && d.key === key);
    return dup ? { pointer: pointerOf([key]), ...this.lineCol(dup.keyOffset) } : null;
  }

  /** The deepest real node along `segments`, with its pointer, line and column. */
  locate(segments: ReadonlyArray<PropertyKey>): Location {
    let root: Node;
    try {
      root = this.root;
    } catch {
      return { pointer: '', line: 1, column: 1 }; // a tree too deep to build: the whole file
    }
    const { node, pointer } = deepestNode(root, segments);
    return { pointer, ...this.lineCol(node.offset) };
  }
}

/** VS Code's mcp.json is JSONC: comments and trailing commas (AGENT-2). */
function parseLenient(text: string): ParsedDoc {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  const first = errors[0];
  if (first || !root) {
    const offset = first?.offset ?? 0;
    const doc = new JsonDoc(text, null);
    return { ok: false, message: first ? printParseErrorCode(first.error) : 'empty file', offset, ...doc.lineCol(offset) };
  }
  return { ok: true, doc: new JsonDoc(text, nodeValue(root), root, true) };
}

export function parseDoc(text: string, lenient = false): ParsedDoc {
  if (lenient) {
    const deep = tooDeepAt(text);
    if (deep) return deep;
    return parseLenient(text);
  }
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    // JSON.parse keeps a `__proto__` key as an own property, and the last duplicate wins.
    return { ok: true, doc: new JsonDoc(text, JSON.parse(body)) };
  } catch {
    /* not plain JSON: comments, or a real syntax error */
  }
  // CFG-5: jsonc-parser recurses; refuse absurd nesting first (a linear scan) with its place.
  // (V8's JSON.parse above does not recurse: a deep entry there is refused per entry, CFG-5.)
  const deep = tooDeepAt(text);
  if (deep) return deep;
  try {
    const parsed = parseJsonText(text);
    if (!parsed.ok) return parsed;
    return { ok: true, doc: new JsonDoc(text, nodeValue(parsed.root), parsed.root) };
  } catch (err) {
    // jsonc-parser recurses: absurd nesting overflows the stack. Report, never throw (CFG-5).
    return { ok: false, message: `cannot be read (${err instanceof RangeError ? 'nested too deeply' : String(err)})`, offset: 0, line: 1, column: 1 };
  }
}
