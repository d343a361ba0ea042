// BRIDGE-4: `bridge install` puts the bridge line in place of an agent's entry (or adds it), and
// `bridge uninstall` puts back exactly what was there. Every write goes through the config
// writer (lock, conflict check, atomic replace, its refusals: CFG-7, CFG-8, SEC-7); what was
// replaced is kept in install-records.ts first, so a crash between the two loses nothing.
import { isDeepStrictEqual } from 'node:util';
import { findNodeAtLocation, type Node } from 'jsonc-parser';
import type { z } from 'zod';
import type { BridgeErrorCode, BridgeInstallResultSchema, BridgeLineSchema, BridgeUninstallResultSchema } from '../../../shared/contract/bridges';
import type { LayerKind, Profile } from '../../../shared/schemas/server';
import { findInlineSecrets } from '../../../shared/secrets/secret-rules';
import { profileFacts } from '../../../shared/profiles';
import { canonicalOf } from '../../../shared/install/canonical';
import { isInside } from '../config/bounded-read';
import type { ConfigService } from '../config/config-service';
import { applyServerOps, type ConfigWriter, hashText, type LayerFile, spanEditor, type WriteError, type WriteTarget } from '../config/writer';
import type { BridgeCommand } from './install-command';
import { dropInstall, findInstall, type InstallRecord, putInstall } from './install-records';
import { checkTarget, PROJECT_LAYERS } from './install-checks';
import { isRecord } from '../../../shared/is-record';
import { err, type Err, ok, type Result } from '../../../shared/result';


export interface BridgeError {
  code: BridgeErrorCode;
  /** English, for the CLI and logs; the page words the code and params itself. */
  message: string;
  params: Record<string, string>;
  /** The writer's own refusal when code is `write`. */
  write?: WriteError;
}

export interface BridgeInstallDeps {
  dataDir: string;
  writer: ConfigWriter;
  config: Pick<ConfigService, 'load' | 'env' | 'home'>;
  isTrusted(workspace: string): Promise<boolean>;
  /** Null when no mcp-panel command can be found to write (install-command.ts). */
  command: BridgeCommand | null;
  now?: () => number;
}

export interface InstallRequest {
  profile: Profile;
  server: string;
  /** Defaults to the layer of the entry the agent uses now. */
  layer?: LayerKind;
  workspace?: string | null;
}

export type BridgeLine = z.infer<typeof BridgeLineSchema>;
export type InstallOutcome = z.infer<typeof BridgeInstallResultSchema>;
/** exact: the file is byte for byte what it was; entry: the entry's own text is back, other edits kept; removed: the added line is gone. */
export type UninstallOutcome = z.infer<typeof BridgeUninstallResultSchema>;

/**
 * What carries the connection in the agent's spelling (Codex `http_headers`, Gemini `httpUrl`,
 * OpenCode `environment`, Goose `cmd`/`uri`…): the bridge line replaces these; other fields
 * (timeouts, tool filters, the on/off switch) stay.
 */
function connectionKeys(profile: Profile): ReadonlySet<string> {
  const sp = profileFacts(profile).spelling;
  const own = [sp.typeKey, sp.headersKey, sp.commandKey, sp.envKey, sp.tokenEnvField, sp.envHeadersField, sp.forwardEnvField, ...Object.values(sp.urlKey)];
  return new Set([...['url', 'type', 'transport', 'headers', 'command', 'args', 'env', 'cwd', 'authToken', 'authTokenEnv', 'bearerTokenEnvVar'], ...own.filter((k): k is string => typeof k === 'string')]);
}

function fail(code: BridgeErrorCode, message: string, params: Record<string, string>, write?: WriteError): Err<BridgeError> {
  return err({ code, message, params, ...(write ? { write } : {}) });
}

/** The agent has no entry of that name (install; the CLI when the agent's view lists none). */
export function unknownServer(profile: Profile, server: string): BridgeError {
  return { code: 'unknown_server', message: `${profile} has no server named ${server}`, params: { server, profile } };
}

function writeFailure(error: WriteError): Err<BridgeError> {
  return fail('write', error.message, {}, error);
}

/**
 * `["bridge", server, "--profile", p]` (+ `--workspace` for a layer of the workspace: the bridge
 * reads that layer's entry). A file inside the workspace may be committed, so its line starts
 * `mcp-panel` by name rather than this machine's absolute path (the offer says what that asks of
 * the agent's PATH); Claude Code's local scope lives in the user's own ~/.claude.json.
 */
