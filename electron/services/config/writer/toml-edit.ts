// AGENT-2 / CFG-7: edit a TOML text (Codex `config.toml`) by span, never re-serialise it. Every
// edit finds its place from the source ranges toml-eslint-parser gives (the parser the loader
// uses, ../toml-doc.ts) and changes only those characters: comments, key order, spacing and keys
// the panel does not know stay byte-identical outside the edited span. Each edit re-parses, so
// the next one sees the text as it now is. A value lives in one of three places: a key/value
// line (dotted or not), a key inside an inline table, or a table defined by `[headers]`; an edit
// works in whichever the file already uses, and new tables are `[a.b]` sections as Codex's docs
// write them (developers.openai.com/codex/mcp: `[mcp_servers.context7]`, `[mcp_servers.context7.env]`).
import { isDeepStrictEqual } from 'node:util';
import { getStaticTOMLValue, parseTOML, type AST } from 'toml-eslint-parser';
import { isRecord } from '../../../../shared/is-record';

type Path = readonly string[];

/** A value that TOML cannot hold (null, a lone surrogate): the write is refused, never guessed. */
export class TomlValueError extends Error {}

const BARE = /^[A-Za-z0-9_-]+$/;

function tomlString(s: string): string {
  // JSON's escapes (\" \\ \b \f \n \r \t \uXXXX) are TOML's; DEL must be escaped in TOML too.
  if (/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))) throw new TomlValueError('a string holds a lone surrogate, which TOML cannot store');
  return JSON.stringify(s).replace(/\x7f/g, '\\u007F');
}

export function tomlKey(k: string): string {
  return BARE.test(k) ? k : tomlString(k);
}

// TOML dates are objects too: not tables.
const isTable = (v: unknown): v is Record<string, unknown> => isRecord(v) && !(v instanceof Date);

/** One value on one line (TOML 1.0: inline tables never span lines). */
export function tomlValue(v: unknown): string {
  if (typeof v === 'string') return tomlString(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') {
    if (Number.isNaN(v)) return 'nan';
    if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
    if (Number.isSafeInteger(v)) return String(v);
    const s = String(v);
    return /[.e]/.test(s) ? s : `${s}.0`;
  }
  if (Array.isArray(v)) return `[${v.map(tomlValue).join(', ')}]`;
  if (isTable(v)) {
    const parts = Object.entries(v).map(([k, x]) => `${tomlKey(k)} = ${tomlValue(x)}`);
    return parts.length ? `{ ${parts.join(', ')} }` : '{}';
  }
  throw new TomlValueError(`TOML has no ${v === null ? 'null' : typeof v} value`);
}

interface Kv {
  node: AST.TOMLKeyValue;
  /** The absolute key path this line (or inline key) defines. */
  path: string[];
  /** The path of the table (or inline table) it sits in. */
  base: string[];
  /** The inline table it sits in, or null for a line of a table. */
  inline: AST.TOMLInlineTable | null;
}

interface Section {
  node: AST.TOMLTable;
  path: string[];
}

interface Doc {
  text: string;
  ast: AST.TOMLProgram;
  kvs: Kv[];
  sections: Section[];
  eol: string;
}

const names = (k: AST.TOMLKey): string[] => k.keys.map((x) => (x.type === 'TOMLBare' ? x.name : x.value));
const startsWith = (p: readonly string[], prefix: Path): boolean => prefix.length <= p.length && prefix.every((s, i) => p[i] === s);
const same = (a: readonly string[], b: Path): boolean => a.length === b.length && startsWith(a, b);

function read(text: string): Doc {
  const ast = parseTOML(text);
  const kvs: Kv[] = [];
  const sections: Section[] = [];
  const walk = (node: AST.TOMLKeyValue, base: string[], inline: AST.TOMLInlineTable | null): void => {
    const path = [...base, ...names(node.key)];
    kvs.push({ node, path, base, inline });
    if (node.value.type === 'TOMLInlineTable') for (const inner of node.value.body) walk(inner, path, node.value);
  };
  for (const top of ast.body[0].body) {
    if (top.type === 'TOMLKeyValue') walk(top, [], null);
    else {
      const path = top.resolvedKey.map(String);
      sections.push({ node: top, path });
      for (const kv of top.body) walk(kv, path, null);
    }
  }
  return { text, ast, kvs, sections, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

// ---- spans -------------------------------------------------------------------------------

/** Past spaces and a `# comment` after `from`, up to (not over) the line break. */
function lineEnd(text: string, from: number): number {
  let i = from;
  while (text[i] === ' ' || text[i] === '\t') i++;
  if (text[i] === '#') while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  return i;
}

function lineStart(text: string, at: number): number {
  let i = at;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  return i;
}

/** Whole lines [start of `from`'s line, past `to`'s line break]. */
function lines(text: string, from: number, to: number): [number, number] {
  let end = lineEnd(text, to);
  if (text[end] === '\r') end++;
  if (text[end] === '\n') end++;
  return [lineStart(text, from), end];
}

function indentOf(text: string, at: number): string {
  return text.slice(lineStart(text, at), at);
}

type Edit = [number, number, string];

function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const [s, e, t] of [...edits].sort((a, b) => b[0] - a[0])) out = out.slice(0, s) + t + out.slice(e);
  return out;
}

