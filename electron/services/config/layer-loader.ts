// One layer's text → its servers and problems. A bad entry is reported with file, JSON
// pointer, line and column and never hides the good ones next to it (CFG-5).
import type { z } from 'zod';
import type { LayerState, Problem, Profile } from '../../../shared/schemas/server';
import { entrySchemaFor, fileSchemaFor, inferTransport } from '../../../shared/schemas/dialects';
import { profileFacts } from '../../../shared/profiles';
import { entryEnabled, fillPredefined, inputToDollar, inputVarName, mapStrings } from '../../../shared/profiles/kit';
import type { ProfileFacts } from '../../../shared/profiles/types';
import { deeperThan, MAX_ENTRY_DEPTH } from '../../../shared/schemas/depth';
import { pointerOf } from './json-text';
import { parseDoc } from './json-doc';
import { type Expansion, expansionFor } from '../../../shared/schemas/expansion';
import { expandEntry, referencedIn } from './expand';
import { buildSpec } from './spec';
import { ownerTarget, secretOwnerKey } from './secret-owner';
import type { ConfigDoc, FileRead } from './read-file';
import type { HostVariables, LayerOptions, LayerServer, LoadContext, LoadedLayer } from '../../../shared/profiles/loading';
import { catalogueTranslator } from '../../../shared/i18n/core';
import { problems } from '../../../shared/i18n/messages/problems';
import { ProblemCodeSchema, type ProblemCode, type ProblemNote } from '../../../shared/schemas/notes';
import { serversKeyFindings } from './agent-parse';

/** UI-9 (issue 22): a problem is a code + params; its English (for the CLI and logs) is that code's sentence. */
const english = catalogueTranslator(problems, 'en');
type Said = { message: string; note?: ProblemNote };
export function said(code: ProblemCode, params: ProblemNote['params'] = {}, more: NonNullable<ProblemNote['more']> = []): Said {
  const message = [{ code, params }, ...more].map((p) => english(`problem.${p.code}`, p.params)).join('');
  return { message, note: more.length ? { code, params, more } : { code, params } };
}

/** A message an agent profile words itself (shared/profiles): English only, no code yet. */
const plain = (message: string): Said => ({ message });

/** An entry's problem: "name: sentence", and the entry's name in the note. */
function about(server: string, what: Said): Said {
  return { message: `${server}: ${what.message}`, ...(what.note ? { note: { ...what.note, server } } : {}) };
}

function problemAt(doc: ConfigDoc, path: string, segs: ReadonlyArray<PropertyKey>, what: Said, severity: Problem['severity'] = 'error'): Problem {
  return { path, ...doc.locate(segs), message: what.message, ...(what.note ? { note: what.note } : {}), severity };
}