export function bridgeLine(cmd: BridgeCommand, profile: Profile, server: string, layer: LayerKind, workspace: string | null, file?: string): BridgeLine {
  const project = PROJECT_LAYERS.includes(layer);
  const ws = project && workspace ? ['--workspace', workspace] : [];
  const committed = project && (file === undefined || !workspace || isInside(workspace, file));
  const start = committed ? { command: 'mcp-panel', prefix: [] } : cmd;
  return { command: start.command, args: [...start.prefix, 'bridge', server, '--profile', profile, ...ws] };
}

/** The entry that runs `line` in place of `original`: its connection replaced, the rest (timeouts, tool filters, the switch) kept. */
export function bridgedEntry(profile: Profile, original: unknown, line: BridgeLine): Record<string, unknown> {
  const connection = connectionKeys(profile);
  const kept = isRecord(original) ? Object.fromEntries(Object.entries(original).filter(([k]) => !connection.has(k))) : {};
  // In the agent's own spelling (OpenCode's argv array and `type: "local"`, Goose's `cmd`…).
  return { ...profileFacts(profile).stdioEntry(line.command, line.args), ...kept };
}

/** Does this entry (in `profile`'s spelling) start a bridge (ours or an older one)? */
export function isBridgeEntry(entry: unknown, profile: Profile): boolean {
  const c = isRecord(entry) ? canonicalOf(profile, entry) : null;
  const args = c?.args;
  if (!c || c.transport !== 'stdio' || !args) return false;
  const at = args.indexOf('bridge');
  return at >= 0 && at <= 1 && /mcp-panel(\.mjs)?$/.test(String(at === 0 ? c.command : args[0]));
}

/** The command and arguments of a bridge entry, in any agent's spelling. */
export function lineOf(entry: Record<string, unknown>, profile: Profile): BridgeLine {
  const c = canonicalOf(profile, entry);
  return { command: c?.command ?? '', args: c?.args ?? [] };
}