/** The span a key of an inline table takes with its comma, so the table stays well-formed. */
function inlineSpan(doc: Doc, kv: Kv): [number, number] {
  const body = kv.inline!.body;
  const i = body.indexOf(kv.node);
  const next = body[i + 1];
  if (next) return [kv.node.range[0], next.range[0]];
  const prev = body[i - 1];
  if (prev) {
    // Up to the comma after the previous key, and a trailing comma (TOML 1.1) after this one.
    let end = kv.node.range[1];
    const rest = /^\s*,/.exec(doc.text.slice(end, kv.inline!.range[1] - 1));
    if (rest) end += rest[0].length;
    return [prev.range[1], end];
  }
  return [kv.inline!.range[0] + 1, kv.inline!.range[1] - 1];
}

// ---- the value at a path -----------------------------------------------------------------

type Where =
  | { kind: 'kv'; kv: Kv }
  /** A table: by a header, by dotted keys, or only implied by deeper headers. */
  | { kind: 'table'; header: Section | null }
  | { kind: 'none' };

function where(doc: Doc, path: Path): Where {
  const kv = doc.kvs.find((k) => same(k.path, path));
  if (kv) return { kind: 'kv', kv };
  const header = doc.sections.find((s) => s.node.kind === 'standard' && same(s.path, path)) ?? null;
  if (header) return { kind: 'table', header };
  const deeper = doc.kvs.some((k) => startsWith(k.path, path) && k.path.length > path.length) || doc.sections.some((s) => startsWith(s.path, path));
  return deeper || path.length === 0 ? { kind: 'table', header: null } : { kind: 'none' };
}

// ---- edits -------------------------------------------------------------------------------

/** Remove whatever defines `path` (a key, or a table with every section and key under it). */
export function tomlRemove(text: string, path: Path): string {
  const doc = read(text);
  const spans: [number, number][] = [];
  for (const s of doc.sections) if (startsWith(s.path, path)) spans.push(lines(text, s.node.range[0], s.node.range[1]));
  for (const kv of doc.kvs) {
    if (!startsWith(kv.path, path) || kv.path.length < path.length) continue;
    // The shortest key that is the path or below it: its span holds the deeper ones.
    if (kv.base.length >= path.length && kv.base.length > 0 && startsWith(kv.base, path)) continue;
    spans.push(kv.inline ? inlineSpan(doc, kv) : lines(text, kv.node.range[0], kv.node.range[1]));
  }
  const outer = spans.filter(([s, e], i) => !spans.some(([s2, e2], j) => j !== i && s2 <= s && e <= e2 && (s2 < s || e < e2 || j < i)));
  return applyEdits(text, outer.map(([s, e]) => [...withBlankLine(text, s, e), '']));
}

/** A removed block between two blank lines (or a blank line and the end) takes one of them along. */
function withBlankLine(text: string, s: number, e: number): [number, number] {
  const before = /\r?\n\r?\n$/.exec(text.slice(Math.max(0, s - 4), s));
  const after = e >= text.length || /^\r?\n/.test(text.slice(e, e + 2));
  if (!before || !after) return [s, e];
  return [s - (text.slice(s - 2, s) === '\r\n' ? 2 : 1), e];
}

/** The lines of a new `[path]` section holding `value` (keys first, then its sub-tables). */
function sectionLines(path: Path, value: Record<string, unknown>): string[] {
  const own = Object.entries(value).filter(([, v]) => !isTable(v));
  const subs = Object.entries(value).filter(([, v]) => isTable(v)) as [string, Record<string, unknown>][];
  const out: string[] = [];
  if (own.length > 0 || subs.length === 0) {
    out.push(`[${path.map(tomlKey).join('.')}]`, ...own.map(([k, v]) => `${tomlKey(k)} = ${tomlValue(v)}`));
  }
  for (const [k, v] of subs) {
    if (out.length > 0) out.push('');
    out.push(...sectionLines([...path, k], v));
  }
  return out;
}

