// Hand-given tools (the CLI's --tools FILE or stdin) for the naming, permission and disclosure
// views: the one reader of those files, so `names`, `collisions`, `simulate`, `disclosure` and
// `search` take the same formats. It only reshapes: the contract's ToolInputSchema checks the
// rows (a bad file gets the same error as a bad call).
import { readBoundedFile } from '../config/bounded-read';
import { isRecord } from '../../../shared/is-record';

export class InputError extends Error {}

export function parseJsonText(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new InputError(`${where} is not valid JSON: ${(err as Error).message}`);
  }
}

export async function readJsonFile(file: string): Promise<unknown> {
  // SEC-7: bounded and regular-file-only, like every other file the panel reads.
  const read = await readBoundedFile(file);
  if (read.state === 'missing') throw new InputError(`cannot read ${file}: no such file`);
  if (read.state === 'void') throw new InputError(read.error);
  return parseJsonText(read.bytes.toString('utf8'), file);
}

type Named = { name: string } & Record<string, unknown>;

/**
 * What a tools file holds. Every item is one of:
 * - a row `{server, tool, source?, state?, subagent?, deferred?, description?, inputSchema?}`;
 * - a qualified name `"mcp__github__create_issue"`;
 * - a qualified definition `{name: "mcp__github__create_issue", description?, inputSchema?, server?, source?}`.
 * A list of qualified names only is `named` (simulate takes those as typed, PERM-4).
 */
export type ToolsFile = { kind: 'named'; items: Named[] } | { kind: 'rows'; rows: unknown };

const qualifiedItem = (v: unknown): Named | null =>
  typeof v === 'string' ? { name: v } : isRecord(v) && typeof v.name === 'string' && !('tool' in v) ? (v as Named) : null;

export function toolsFile(raw: unknown): ToolsFile {
  if (Array.isArray(raw) && raw.length > 0) {
    const named = raw.map(qualifiedItem);
    if (named.every((n) => n !== null)) return { kind: 'named', items: named as Named[] };
  }
  return { kind: 'rows', rows: Array.isArray(raw) ? raw.map((v) => qualifiedItem(v) ?? v) : raw };
}

/** `mcp__<server>__<tool>` (minimax, kimi) or `mcp_<id>_<tool>` (minara) → its two parts. */
export function splitQualified(name: string): { server: string; tool: string } | null {
  const m = /^mcp__(.+?)__(.+)$/.exec(name) ?? /^mcp_([^_]+)_(.+)$/.exec(name);
  return m ? { server: m[1]!, tool: m[2]! } : null;
}

function toRow(item: unknown, where: string): unknown {
  const named = qualifiedItem(item);
  if (!named) return item;
  const { name, server, ...rest } = named;
  const parts = splitQualified(name);
  if (!parts) throw new InputError(`${where}: "${name}" is not a qualified tool name (mcp__<server>__<tool>); give {"server", "tool"} rows instead`);
  return { ...rest, server: typeof server === 'string' ? server : parts.server, tool: parts.tool };
}

/** The file as the contract's `catalog` input: qualified names become rows of their server. */
export function catalogOf(file: ToolsFile, where: string): unknown {
  const list = file.kind === 'named' ? file.items : file.rows;
  return Array.isArray(list) ? list.map((item) => toRow(item, where)) : list;
}
