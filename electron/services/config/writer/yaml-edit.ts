// AGENT-2 / CFG-7: edit a YAML text (Goose `config.yaml`) by span. `yaml`'s Document gives every
// key and value its source range; an edit replaces only the characters of the value (a scalar),
// or of the one key/value block it changes (a new or replaced table), written by `yaml`'s own
// stringifier at the block's indentation. Comments, order and keys outside the edited span stay
// byte-identical; each edit re-parses so the next sees the text as it now is.
import { isDeepStrictEqual } from 'node:util';
import { isMap, isScalar, parseDocument, stringify, type Node, type Pair, type YAMLMap } from 'yaml';
import { isRecord } from '../../../../shared/is-record';

type Path = readonly string[];

const isPlain = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const keyOf = (p: Pair): string => (isScalar(p.key) ? String(p.key.value) : String(p.key));

function doc(text: string) {
  const d = parseDocument(text);
  if (d.errors[0]) throw new Error(`YAML does not parse: ${d.errors[0].message}`);
  return d;
}

/** The map at `path` (the document's root for []), or null. */
function mapAt(text: string, path: Path): YAMLMap | null {
  let node: unknown = doc(text).contents;
  for (const k of path) {
    if (!isMap(node)) return null;
    node = (node.items as Pair[]).find((p) => keyOf(p) === k)?.value ?? null;
  }
  return isMap(node) ? node : null;
}

function pairAt(text: string, path: Path): { pair: Pair; parent: YAMLMap } | null {
  const parent = mapAt(text, path.slice(0, -1));
  const pair = parent ? (parent.items as Pair[]).find((p) => keyOf(p) === path[path.length - 1]) : undefined;
  return parent && pair ? { pair, parent } : null;
}

const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;

/** Past the end of the line holding `at` (its comment and line break included). */
function pastLine(text: string, at: number): number {
  if (at > 0 && text[at - 1] === '\n') return at;
  const nl = text.indexOf('\n', at);
  return nl < 0 ? text.length : nl + 1;
}

/** Whole lines of one key and its value. */
function pairSpan(text: string, p: Pair): [number, number] {
  const key = p.key as Node;
  const value = p.value as Node | null;
  const end = value?.range ? value.range[2] : key.range![2];
  return [lineStart(text, key.range![0]), pastLine(text, end)];
}

/** The file's own line break (CFG-7: a CRLF file gets CRLF lines). */
const eolOf = (text: string): string => (text.includes('\r\n') ? '\r\n' : '\n');

/** `key: value` as block lines at `indent` (a scalar stays on the key's line). */
function block(key: string, value: unknown, indent: string, eol = '\n'): string {
  const out = stringify({ [key]: value }, { indent: 2, lineWidth: 0 });
  return out.split('\n').filter((l, i, all) => l !== '' || i < all.length - 1).map((l) => (l === '' ? l : indent + l)).join(eol) + eol;
}

/** The indentation of a map's keys (its first key's column), else one step past `fallback`. */
function keyIndent(text: string, map: YAMLMap, fallback: string): string {
  const first = (map.items as Pair[])[0]?.key as Node | undefined;
  return first?.range ? text.slice(lineStart(text, first.range[0]), first.range[0]) : fallback + '  ';
}

function splice(text: string, s: number, e: number, insert: string): string {
  return text.slice(0, s) + insert + text.slice(e);
}

/** Set `path` to `value`: a scalar in place, a table as its block, a new key after its siblings. */
export function yamlSet(text: string, path: Path, value: unknown): string {
  const found = pairAt(text, path);
  if (found) {
    const v = found.pair.value as Node | null;
    if (v && isScalar(v) && isPlain(value) && v.range) {
      const s = stringify(value, { lineWidth: 0 }).trimEnd();
      return splice(text, v.range[0], v.range[1], s);
    }
    const [s, e] = pairSpan(text, found.pair);
    const indent = text.slice(s, (found.pair.key as Node).range![0]);
    return splice(text, s, e, block(path[path.length - 1]!, value, indent, eolOf(text)));
  }
  const parentPath = path.slice(0, -1);
  const key = path[path.length - 1]!;
  const parent = mapAt(text, parentPath);
  if (!parent) {
    if (parentPath.length === 0) return yamlSet(text.trim() === '' ? '{}\n' : text, path, value);
    return yamlSet(text, parentPath, { [key]: value });
  }
  // A flow map (`extensions: {}`) becomes a block holding the one key.
  if (parent.flow || (parent.items.length === 0 && parentPath.length > 0)) {
    if (parentPath.length === 0) return block(key, value, '');
    return yamlSet(text, parentPath, { [key]: value });
  }
  const parentPair = parentPath.length ? pairAt(text, parentPath) : null;
  const outer = parentPair ? text.slice(lineStart(text, (parentPair.pair.key as Node).range![0]), (parentPair.pair.key as Node).range![0]) : '';
  const indent = parentPath.length ? keyIndent(text, parent, outer) : '';
  const last = (parent.items as Pair[])[parent.items.length - 1]!;
  const at = pairSpan(text, last)[1];
  const eol = eolOf(text);
  const lead = at > 0 && text[at - 1] !== '\n' ? eol : '';
  return splice(text, at, at, lead + block(key, value, indent, eol));
}