/** Add `key = value` under the table (or inline table) at `parent`, which lacks `key`. */
function insert(text: string, parent: Path, key: string, value: unknown): string {
  const doc = read(text);
  const { eol } = doc;
  const at = where(doc, parent);
  if (at.kind === 'none') return insert(text, parent.slice(0, -1), parent[parent.length - 1]!, { [key]: value });
  if (at.kind === 'kv') {
    const v = at.kv.node.value;
    if (v.type !== 'TOMLInlineTable') throw new TomlValueError(`${parent.join('.')} is not a table`);
    const pair = `${tomlKey(key)} = ${tomlValue(value)}`;
    const last = v.body[v.body.length - 1];
    return last ? applyEdits(text, [[last.range[1], last.range[1], `, ${pair}`]]) : applyEdits(text, [[v.range[0], v.range[1], `{ ${pair} }`]]);
  }
  const path = [...parent, key];
  const line = `${tomlKey(key)} = ${tomlValue(value)}`;
  // A table value under a table: its own `[a.b]` section, after the parent's run of sections.
  if (isTable(value)) {
    const block = sectionLines(path, value).join(eol);
    if (parent.length === 0) return appendBlock(doc, block);
    const firstUnder = doc.sections.findIndex((s) => startsWith(s.path, parent));
    if (firstUnder < 0) {
      // Only dotted keys define the parent: a dotted line keeps it in one place.
      const dotted = doc.kvs.filter((k) => !k.inline && k.base.length < parent.length && startsWith(k.path, parent));
      const lastDotted = dotted[dotted.length - 1];
      if (lastDotted) return afterLine(doc, lastDotted.node, `${[...parent.slice(lastDotted.base.length), key].map(tomlKey).join('.')} = ${tomlValue(value)}`);
      return appendBlock(doc, block);
    }
    let lastRun = firstUnder;
    while (doc.sections[lastRun + 1] && startsWith(doc.sections[lastRun + 1]!.path, parent)) lastRun++;
    const end = lineEnd(text, doc.sections[lastRun]!.node.range[1]);
    return applyEdits(text, [[end, end, eol + eol + block]]);
  }
  if (at.header) {
    const body = at.header.node.body;
    const last = body[body.length - 1];
    return last ? afterLine(doc, last, line) : afterLine(doc, at.header.node, line);
  }
  // Defined by dotted keys (`docs.command = …` under [mcp_servers]): one more dotted line.
  const dotted = doc.kvs.filter((k) => !k.inline && k.base.length < parent.length && startsWith(k.path, parent));
  const lastDotted = dotted[dotted.length - 1];
  if (lastDotted) return afterLine(doc, lastDotted.node, `${[...parent.slice(lastDotted.base.length), key].map(tomlKey).join('.')} = ${tomlValue(value)}`);
  if (parent.length === 0) {
    // A top-level key goes before the first table (after the last top-level key).
    const tops = doc.kvs.filter((k) => k.base.length === 0 && !k.inline);
    const lastTop = tops[tops.length - 1];
    if (lastTop) return afterLine(doc, lastTop.node, line);
    return line + eol + (text.trim() ? eol : '') + text;
  }
  // Only deeper headers imply the table: give it its own header, before the first of them.
  const first = doc.sections.find((s) => startsWith(s.path, parent))!;
  const start = lineStart(text, first.node.range[0]);
  return applyEdits(text, [[start, start, `[${parent.map(tomlKey).join('.')}]${eol}${line}${eol}${eol}`]]);
}

/**
 * Issue 42 item 1: the keys Codex writes before `enabled` when it writes a server's table
 * (openai/codex codex-rs/core/src/config/edit.rs serialize_mcp_server_table: the transport's keys,
 * then `enabled = false`, then timeouts, tool lists, oauth).
 */
const CODEX_BEFORE_SWITCH = new Set(['command', 'args', 'env', 'env_vars', 'cwd', 'url', 'bearer_token_env_var', 'http_headers', 'env_http_headers']);

/**
 * A switch the table at `path` lacks, where Codex writes it: in a `[section]` after the keys Codex
 * writes before it; in an inline table or dotted keys after the last key (Codex's merge of an
 * inline table appends). tomlRemove takes exactly this line (or `, key = value`) back out.
 */
