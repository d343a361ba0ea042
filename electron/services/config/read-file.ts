// Reading one config file safely (SEC-7, CFG-4): the one bounded, regular-file-only read
// (bounded-read.ts) that the loader, the writer, `check` and the importers share, parsed in the
// agent's format. Missing,
// unreadable, oversize, outside its workspace, not-a-file or unparseable files become data
// (a state plus a message), never an exception, a hang (FIFO) or an unbounded buffer (/dev/zero).
import type { ConfigFormat } from '../../../shared/profiles/types';
import { invalidUtf8Offset, readBoundedFile, type ReadOptions } from './bounded-read';
import { JsonDoc, parseDoc } from './json-doc';
import { parseTomlDoc, type TomlDoc } from './toml-doc';
import { parseYamlDoc, type YamlDoc } from './yaml-doc';

/** A parsed config file of any format (AGENT-2): value, text and locations. */
export type ConfigDoc = JsonDoc | TomlDoc | YamlDoc;

export type FileRead =
  | { state: 'missing' }
  /** Ignored as a whole (CFG-4): unreadable, too large, outside the workspace, not a file. */
  | { state: 'void'; error: string }
  /** Does not parse (CFG-5): the message names line and column. */
  | { state: 'invalid'; error: string; text: string; line: number; column: number }
  /** `invalidUtf8At`: the text is lossy from there (U+FFFD for the bad bytes): said, never rewritten (CFG-7). */
  | { state: 'ok'; doc: ConfigDoc; realPath: string; invalidUtf8At?: number };

/** A config text parsed in the agent's format (the one parse the loader, the rule reader and `check` share). */
export function parseConfig(text: string, format: ConfigFormat | undefined) {
  return format === 'toml' ? parseTomlDoc(text) : format === 'yaml' ? parseYamlDoc(text) : parseDoc(text, format === 'jsonc');
}

export async function readConfigFile(path: string, opts: ReadOptions = {}): Promise<FileRead> {
  const read = await readBoundedFile(path, opts);
  if (read.state !== 'ok') return read;
  const text = read.bytes.toString('utf8');
  const parsed = parseConfig(text, opts.format);
  if (!parsed.ok) return { state: 'invalid', error: parsed.message, text, line: parsed.line, column: parsed.column };
  const bad = invalidUtf8Offset(read.bytes);
  return { state: 'ok', doc: parsed.doc, realPath: read.realPath, ...(bad >= 0 ? { invalidUtf8At: bad } : {}) };
}