/** The single span that differs between two texts: undoing it restores `before` exactly. */
export function differingSpan(before: string, after: string): InstallRecord['undo'] {
  let p = 0;
  const max = Math.min(before.length, after.length);
  while (p < max && before[p] === after[p]) p++;
  let s = 0;
  while (s < max - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
  return { offset: p, length: after.length - p - s, text: before.slice(p, before.length - s), afterHash: hashText(after) };
}

/** Where a layer file keeps its servers: Claude Code's local scope `projects[<dir>].mcpServers`, else the agent's key. */
const containerOf = (file: Pick<LayerFile, 'container' | 'profile'>): string[] => file.container ?? [profileFacts(file.profile).serversKey];

export interface Servers {
  servers: Record<string, unknown>;
  /** JSON and JSONC only: where each value's text is (TOML and YAML entries are put back by value). */
  tree?: Node;
  container: string[];
}

/** The servers of a layer file's text, in the agent's format and place (AGENT-4); null when it does not parse. */
export function serversOf(text: string | null, file: Pick<LayerFile, 'container' | 'profile'>): Servers | null {
  const container = containerOf(file);
  if (text === null) return { servers: {}, container };
  const parsed = spanEditor(profileFacts(file.profile).format, text).parse(text);
  if (!parsed.ok || !isRecord(parsed.value)) return null;
  let at: unknown = parsed.value;
  for (const k of container) at = isRecord(at) && Object.hasOwn(at, k) ? at[k] : undefined;
  return { servers: isRecord(at) ? at : {}, container, ...(parsed.tree ? { tree: parsed.tree } : {}) };
}

export function valueText(text: string, s: Servers, server: string): string | null {
  const node = s.tree ? findNodeAtLocation(s.tree, [...s.container, server]) : undefined;
  return node ? text.slice(node.offset, node.offset + node.length) : null;
}

export async function installBridge(deps: BridgeInstallDeps, req: InstallRequest): Promise<Result<InstallOutcome, BridgeError>> {
  const { profile, server } = req;
  const workspace = req.workspace ?? null;
  // Minara starts no local process: its entries are streamable-HTTP URLs only (seed 001).
  if (!profileFacts(profile).transports.includes('stdio')) return fail('stdio_unsupported', `minara connects to streamable-HTTP URLs only and cannot start a local bridge; keep ${server} as it is`, { server, profile });
  if (!deps.command) return fail('no_command', 'no mcp-panel command was found to write into the line: install it (npm i -g) or build the checkout (npm run build)', {});
  const view = await deps.config.load(profile, workspace);
  const effective = view.servers.find((s) => s.name === server);
  const layer = req.layer ?? effective?.layer ?? 'user';
  const target: WriteTarget = { profile, layer, workspace };
  const resolved = await deps.writer.resolve(target);
  if (!resolved.ok) return writeFailure(resolved.error);
  // BRIDGE-5, CFG-10: never on behalf of a workspace the user has not trusted (Claude Code's
  // local scope is the user's own ~/.claude.json, not the workspace's).
  if ((resolved.value.needsTrust || effective?.trusted === false) && workspace && !(await deps.isTrusted(workspace))) {
    return fail('untrusted_workspace', `${workspace} is not trusted; trust it first (mcp-panel trust ${workspace})`, { workspace });
  }
  const snap = await deps.writer.read(target);
  if (!snap.ok) return writeFailure(snap.error);
  const base = snap.value;
  const current = serversOf(base.text, resolved.value);
  if (!current) {
    // The writer words a parse failure; ask it for the refusal rather than restating it.
    const r = applyServerOps(base.text, profile, [{ op: 'remove', name: server }]);
    return r.ok ? fail('unknown_server', `no server named ${server}`, { server, profile }) : writeFailure(r.error);
  }
  const has = Object.hasOwn(current.servers, server);
  const original = has ? current.servers[server] : effective?.entry;
  if (original === undefined) return err(unknownServer(profile, server));
  // Already a bridge line: nothing to replace (and nothing worth keeping as "the original").
  if (isBridgeEntry(original, profile) && isRecord(original)) {
    return ok({ path: base.path, layer, changed: false, replaced: true, line: lineOf(original, profile) });
  }
  // No write may leave the agent with an entry it cannot use: a stdio server gains nothing from
  // the bridge (it forwards to remote servers only), and a file other agents read gets no entry it
  // did not have (install-checks.ts).
  const refused = await checkTarget({ profile, server, layer, entry: original, inFile: has, file: base.path, where: { env: deps.config.env, home: deps.config.home, workspace } });
  if (refused) return fail(refused.code, refused.message, refused.params);
  // CFG-8: the record keeps the original in the panel's data dir; a literal secret must not go there.
  const secrets = findInlineSecrets(original);
  if (secrets.length > 0) {
    const where = secrets.map((f) => f.pointer).join(', ');
    return fail('inline_secret', `${server} holds a literal secret (${where}); move it to the keychain first (the editor's "Move to keychain", or mcp-panel secrets set)`, { server, where });
  }
  const line = bridgeLine(deps.command, profile, server, layer, workspace, base.path);
  const entry = bridgedEntry(profile, original, line);
  const ops = [has ? { op: 'set' as const, name: server, entry } : { op: 'add' as const, name: server, entry }];
  // The writer is deterministic: the text it will write is known now, so the record (with its
  // exact undo) is on disk before the agent's file changes.
  const planned = applyServerOps(base.text, profile, ops, undefined, resolved.value.container);
  if (!planned.ok) return writeFailure(planned.error);
  const rec: InstallRecord = {
    profile,
    server,
    layer,
    workspace,
    file: base.path,
    installedAt: (deps.now ?? Date.now)(),
    originalValue: original,
    originalText: has && base.text !== null ? valueText(base.text, current, server) : null,
    replaced: has,
    bridgeValue: entry,
    undo: differingSpan(base.text ?? '', planned.value),
  };
  await putInstall(deps.dataDir, rec);
  const written = await deps.writer.apply(target, ops, { base });
  if (!written.ok) {
    await dropInstall(deps.dataDir, { profile, server, file: base.path });
    return writeFailure(written.error);
  }
  return ok({ path: written.value.path, layer, changed: written.value.changed, replaced: has, line });
}

/**
 * Issue 21 F11: what changed on the bridge line since install outside its connection (the
 * panel's own `server disable`, a tool filter, a timeout edited by hand). Null when the
 * connection itself changed (someone rewrote the line: nothing can be carried safely).
 */
function changesOutsideConnection(now: unknown, installed: Record<string, unknown>, profile: Profile): Map<string, unknown> | null {
  if (!isRecord(now)) return null;
  const connection = connectionKeys(profile);
  const changes = new Map<string, unknown>();
  for (const k of new Set([...Object.keys(now), ...Object.keys(installed)])) {
    if (isDeepStrictEqual(now[k], installed[k])) continue;
    if (connection.has(k)) return null;
    changes.set(k, Object.hasOwn(now, k) ? now[k] : undefined);
  }
  return changes;
}

/** The original entry with those changes on it (a key removed from the line is removed). */
function carriedEntry(original: unknown, changes: Map<string, unknown>): Record<string, unknown> | null {
  if (!isRecord(original)) return null;
  const out: Record<string, unknown> = { ...original };
  for (const [k, v] of changes) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** The restored text, or why not (the file as it is now, the record of the install). */
function restoredText(text: string, rec: InstallRecord, file: LayerFile): Result<{ text: string; restored: UninstallOutcome['restored']; carried?: string[] }, BridgeError> {
  const dialect = file.profile;
  const replaced = rec.replaced ?? rec.originalText !== null;
  const check = (out: string, expected: unknown = rec.originalValue): boolean => {
    const s = serversOf(out, file);
    return !!s && (!replaced ? !Object.hasOwn(s.servers, rec.server) : isDeepStrictEqual(s.servers[rec.server], expected));
  };
  // Untouched since install: undo the one span, and the file is what it was, byte for byte.
  if (hashText(text) === rec.undo.afterHash) {
    const out = text.slice(0, rec.undo.offset) + rec.undo.text + text.slice(rec.undo.offset + rec.undo.length);
    if (check(out)) return ok({ text: out, restored: 'exact' });
  }
  const now = serversOf(text, file);
  const changes = now ? changesOutsideConnection(now.servers[rec.server], rec.bridgeValue, dialect) : null;
  if (!now || !changes) {
    return fail('edited', `the bridge line for ${rec.server} in ${rec.file} was changed or removed since install; nothing restored (edit the file by hand)`, { server: rec.server, path: rec.file });
  }
  const at = file.container;
  if (!replaced) {
    const out = applyServerOps(text, dialect, [{ op: 'remove', name: rec.server }], undefined, at);
    return out.ok ? ok({ text: out.value, restored: 'removed' }) : writeFailure(out.error);
  }
  let out: string;
  if (rec.originalText !== null) {
    const node = now.tree ? findNodeAtLocation(now.tree, [...now.container, rec.server]) : undefined;
    if (!node) return fail('edited', `no entry ${rec.server} in ${rec.file}`, { server: rec.server, path: rec.file });
    // The entry's own text goes back where the line is; the user's edits around it stay.
    out = text.slice(0, node.offset) + rec.originalText + text.slice(node.offset + node.length);
  } else {
    // TOML and YAML: the entry's value goes back through the writer's span edit.
    const set = isRecord(rec.originalValue) ? applyServerOps(text, dialect, [{ op: 'set', name: rec.server, entry: rec.originalValue }], undefined, at) : null;
    if (!set?.ok) return fail('edited', `${rec.file} cannot take ${rec.server}'s original entry back; edit the file by hand`, { server: rec.server, path: rec.file });
    out = set.value;
  }
  if (!check(out)) return fail('edited', `${rec.file} cannot take ${rec.server}'s original text back where it was; edit the file by hand`, { server: rec.server, path: rec.file });
  if (changes.size === 0) return ok({ text: out, restored: 'entry' });
  // Then the line's own later changes go onto it, through the writer's span edit.
  const entry = carriedEntry(rec.originalValue, changes);
  const carried = entry ? applyServerOps(out, dialect, [{ op: 'set', name: rec.server, entry }], undefined, at) : null;
  if (!carried?.ok || !check(carried.value, entry)) return fail('edited', `${rec.file} cannot take ${rec.server}'s original entry back with its later changes; edit the file by hand`, { server: rec.server, path: rec.file });
  return ok({ text: carried.value, restored: 'entry', carried: [...changes.keys()].sort() });
}

export async function uninstallBridge(deps: Pick<BridgeInstallDeps, 'dataDir' | 'writer'>, req: InstallRequest): Promise<Result<UninstallOutcome, BridgeError>> {
  const { profile, server } = req;
  let file: string | undefined;
  if (req.layer) {
    const f = await deps.writer.resolve({ profile, layer: req.layer, workspace: req.workspace ?? null });
    if (!f.ok) return writeFailure(f.error);
    file = f.value.path;
  }
  const rec = await findInstall({ dataDir: deps.dataDir, profile, server, ...(file ? { file } : {}) });
  if (!rec) return fail('not_installed', `no bridge of ${profile} for ${server} was installed by the panel`, { server, profile });
  const target: WriteTarget = { profile, layer: rec.layer, workspace: rec.workspace };
  const resolved = await deps.writer.resolve(target);
  if (!resolved.ok) return writeFailure(resolved.error);
  const snap = await deps.writer.read(target);
  if (!snap.ok) return writeFailure(snap.error);
  if (snap.value.text === null) return fail('edited', `${rec.file} is gone; nothing to restore`, { server, path: rec.file });
  const next = restoredText(snap.value.text, rec, resolved.value);
  if (!next.ok) return next;
  // `base`: a change between this read and the write is a conflict, never overwritten.
  const written = await deps.writer.editFile(resolved.value, () => ok(next.value.text), { base: snap.value });
  if (!written.ok) return writeFailure(written.error);
  await dropInstall(deps.dataDir, { profile, server, file: rec.file });
  return ok({ path: rec.file, layer: rec.layer, restored: next.value.restored, ...(next.value.carried ? { carried: next.value.carried } : {}) });
}