/** A schema issue: its own code when the schema gave one (params.problem), else the validator's words. */
function issueSaid(issue: z.core.$ZodIssue): Said {
  const field = issue.path.length ? issue.path.map(String).join('.') : 'entry';
  const params = issue.code === 'custom' ? (issue.params as Record<string, string> | undefined) : undefined;
  const code = ProblemCodeSchema.safeParse(params?.problem);
  if (code.success) {
    const { problem: _p, ...rest } = params!;
    return said(code.data, { ...rest, field });
  }
  return said('field', { field, detail: issue.message });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** CFG-8 names held by the host; a keychain that fails to list them is a warning, not a stop (CFG-5). */
export async function hostVariables(ctx: LoadContext): Promise<{ vars: HostVariables | undefined; problem: Said | null }> {
  if (!ctx.hostVariables) return { vars: undefined, problem: null };
  try {
    return { vars: await ctx.hostVariables(), problem: null };
  } catch (err) {
    return { vars: undefined, problem: said('keychain-list', { detail: err instanceof Error ? err.message : String(err) }) };
  }
}

export function emptyLayer(opts: LayerOptions, state: LayerState, error: string | null = null): LoadedLayer {
  return { info: { layer: opts.layer, path: opts.path, state, error, writable: opts.writable ?? true }, servers: [], problems: [] };
}

/** A layer from a file read (or from text such as MCP_SERVERS and session records). */
export function loadLayer(read: FileRead, opts: LayerOptions, ctx: LoadContext): LoadedLayer {
  const trusted = opts.trusted ?? true;
  if (read.state === 'missing') return emptyLayer(opts, 'missing');
  if (read.state === 'void') {
    return { ...emptyLayer(opts, 'void', read.error), problems: [{ path: opts.path, pointer: '', message: read.error, severity: 'warning' }] };
  }
  if (read.state === 'invalid') {
    const problem: Problem = { path: opts.path, pointer: '', message: read.error, severity: 'error', line: read.line, column: read.column };
    return { ...emptyLayer(opts, 'invalid', read.error), problems: [problem] };
  }
  const { doc } = read;
  const out: LoadedLayer = { info: { layer: opts.layer, path: opts.path, state: trusted ? 'ok' : 'untrusted', error: null, writable: opts.writable ?? true }, servers: [], problems: [] };
  const fail = (segs: Array<string | number>, what: Said): LoadedLayer => {
    out.info = { ...out.info, state: 'invalid', error: what.message };
    out.problems.push(problemAt(doc, opts.path, segs, what));
    return out;
  };

  // Issue 35: names decoded with U+FFFD for bytes that are not UTF-8 are shown, and said so.
  if (read.invalidUtf8At !== undefined) out.problems.push({ path: opts.path, pointer: '', ...said('not-utf8', { offset: read.invalidUtf8At }), severity: 'warning' });
  const root = doc.value;
  let list: Array<{ key: string | null; segs: Array<string | number>; value: unknown }>;
  if (opts.listMode) {
    if (!Array.isArray(root)) return fail([], said('not-array'));
    list = root.map((value: unknown, i) => ({ key: null, segs: [i], value }));
  } else {
    if (!isObject(root)) return fail([], said('top-not-object'));
    // Where the servers sit: the profile's key, or a path (Claude Code's local scope: projects[<ws>].mcpServers).
    const container = opts.container ?? [profileFacts(opts.dialect).serversKey];
    const top = container[0]!;
    // CFG-5: the agent keeps the last "mcpServers"; say so (the writer refuses such a file).
    const twice = doc.repeatedTopLevelKey(top);
    if (twice) out.problems.push({ path: opts.path, ...twice, ...said('servers-twice', { key: top }), severity: 'error' });
    let servers: unknown = root;
    for (const key of container) servers = isObject(servers) && Object.hasOwn(servers, key) ? servers[key] : undefined;
    if (servers !== undefined && !isObject(servers)) return fail([...container], said('servers-not-object', { key: container.join('.') }));
    const held = servers as Record<string, unknown> | undefined;
    list = held ? Object.keys(held).map((key) => ({ key, segs: [...container, key], value: held[key] })) : [];
    // CONN-8: a per-tool map outside the entries (OpenCode's `tools`), read here and merged across the files by config-service.
    const toolMap = profileFacts(opts.dialect).toolMap?.read(root);
    if (toolMap?.length) out.toolMap = toolMap;
    if (container.length === 1) {
      checkTopLevel(doc, root, top, opts, out);
      // AGENT-2: servers where this agent does not look for them, and a file it refuses for want of its key.
      for (const f of serversKeyFindings(root, top, profileFacts(opts.dialect).shortLabel, opts.serversKeyRequired === true)) out.problems.push(problemAt(doc, opts.path, f.segs, said(f.code, f.params), f.severity));
    }
  }
  const prompts = profileFacts(opts.dialect).prompts;
  const declared = prompts && isObject(root) ? prompts.declared(root) : new Set<string>();
  for (const item of list) {
    const server = safeEntry(doc, item, opts, ctx, out.problems, declared);
    if (server) out.servers.push(server);
  }
  return out;
}

// Real entries nest a few levels; deeper ones are refused before anything recurses over them.
// The rule lives in shared/ so the contract's Entry (editor.trySession/save) uses it too.
export { MAX_ENTRY_DEPTH };

type Item = { key: string | null; segs: Array<string | number>; value: unknown };

/** A last line of defence: whatever an entry holds, it becomes an error on that entry. */
function safeEntry(doc: ConfigDoc, item: Item, opts: LayerOptions, ctx: LoadContext, problems: Problem[], declared: ReadonlySet<string>): LayerServer | null {
  const tooDeep = deeperThan(item.value, MAX_ENTRY_DEPTH);
  try {
    if (!tooDeep) return loadEntry(doc, item, opts, ctx, problems, declared);
  } catch (err) {
    problems.push(problemAt(doc, opts.path, item.segs, about(item.key ?? '(entry)', said('entry-unreadable', { detail: String(err) }))));
    return null;
  }
  problems.push(problemAt(doc, opts.path, item.segs, about(item.key ?? '(entry)', said('entry-too-deep', { depth: MAX_ENTRY_DEPTH }))));
  return null;
}

/** File-level fields other than the entries (kimi `mcp` section): warn, never fail the layer. */
function checkTopLevel(doc: ConfigDoc, root: Record<string, unknown>, serversKey: string, opts: LayerOptions, out: LoadedLayer): void {
  // Only the non-entry keys: the entries are checked one by one.
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(root)) if (key !== serversKey && key !== '__proto__') rest[key] = root[key];
  const parsed = fileSchemaFor(opts.dialect).safeParse(rest);
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'entry';
    out.problems.push(problemAt(doc, opts.path, issue.path, said('field', { field, detail: issue.message }), 'warning'));
  }
}