/**
 * Issue 42 item 1: a key the map at `path` lacks, where Goose writes it: first. Goose saves an
 * extension as `ExtensionEntry { enabled, #[serde(flatten)] config }` (block/goose), so the files
 * it writes start every entry with `enabled:` (test/corpus/goose: `enabled`, `type`, `name`, …).
 * A flow map gets `key: value, ` after its brace. yamlRemove takes exactly this back out.
 */
export function yamlAddKey(text: string, path: Path, key: string, value: unknown): string {
  const map = mapAt(text, path);
  if (!map?.range) throw new Error(`no map at ${path.join('.')}`);
  const first = (map.items as Pair[])[0];
  const pair = block(key, value, '').trimEnd();
  if (map.flow) return first ? splice(text, (first.key as Node).range![0], (first.key as Node).range![0], `${pair}, `) : splice(text, map.range[0] + 1, map.range[0] + 1, pair);
  const owner = pairAt(text, path);
  if (!first || !owner) return yamlSet(text, [...path, key], value);
  // Right under the entry's own line, so a comment above the first key stays with that key.
  const at = pastLine(text, (owner.pair.key as Node).range![1]);
  const firstKey = (first.key as Node).range![0];
  return splice(text, at, at, block(key, value, text.slice(lineStart(text, firstKey), firstKey), eolOf(text)));
}

/** A key of a flow map (`{a: 1, b: 2}`) with the comma that joins it to its neighbour. */
function flowSpan(items: Pair[], pair: Pair): [number, number] {
  const i = items.indexOf(pair);
  const endOf = (p: Pair) => ((p.value ?? p.key) as Node).range![1];
  if (i > 0) return [endOf(items[i - 1]!), endOf(pair)];
  const next = items[1];
  return [(pair.key as Node).range![0], next ? (next.key as Node).range![0] : endOf(pair)];
}

export function yamlRemove(text: string, path: Path): string {
  const found = pairAt(text, path);
  if (!found) return text;
  if (found.parent.flow) return splice(text, ...flowSpan(found.parent.items as Pair[], found.pair), '');
  // The last key of a nested map: the map stays, as `{}` (an empty value would read as null).
  if (found.parent.items.length === 1 && path.length > 1) return yamlSet(text, path.slice(0, -1), {});
  const [s, e] = pairSpan(text, found.pair);
  return splice(text, s, e, '');
}

export function yamlUpdate(text: string, path: Path, before: unknown, after: unknown): string {
  if (isDeepStrictEqual(before, after)) return text;
  const map = mapAt(text, path);
  if (isRecord(before) && isRecord(after) && map && !map.flow) {
    let out = text;
    for (const k of Object.keys(before)) if (!Object.hasOwn(after, k)) out = yamlRemove(out, [...path, k]);
    for (const [k, v] of Object.entries(after)) out = Object.hasOwn(before, k) ? yamlUpdate(out, [...path, k], before[k], v) : yamlSet(out, [...path, k], v);
    return out;
  }
  return yamlSet(text, path, after);
}

export function yamlRename(text: string, container: Path, from: string, to: string): string {
  const found = pairAt(text, [...container, from]);
  const k = found?.pair.key as Node | undefined;
  if (!k?.range) throw new Error(`no key ${from}`);
  return splice(text, k.range[0], k.range[1], stringify(to).trimEnd());
}

export function newYamlFile(container: Path, servers: Record<string, unknown>): string {
  let value: unknown = servers;
  for (const k of [...container].reverse()) value = { [k]: value };
  return stringify(value, { indent: 2, lineWidth: 0 });
}
