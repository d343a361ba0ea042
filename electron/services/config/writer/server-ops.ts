// Pure part of the writer: apply server operations to a file's text (no I/O), with every
// refusal of CFG-7/CFG-8 except the ones that need the disk (conflict, read-only).
import { FORBIDDEN_SERVER_NAMES } from '../../../../shared/schemas/dialects/common';
import { escapePointer } from '../../../../shared/json-pointer';
import { isDeepStrictEqual } from 'node:util';
import type { Dialect } from '../../../../shared/schemas/dialects';
import { profileFacts } from '../../../../shared/profiles';
import { entrySchemaFor } from '../../../../shared/schemas/dialects';
import { describeFindings, findInlineSecrets, type SecretFinding } from '../../../../shared/secrets/secret-rules';
import type { Node } from 'jsonc-parser';
import { deeperThan, MAX_ENTRY_DEPTH } from '../../../../shared/schemas/depth';
import { type DuplicateKey, duplicateKeys, offsetToLineCol, pointerOf } from '../json-text';
import { refuse, type WriteError } from './errors';
import { patchedEntry, toolFilterFields, type ToolFilterPatch } from '../../../../shared/schemas/dialects/tool-filter';
import { spanEditor, type SpanEditor } from './span-editor';
import { TomlValueError } from './toml-edit';
import { writeSwitch } from './switch-op';
import type { AddedLedger } from './added-ledger';
import { hasInvisible, showInvisible } from '../../../../shared/text/invisible';
import { isRecord } from '../../../../shared/is-record';
import { deferField } from '../../../../shared/context/limits';
import { ok, type Result } from '../../../../shared/result';

/** Every dialect keeps its servers under this key (seeds 000, 001, 002). */
export const SERVERS_KEY = 'mcpServers';

export type ServerOp =
  | { op: 'add'; name: string; entry: Record<string, unknown> }
  | { op: 'set'; name: string; entry: Record<string, unknown> }
  | { op: 'remove'; name: string }
  | { op: 'enable'; name: string }
  | { op: 'disable'; name: string }
  | { op: 'rename'; name: string; to: string }
  /** CONN-8: set (list) or remove (null) the agent's per-tool filter fields of one entry. */
  | { op: 'tools'; name: string; patch: ToolFilterPatch }
  /** CTX-2: mark one server deferred by the agent's own field (Kimi `deferred: true`). */
  | { op: 'defer'; name: string }
  /** CTX-2 undo: put fields of one entry back as they were (null: absent), the rest of it untouched. */
  | { op: 'fields'; name: string; values: Readonly<Record<string, unknown>> };

export interface EntryIssue {
  /** Pointer relative to the entry. */
  pointer: string;
  message: string;
}

export type EntryValidator = (dialect: Dialect, entry: unknown) => EntryIssue[];

/** The dialect's zod schema (shared/schemas/dialects), the one the loader and the UI use. */
export const dialectValidator: EntryValidator = (dialect, entry) => {
  const parsed = entrySchemaFor(dialect).safeParse(entry);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => ({
    pointer: i.path.map((p) => '/' + escapePointer(String(p))).join(''),
    message: i.message,
  }));
};


function valueAt(obj: unknown, pointer: string): unknown {
  let cur = obj;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur)) cur = cur[Number(key)];
    else if (isRecord(cur)) cur = cur[key];
    else return undefined;
  }
  return cur;
}

/**
 * CFG-8: refuse secrets this write would put in the file. A literal already in the file
 * that the edit leaves as it was is not re-checked, so a hand-written entry can still be
 * disabled or have its timeout changed (the scan reports it).
 */
function newSecrets(name: string, before: unknown, after: Record<string, unknown>, key: readonly string[]): SecretFinding[] {
  const prefix = key.map((k) => '/' + escapePointer(k)).join('');
  return findInlineSecrets(after).filter((f) => !isDeepStrictEqual(valueAt(before, f.pointer), valueAt(after, f.pointer)) || before === undefined)
    .map((f) => ({ ...f, pointer: `${prefix}/${escapePointer(name)}${f.pointer}` }));
}

function checkEntry(dialect: Dialect, name: string, before: unknown, entry: unknown, validate: EntryValidator, key: readonly string[] = [SERVERS_KEY]): Result<Record<string, unknown>, WriteError> {
  if (!isRecord(entry)) return refuse('write.invalid_entry.notObject', { name });
  // CFG-5: before anything recurses over it (secret scan, schema, JSON.stringify).
  if (deeperThan(entry, MAX_ENTRY_DEPTH)) return refuse('write.invalid_entry.tooDeep', { name, depth: MAX_ENTRY_DEPTH });
  const secrets = newSecrets(name, before, entry, key);
  if (secrets.length > 0) {
    return refuse('write.inline_secret', {}, { detail: describeFindings(secrets), data: secrets });
  }
  const issues = validate(dialect, entry);
  if (issues.length > 0) {
    const text = issues.map((i) => `${i.pointer || '/'}: ${i.message}`).join('; ');
    return refuse('write.invalid_entry', { name, dialect }, { detail: text, data: issues });
  }
  return ok(entry);
}

