// AGENT-2: a YAML config text (Goose `config.yaml`) as the loader reads it: `yaml`'s Document (it
// keeps every node's source range and the comments), so every problem names a line and column
// (CFG-5) and the writer can edit by span (writer/yaml-edit.ts).
import { isMap, isPair, isScalar, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { pointerOf } from './json-text';
import type { Location } from './json-doc';

export type ParsedYaml = { ok: true; doc: YamlDoc } | { ok: false; message: string; offset: number; line: number; column: number };

/** Keys as YAML gives them: plain scalars keep their text (a `1:` key is "1"). */
const keyText = (k: unknown): string => (isScalar(k) ? String(k.value) : String(k));

export class YamlDoc {
  constructor(
    readonly text: string,
    readonly value: unknown,
    readonly doc: Document.Parsed,
    private readonly lines: LineCounter,
  ) {}

  lineCol(offset: number): { line: number; column: number } {
    const p = this.lines.linePos(offset);
    return { line: p.line, column: p.col };
  }

  /** YAML refuses a key written twice at parse time (uniqueKeys): nothing to report here. */
  repeatedTopLevelKey(): Location | null {
    return null;
  }

  /** The deepest node along `segments`, with its pointer, line and column. */
  locate(segments: ReadonlyArray<PropertyKey>): Location {
    let node: Node | null = this.doc.contents;
    let offset = node?.range?.[0] ?? 0;
    let depth = 0;
    for (const seg of segments.map(String)) {
      if (!isMap(node)) break;
      const pair = node.items.find((p) => isPair(p) && keyText(p.key) === seg);
      if (!pair) break;
      offset = (isScalar(pair.key) && pair.key.range?.[0]) || offset;
      node = (pair.value as Node | null) ?? null;
      depth++;
    }
    return { pointer: pointerOf(segments.slice(0, depth).map(String)), ...this.lineCol(offset) };
  }
}

export function parseYamlDoc(text: string): ParsedYaml {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const err = doc.errors[0];
  if (err) {
    const offset = err.pos[0];
    const p = lines.linePos(offset);
    return { ok: false, message: err.message.split('\n')[0]!, offset, line: p.line, column: p.col };
  }
  return { ok: true, doc: new YamlDoc(text, doc.toJS() ?? {}, doc, lines) };
}