export function tomlAddSwitch(text: string, path: Path, key: string, value: unknown): string {
  const doc = read(text);
  const at = where(doc, path);
  const lead = at.kind === 'table' && at.header ? at.header.node.body.filter((kv) => CODEX_BEFORE_SWITCH.has(names(kv.key)[0]!)) : [];
  const last = lead[lead.length - 1];
  return last ? afterLine(doc, last, `${tomlKey(key)} = ${tomlValue(value)}`) : insert(text, path, key, value);
}

/** A line after the line of `node`, indented as that line (a table's keys keep their indent). */
function afterLine(doc: Doc, node: AST.TOMLKeyValue | AST.TOMLTable, line: string): string {
  const end = lineEnd(doc.text, node.range[1]);
  const indent = node.type === 'TOMLKeyValue' ? indentOf(doc.text, node.range[0]) : '';
  return applyEdits(doc.text, [[end, end, doc.eol + indent + line]]);
}

function appendBlock(doc: Doc, block: string): string {
  const { text, eol } = doc;
  if (text.trim() === '') return block + eol;
  const sep = text.endsWith('\n') ? (text.endsWith(eol + eol) ? '' : eol) : eol + eol;
  return text + sep + block + eol;
}

/** Replace the value of the key that defines `path` (its line and comment stay). */
function replaceValue(text: string, kv: Kv, value: unknown): string {
  const [s, e] = kv.node.value.range;
  return applyEdits(text, [[s, e, tomlValue(value)]]);
}

/** Set `path` to `value`: in place where it exists (the smallest edit), else added. */
export function tomlSet(text: string, path: Path, value: unknown): string {
  const doc = read(text);
  const at = where(doc, path);
  if (at.kind === 'none') return insert(text, path.slice(0, -1), path[path.length - 1]!, value);
  const before = valueAt(doc, path);
  return tomlUpdate(text, path, before, value);
}

function valueAt(doc: Doc, path: Path): unknown {
  let cur: unknown = getStaticTOMLValue(doc.ast);
  for (const k of path) cur = isTable(cur) ? cur[k] : undefined;
  return cur;
}

/**
 * Turn the value at `path` from `before` into `after` with the smallest edits: unchanged keys
 * (and the comments around them) are left alone, tables are descended into, anything else is
 * replaced whole.
 */
export function tomlUpdate(text: string, path: Path, before: unknown, after: unknown): string {
  if (isDeepStrictEqual(before, after)) return text;
  const doc = read(text);
  const at = where(doc, path);
  const tableLike = at.kind === 'table' || (at.kind === 'kv' && at.kv.node.value.type === 'TOMLInlineTable');
  if (isTable(before) && isTable(after) && tableLike) {
    let out = text;
    for (const k of Object.keys(before)) if (!Object.hasOwn(after, k)) out = tomlRemove(out, [...path, k]);
    for (const [k, v] of Object.entries(after)) {
      out = Object.hasOwn(before, k) ? tomlUpdate(out, [...path, k], before[k], v) : insert(out, path, k, v);
    }
    return out;
  }
  if (at.kind === 'kv') return replaceValue(text, at.kv, after);
  return insert(tomlRemove(text, path), path.slice(0, -1), path[path.length - 1]!, after);
}

/** Rename the key `from` of the table at `container`: only the key's characters change. */
export function tomlRename(text: string, container: Path, from: string, to: string): string {
  const doc = read(text);
  const at = [...container, from];
  const depth = container.length;
  const edits: Edit[] = [];
  for (const s of doc.sections) {
    if (startsWith(s.path, at)) {
      const seg = s.node.key.keys[depth];
      if (seg) edits.push([seg.range[0], seg.range[1], tomlKey(to)]);
    }
  }
  for (const kv of doc.kvs) {
    if (!startsWith(kv.path, at) || kv.base.length > depth) continue;
    const seg = kv.node.key.keys[depth - kv.base.length];
    if (seg) edits.push([seg.range[0], seg.range[1], tomlKey(to)]);
  }
  return applyEdits(text, edits);
}

/** A file the panel creates: `[container.name]` sections, as Codex's docs write them. */
export function newTomlFile(container: Path, servers: Record<string, unknown>): string {
  let out = '';
  for (const [name, entry] of Object.entries(servers)) out = tomlSet(out, [...container, name], entry);
  return out;
}