function loadEntry(
  doc: ConfigDoc,
  item: Item,
  opts: LayerOptions,
  ctx: LoadContext,
  problems: Problem[],
  declared: ReadonlySet<string>,
): LayerServer | null {
  const raw = item.value;
  const own = isObject(raw) ? raw : {};
  // What runs is the entry merged onto the same-name one below, where the agent merges (Codex, OpenCode).
  const under = opts.mergeOnto && item.key !== null ? opts.mergeOnto(item.key) : undefined;
  const entry = under ? mergeEntry(under, own) : own;
  const facts = profileFacts(opts.dialect);
  // The agent's own spelling (Codex `http_headers`, `${env:X}`…) in the one the spec is built from.
  const spelled = facts.normalize ? facts.normalize(entry) : entry;
  // VS Code and Cursor fill in `${workspaceFolder}` and `${userHome}` themselves (their docs).
  const filled = fillPredefined(spelled, facts.spelling.predefined, { home: ctx.home, workspace: ctx.workspace });
  let name = item.key;
  // Minara: the key is the id unless the entry's own `id` overrides it (seed 001).
  const id = facts.idField !== null ? entry[facts.idField] : undefined;
  if (typeof id === 'string' && id !== '') name = id;
  if (name === null && typeof entry.name === 'string' && entry.name !== '') name = entry.name;
  if (name === null) {
    problems.push(problemAt(doc, opts.path, item.segs, said('needs-id')));
    return null;
  }
  const secretOwner = secretOwnerKey({ profile: ctx.profile, layer: opts.layer, path: opts.path, name, target: ownerTarget(entry) });
  const held = opts.hostVariables?.byOwner.get(secretOwner);
  // A declared VS Code input whose value the keychain holds for this entry (an install from a
  // registry keeps it so, REG-2): the panel answers it as VS Code does once it has asked, so the
  // server runs; the other inputs stay prompts the panel cannot answer (issue 42 item 3).
  const prompted = facts.prompts?.used(entry) ?? [];
  const answered = new Set(prompted.filter((i) => declared.has(i) && held?.has(inputVarName(i))));
  const common = answered.size ? (mapStrings(filled, (s) => inputToDollar(s, answered)) as Record<string, unknown>) : filled;
  const base: LayerServer = {
    name,
    layer: opts.layer,
    path: opts.path,
    pointer: pointerOf(item.segs),
    entry: own,
    // An agent with one transport (minara: streamable HTTP) means it whatever the entry says.
    transport: facts.transports.length === 1 ? facts.transports[0]! : facts.transportOf ? facts.transportOf(common) : inferTransport(entry, facts.transportKeys),
    enabled: entryEnabled(facts, entry),
    error: null,
    valid: false,
    deferred: facts.deferredFields.some((f) => entry[f] === true),
    subagent: facts.naming.subagentTool !== undefined && entry.subagent !== undefined && entry.subagent !== null,
    trusted: opts.trusted ?? true,
    spec: null,
  };
  const errorAt = (segs: ReadonlyArray<PropertyKey>, what: Said): LayerServer => {
    problems.push(problemAt(doc, opts.path, [...item.segs, ...segs], about(name, what)));
    if (base.error === null) {
      base.error = what.message;
      if (what.note) base.errorNote = what.note;
    }
    return base;
  };
  // AGENT-2: what the published agent skips is said in its words, and only that (its reason decides).
  const refusal = facts.agentCheck?.(name, raw) ?? null;
  if (refusal) {
    base.agentRefusal = refusal;
    return errorAt([], said('agent-skips', { agent: facts.shortLabel, reason: refusal.reason }));
  }
  if (!isObject(raw)) return errorAt([], said('entry-not-object'));
  // The agent's own entry (Goose's builtin extensions): shown as its, nothing for the panel to start.
  if (facts.ownEntry?.(entry)) return Object.assign(base, { agentOwn: facts.shortLabel, valid: true, transport: null });

  let candidate: Record<string, unknown> = common;
  let missing: string[] = [];
  let misplaced: string[] = [];
  const expansion = expansionFor(opts.dialect, opts.layer);
  if (expansion === 'entry') ({ value: candidate, missing, misplaced } = expandEntry(common, ctx.env, held));
  // Minara headers expand at connect time only; the same rule says now whether that can work.
  if (expansion === 'headers' && isObject(common.headers)) ({ missing } = expandEntry({ headers: common.headers }, ctx.env, held));
  // Gemini sends an unset variable as written: the server stays, with a warning.
  const kept = facts.missingVar === 'keep' ? missing : [];
  if (kept.length) missing = [];
  const warn = (segs: ReadonlyArray<PropertyKey>, what: Said): void => void problems.push(problemAt(doc, opts.path, [...item.segs, ...segs], about(name, what), 'warning'));
  const literal = literalWarning(facts, expansion, entry);
  if (literal) warn([], literal);
  for (const ignored of facts.ignoredFields?.(entry) ?? []) warn([ignored.field], plain(ignored.message));
  if (kept.length) warn([], said(kept.length > 1 ? 'var-kept-many' : 'var-kept-one', { vars: kept.join(', '), agent: facts.shortLabel, first: kept[0]! }));
  // The agent's schema checks the entry as written; the expanded values are checked by URL and command below.
  const parsed = entrySchemaFor(opts.dialect).safeParse(facts.normalize ? entry : candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // A `${VAR}` that could not expand explains its own follow-on errors.
      if (missing.length === 0 || !issueMentionsVar(issue, candidate)) errorAt(issue.path, issueSaid(issue));
    }
  } else {
    base.valid = true;
  }
  if (missing.length) {
    const more: NonNullable<ProblemNote['more']> = [];
    const n = (list: string[]) => (list.length > 1 ? 'many' : 'one');
    // CFG-8: the keychain value exists but cannot reach this field, so say so rather than "not set" alone.
    if (misplaced.length) more.push({ code: `var-misplaced-${n(misplaced)}`, params: { vars: misplaced.join(', ') } });
    // SEC-6: held for another entry of this name (say, the user's own server): not this one's.
    const elsewhere = missing.filter((v) => opts.hostVariables?.byName.get(name)?.has(v));
    if (elsewhere.length) more.push({ code: `var-elsewhere-${n(elsewhere)}`, params: { vars: elsewhere.join(', '), name, first: elsewhere[0]!, layer: opts.layer } });
    const what = said(`var-unset-${n(missing)}`, { vars: missing.join(', ') }, more);
    errorAt([], what);
    base.error = what.message;
    if (what.note) base.errorNote = what.note;
  }
  // The agent's own approval (Claude Code's per-server choice for .mcp.json): unapproved → not started.
  const refused = opts.serverTrust?.(name) ?? null;
  if (refused) {
    base.trusted = false;
    warn([], plain(refused));
  }
  // VS Code inputs (issue 42 item 3): prompts the agent asks for when it starts the server, not
  // variables; the panel has no answer to send, so it waits (status.ts). Only an undeclared one is wrong.
  const used = prompted.filter((i) => !answered.has(i));
  const undeclared = used.filter((id) => !declared.has(id));
  if (undeclared.length) errorAt([], said('input-undeclared', { ids: undeclared.map((id) => `"${id}"`).join(', '), agent: facts.shortLabel }));
  // A declared one can be answered by the panel once its value is in the keychain for this entry (the reason says how).
  if (used.length) base.inputs = { ids: used, agent: facts.shortLabel, profile: facts.id, variables: used.filter((i) => declared.has(i)).map(inputVarName) };
  const ownName = item.key ?? name;
  if (opts.reservedNames?.includes(ownName)) errorAt([], said('reserved-name', { name: ownName }));
  if (base.valid && base.error === null && base.transport) {
    base.spec = buildSpec({
      profile: ctx.profile as Profile,
      layer: opts.layer,
      name,
      entry: specEntry(common, candidate, expansion === 'entry'),
      transport: base.transport,
      projectRoot: opts.projectRoot,
      agentDefaults: ctx.agentDefaults,
      pluginOrigin: opts.pluginOrigin,
      secretOwner,
    });
  }
  return base;
}

