// AGENT-2: a TOML config text (Codex `config.toml`) as the loader reads it: the value from
// toml-eslint-parser (a TOML 1.0 parser that keeps every node's source range), so every problem
// can name a line and column (CFG-5) and the writer can edit by span (writer/toml-edit.ts).
import { getStaticTOMLValue, parseTOML, type AST } from 'toml-eslint-parser';
import { pointerOf } from './json-text';
import type { Location } from './json-doc';

export type ParsedToml = { ok: true; doc: TomlDoc } | { ok: false; message: string; offset: number; line: number; column: number };

/** A key path of a table header or key/value: `[mcp_servers.docs]` → ['mcp_servers', 'docs']. */
export function keyPath(node: AST.TOMLTable | AST.TOMLKeyValue, base: readonly string[] = []): string[] {
  if (node.type === 'TOMLTable') return node.resolvedKey.map(String);
  return [...base, ...node.key.keys.map((k) => (k.type === 'TOMLBare' ? k.name : k.value))];
}

export class TomlDoc {
  constructor(
    readonly text: string,
    readonly value: unknown,
    readonly ast: AST.TOMLProgram,
  ) {}

  lineCol(offset: number): { line: number; column: number } {
    let line = 1;
    let start = 0;
    for (let i = 0; i < offset && i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) [line, start] = [line + 1, i + 1];
    return { line, column: offset - start + 1 };
  }

  /** TOML refuses a key defined twice at parse time: nothing to report here. */
  repeatedTopLevelKey(): Location | null {
    return null;
  }

  /** The deepest node along `segments` (a table header or a key), with its pointer, line and column. */
  locate(segments: ReadonlyArray<PropertyKey>): Location {
    const want = segments.map(String);
    let best: { depth: number; offset: number } = { depth: 0, offset: 0 };
    const consider = (path: string[], offset: number) => {
      let d = 0;
      while (d < path.length && d < want.length && path[d] === want[d]) d++;
      if (d === path.length && d > best.depth) best = { depth: d, offset };
    };
    for (const top of this.ast.body[0]?.body ?? []) {
      if (top.type === 'TOMLTable') {
        consider(keyPath(top), top.range[0]);
        for (const kv of top.body) consider(keyPath(kv, keyPath(top)), kv.range[0]);
      } else consider(keyPath(top), top.range[0]);
    }
    return { pointer: pointerOf(want.slice(0, best.depth)), ...this.lineCol(best.offset) };
  }
}

export function parseTomlDoc(text: string): ParsedToml {
  try {
    const ast = parseTOML(text);
    return { ok: true, doc: new TomlDoc(text, getStaticTOMLValue(ast), ast) };
  } catch (err) {
    const e = err as { message?: string; index?: number; lineNumber?: number; column?: number };
    return { ok: false, message: e.message ?? String(err), offset: e.index ?? 0, line: e.lineNumber ?? 1, column: (e.column ?? 0) + 1 };
  }
}