function checkName(name: string, isNew = false): Result<string, WriteError> {
  if (name.trim() === '' || FORBIDDEN_SERVER_NAMES.has(name)) return refuse('write.invalid_entry.badName', { name });
  // SEC-9: a new name must read as it is (no bidi, zero-width, tag or control characters); an
  // existing one may still be removed, disabled or renamed away.
  if (isNew && hasInvisible(name)) return refuse('write.invalid_entry.invisibleName', { name: showInvisible(name) });
  return ok(name);
}

/**
 * CFG-5: a duplicate key the edit depends on. The agent's JSON.parse keeps the last of two
 * equal keys while a text edit lands in the first, so writing would "succeed" into the
 * ignored copy: a twice-written "mcpServers", a twice-written server this edit touches, or
 * a duplicate inside such a server's entry.
 */
function riskyDuplicate(tree: Node, ops: readonly ServerOp[], container: readonly string[]): DuplicateKey | null {
  const n = container.length;
  const touched = new Set(ops.flatMap((o) => (o.op === 'rename' ? [o.name, o.to] : [o.name])));
  const under = (c: readonly (string | number)[], len: number) => container.slice(0, len).every((k, i) => c[i] === k);
  return (
    duplicateKeys(tree).find(({ container: c, key }) => {
      // The servers object (or a key on its path) written twice.
      if (c.length < n) return under(c, c.length) && key === container[c.length];
      if (!under(c, n)) return false;
      return c.length === n ? touched.has(key) : touched.has(String(c[n]));
    }) ?? null
  );
}

const valueOn = (root: unknown, path: readonly string[]): unknown => {
  let cur = root;
  for (const k of path) cur = isRecord(cur) && Object.hasOwn(cur, k) ? cur[k] : undefined;
  return cur;
};

/** The entry fields a `tools` or `defer` op sets (null removes one), or its refusal where the agent reads no such field. */
function fieldPatch(dialect: Dialect, op: Extract<ServerOp, { op: 'tools' | 'defer' | 'fields' }>): Result<Readonly<Record<string, unknown>>, WriteError> {
  if (op.op === 'fields') return ok(op.values);
  if (op.op === 'defer') {
    // Minara defers every tool itself, MiniMax Code by its own threshold (seeds 001, 000): no field would be read.
    const field = deferField(profileFacts(dialect));
    return field ? ok({ [field]: true }) : refuse('write.unsupported.deferral', { profile: dialect });
  }
  // minimax reads no per-tool field (seed 000): a written one would do nothing.
  const fields: readonly string[] = toolFilterFields(dialect);
  if (Object.keys(op.patch).some((k) => !fields.includes(k))) return refuse('write.unsupported.toolFilter', { profile: dialect });
  return ok(op.patch);
}

/** The text after the operations, or the first refusal. `text` null: the file does not exist. */
export function applyServerOps(
  text: string | null,
  dialect: Dialect,
  ops: readonly ServerOp[],
  validate: EntryValidator = dialectValidator,
  at: readonly string[] | undefined = undefined,
  ledger?: AddedLedger,
): Result<string, WriteError> {
  const facts = profileFacts(dialect);
  const key = at ?? [facts.serversKey];
  // Nothing to preserve in an empty file or a bare `{}`: write it as a new file.
  const isNew = text === null || text.trim() === '' || (facts.format !== 'toml' && text.trim() === '{}');
  const ed = spanEditor(facts.format, text ?? '');
  try {
    return applyWith(ed, text, isNew, dialect, ops, validate, key, ledger);
  } catch (err) {
    // TOML cannot hold the value (null, a lone surrogate): refused, never approximated.
    if (err instanceof TomlValueError) return refuse('write.invalid_entry', { name: ops[0]?.name ?? '', dialect }, { detail: err.message });
    // A layout the span editor cannot place an edit in: nothing is written (never a guess).
    return refuse('write.io.layout', {}, { detail: (err as Error).message });
  }
}