/**
 * AUTH-4: headers and env may carry secrets, so the spec keeps their `${VAR}` templates and
 * the connection engine resolves them at connect time; the load only proved the variables exist.
 * Everything else (url, command, args, cwd) is used expanded.
 */
function specEntry(raw: Record<string, unknown>, expanded: Record<string, unknown>, didExpand: boolean): Record<string, unknown> {
  return didExpand ? { ...expanded, headers: raw.headers, env: raw.env } : expanded;
}

/** CFG-3: `${X}` written where its agent does not expand it is sent as written; say so. */
function literalWarning(facts: ProfileFacts, expansion: Expansion, entry: Record<string, unknown>): Said | null {
  if (expansion === 'entry') return null;
  const rest = expansion === 'headers' ? Object.fromEntries(Object.entries(entry).filter(([k]) => k !== 'headers')) : entry;
  const refs = referencedIn(rest);
  if (refs.length === 0) return null;
  const shown = refs.map((r) => `"\${${r}}"`).join(', ');
  // `where` is words; `whereOf` (the agent) lets the page say them in its own language (shared/i18n/problems.ts).
  return said('literal-vars', { agent: facts.shortLabel, where: facts.expansionWhere.en, whereOf: facts.id, vars: shown });
}

function issueMentionsVar(issue: z.core.$ZodIssue, candidate: unknown): boolean {
  let v: unknown = candidate;
  for (const seg of issue.path) v = isObject(v) || Array.isArray(v) ? (v as Record<PropertyKey, unknown>)[seg] : undefined;
  return typeof v === 'string' && v.includes('${');
}

/** Objects merged key by key, lists and values replaced: how Codex merges TOML tables and OpenCode its configs. */
export function mergeEntry(under: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...under };
  for (const [k, v] of Object.entries(over)) {
    const below = out[k];
    Object.defineProperty(out, k, { value: isObject(below) && isObject(v) ? mergeEntry(below, v) : v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Text that is not a file (MCP_SERVERS, in-memory session records) as a FileRead. */
export function readText(text: string, label: string): FileRead {
  const parsed = parseDoc(text);
  if (!parsed.ok) return { state: 'invalid', error: parsed.message, text, line: parsed.line, column: parsed.column };
  return { state: 'ok', doc: parsed.doc, realPath: label };
}
