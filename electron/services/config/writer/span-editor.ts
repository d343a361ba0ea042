// AGENT-2: one interface over the per-format span editors, so the server operations
// (server-ops.ts) are written once: JSON and JSONC through jsonc-parser (text-edit.ts), TOML
// through toml-eslint-parser's ranges (toml-edit.ts), YAML through `yaml`'s Document ranges
// (yaml-edit.ts). Each edits only the span it changes.
import type { ConfigFormat } from '../../../../shared/profiles/types';
import { parseTomlDoc } from '../toml-doc';
import { addMember, detectFormat, newFileText, type ParseFailure, parseConfigText, removeAt, renameKey, setAt, updateAt } from './text-edit';
import { newTomlFile, tomlAddSwitch, tomlRemove, tomlRename, tomlSet, tomlUpdate } from './toml-edit';
import { parseYamlDoc } from '../yaml-doc';
import { newYamlFile, yamlAddKey, yamlRemove, yamlRename, yamlSet, yamlUpdate } from './yaml-edit';
import type { Node } from 'jsonc-parser';

type Path = readonly string[];

export type SpanParse = { ok: true; value: unknown; tree?: Node } | { ok: false; error: ParseFailure };

export interface SpanEditor {
  parse(text: string): SpanParse;
  set(text: string, path: Path, value: unknown): string;
  remove(text: string, path: Path): string;
  update(text: string, path: Path, before: unknown, after: unknown): string;
  rename(text: string, container: Path, from: string, to: string): string;
  /** Issue 42: a switch the entry at `entry` lacks, where the agent's own writer puts it (`remove` takes it back out). */
  addSwitch(text: string, entry: Path, key: string, value: unknown): string;
  /** A file the panel creates (nothing to preserve). */
  newFile(container: Path, servers: Record<string, unknown>): string;
}

function jsonEditor(lenient: boolean, sample: string): SpanEditor {
  const fmt = detectFormat(sample);
  return {
    parse: (text) => {
      const r = parseConfigText(text, lenient);
      return r.ok ? { ok: true, value: r.value, ...(r.tree ? { tree: r.tree } : {}) } : r;
    },
    set: (text, path, value) => setAt(text, [...path], value, fmt),
    remove: (text, path) => removeAt(text, [...path], fmt),
    update: (text, path, before, after) => updateAt(text, [...path], before, after, fmt),
    rename: (text, container, from, to) => renameKey(text, [...container], from, to),
    addSwitch: (text, entry, key, value) => addMember(text, [...entry], key, value, fmt),
    newFile: (container, servers) => {
      if (container.length === 1) return newFileText(container[0]!, servers);
      let value: Record<string, unknown> = servers;
      for (const k of [...container].reverse()) value = { [k]: value };
      return JSON.stringify(value, null, 2) + '\n';
    },
  };
}

/** A loader's parse (toml-doc.ts, yaml-doc.ts) as the editor's. */
function fromDoc(r: { ok: true; doc: { value: unknown } } | { ok: false; message: string; offset: number; line: number; column: number }): SpanParse {
  return r.ok ? { ok: true, value: r.doc.value } : { ok: false, error: { message: r.message, offset: r.offset, line: r.line, column: r.column } };
}

const TOML: SpanEditor = {
  parse: (text) => fromDoc(parseTomlDoc(text)),
  set: tomlSet,
  remove: tomlRemove,
  update: tomlUpdate,
  rename: tomlRename,
  addSwitch: tomlAddSwitch,
  newFile: newTomlFile,
};

const YAML: SpanEditor = {
  parse: (text) => fromDoc(parseYamlDoc(text)),
  set: yamlSet,
  remove: yamlRemove,
  update: yamlUpdate,
  rename: yamlRename,
  addSwitch: yamlAddKey,
  newFile: newYamlFile,
};

/** The editor for a file of `format`; JSON editors take the file's own indentation from `sample`. */
export function spanEditor(format: ConfigFormat, sample: string): SpanEditor {
  if (format === 'json') return jsonEditor(false, sample);
  if (format === 'jsonc') return jsonEditor(true, sample);
  if (format === 'toml') return TOML;
  return YAML;
}