function applyWith(ed: SpanEditor, text: string | null, isNew: boolean, dialect: Dialect, ops: readonly ServerOp[], validate: EntryValidator, key: readonly string[], ledger?: AddedLedger): Result<string, WriteError> {
  let out = isNew ? ed.newFile(key, {}) : text!;
  const parsed = ed.parse(out);
  if (!parsed.ok) {
    const { line, column, message } = parsed.error;
    return refuse('write.parse_error', { line, column }, { detail: message, data: parsed.error });
  }
  if (!isRecord(parsed.value)) return refuse('write.parse_error.notObject', {}, { data: { line: 1, column: 1 } });
  const container = valueOn(parsed.value, key);
  if (container !== undefined && !isRecord(container)) {
    return refuse('write.parse_error.servers', { key: key.join('.') });
  }
  const twice = parsed.tree ? riskyDuplicate(parsed.tree, ops, key) : null;
  if (twice) {
    const { line, column } = offsetToLineCol(out, twice.keyOffset);
    const data = { line, column };
    if (twice.container.length === 0) return refuse('write.duplicate_key', { key: twice.key, line, column }, { data });
    return refuse('write.duplicate_key.in', { key: twice.key, container: pointerOf(twice.container), line, column }, { data });
  }
  const servers: Record<string, unknown> = { ...(container ?? {}) };

  for (const op of ops) {
    const named = checkName(op.name, op.op === 'add');
    if (!named.ok) return named;
    const has = Object.prototype.hasOwnProperty.call(servers, op.name);
    const current = has ? servers[op.name] : undefined;
    const path = [...key, op.name];
    if (op.op !== 'add' && !has) return refuse('write.not_found', { name: op.name });
    switch (op.op) {
      case 'add':
      case 'set': {
        if (op.op === 'add' && has) return refuse('write.exists', { name: op.name });
        const checked = checkEntry(dialect, op.name, current, op.entry, validate, key);
        if (!checked.ok) return checked;
        if (has) out = ed.update(out, path, current, op.entry);
        // Into an empty (or absent) container: write the container whole, so its braces
        // get the file's layout too; nothing else is in it to preserve.
        else if (Object.keys(servers).length === 0) out = ed.set(out, [...key], { [op.name]: op.entry });
        else out = ed.set(out, path, op.entry);
        servers[op.name] = op.entry;
        break;
      }
      case 'remove':
        out = ed.remove(out, path);
        ledger?.move(path, null);
        delete servers[op.name];
        break;
      case 'enable':
      case 'disable': {
        // Minara has no per-server switch (seed 001): writing one would mislead the user.
        if (!profileFacts(dialect).serverSwitch) return refuse('write.unsupported', { profile: dialect });
        if (!isRecord(current)) return refuse('write.invalid_entry.notObject', { name: op.name });
        const switched = writeSwitch(ed, out, profileFacts(dialect), path, current, op.op === 'enable', ledger);
        out = switched.text;
        servers[op.name] = switched.entry;
        break;
      }
      case 'tools':
      case 'defer':
      case 'fields': {
        const patch = fieldPatch(dialect, op);
        if (!patch.ok) return patch;
        const next = patchedEntry(isRecord(current) ? current : {}, patch.value);
        const checked = checkEntry(dialect, op.name, current, next, validate, key);
        if (!checked.ok) return checked;
        // Field by field, so the rest of the entry (comments, order) is not touched.
        for (const [k, v] of Object.entries(patch.value)) out = v === null ? ed.remove(out, [...path, k]) : ed.set(out, [...path, k], v);
        servers[op.name] = next;
        break;
      }
      case 'rename': {
        const to = checkName(op.to, true);
        if (!to.ok) return to;
        if (Object.prototype.hasOwnProperty.call(servers, op.to)) return refuse('write.exists', { name: op.to });
        out = ed.rename(out, [...key], op.name, op.to);
        ledger?.move(path, [...key, op.to]);
        servers[op.to] = current;
        delete servers[op.name];
        break;
      }
    }
  }
  // A new file is written whole (CFG-7 has nothing to preserve there).
  const result = isNew ? ed.newFile(key, servers) : out;
  // Never report success for an edit that did not land (a comment swallowing the new entry,
  // an edit into a shadowed copy), or that touched anything beyond the servers: the text must
  // parse to exactly the intended servers and to the same everything else.
  const check = ed.parse(result);
  if (!check.ok || !isRecord(check.value) || !isDeepStrictEqual(valueOn(check.value, key) ?? {}, servers) || !isDeepStrictEqual(without(check.value, key), without(parsed.value, key))) {
    return refuse('write.io.layout');
  }
  return ok(result);
}

/** The file's value with the servers object taken out (what an edit of servers must not change). */
function without(root: unknown, path: readonly string[]): unknown {
  if (path.length === 0 || !isRecord(root) || !Object.hasOwn(root, path[0]!)) return root;
  const { [path[0]!]: inner, ...rest } = root;
  if (path.length === 1) return rest;
  const below = without(inner, path.slice(1));
  return isRecord(below) && Object.keys(below).length === 0 ? rest : { ...rest, [path[0]!]: below };
}
