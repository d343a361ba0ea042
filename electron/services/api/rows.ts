// Builds the page's server rows from the config engine's view and the pool's states.
import type { ServerRow, ServersView } from '../../../shared/contract';
import type { AgentVerdict } from '../../../shared/schemas/agent-view';
import type { EffectiveServer, EffectiveView, ServerState } from '../../../shared/schemas/server';
import type { PoolInfo } from './ports';
import { displayUrl, redactArgs, redactEntry } from './redact';
import { configState as baseConfigState, serverId } from '../config/status';

export { serverId };

/** A server the pool may start: enabled, trusted (CFG-10), resolved without error. */
export function isRunnable(s: EffectiveServer): boolean {
  return baseConfigState(s).state === 'pending';
}

/**
 * `command args…` or the URL, for display (SEC-2). Arguments as written (`${VAR}` stays a
 * reference, not the value loading put in its place), masked by the entry rules.
 */
function target(s: EffectiveServer): string | null {
  const e = s.entry;
  const args = Array.isArray(e.args) ? e.args : (s.spec?.args ?? []);
  const command = s.spec?.command ?? (typeof e.command === 'string' ? e.command : undefined);
  if (command !== undefined) return [command, ...redactArgs(args).map(String)].join(' ');
  const url = typeof e.url === 'string' ? e.url : s.spec?.url;
  return url === undefined ? null : displayUrl(url);
}

/** The state shown when the pool has nothing to say (yet) about a server. */
export function configState(s: EffectiveServer, since: number): ServerState | null {
  const c = baseConfigState(s);
  if (c.state === 'pending') return null;
  if (c.state === 'failed') return { kind: 'failed', code: c.code, reason: c.reason, since, retryAt: null };
  return { kind: 'disabled', code: c.code, reason: c.reason, since };
}

/** The agent's-eye verdict of one row, from its server, id and the state the row shows. */
export type VerdictOf = (s: EffectiveServer, id: string, state: ServerState, connectMs: number | null, listMs: number | null) => AgentVerdict;

/** The state a row shows: the config's verdict, else the pool's, else pending. */
function rowState(s: EffectiveServer, info: PoolInfo | undefined, since: number): ServerState {
  return configState(s, since) ?? info?.state ?? { kind: 'pending', code: 'not_connected', reason: '', since };
}

/**
 * A row's state and connect time alone, as toRow has them: what the tool catalog asks of every
 * server, without the redacted entry and the findings count a row carries (issue 44).
 */
export function rowTiming(s: EffectiveServer, info: PoolInfo | undefined, since: number): Pick<ServerRow, 'state' | 'connectMs'> {
  const state = rowState(s, info, since);
  return { state, connectMs: state.kind === 'connected' ? state.connectMs : (info?.connectMs ?? null) };
}

export function toRow(s: EffectiveServer, info: PoolInfo | undefined, since: number, readOnly = false, verdictOf?: VerdictOf): ServerRow {
  const { state, connectMs } = rowTiming(s, info, since);
  // Tools are only known while connected; "0" for a pending server would be a lie.
  const toolCount = state.kind === 'connected' ? state.toolCount : null;
  // The raw detail only (UI-9): the row's sentence comes from state.code.
  const lastError = state.kind === 'failed' ? state.reason || null : (info?.lastError ?? s.error ?? null);
  const { spec: _spec, ...base } = s;
  const id = serverId(s);
  return {
    ...base,
    id,
    target: target(s),
    state,
    toolCount,
    connectMs,
    lastError,
    runnable: isRunnable(s),
    readOnly,
    entry: redactEntry(s.entry),
    toolsChanged: toolsChanged(info),
    ...(state.kind === 'connected' && info?.findings ? { findings: info.findings } : {}),
    ...(state.kind === 'connected' && info?.skills?.changed ? { skillsChanged: true as const } : {}),
    ...(verdictOf ? { agent: verdictOf(s, id, state, connectMs, state.kind === 'connected' ? (state.listMs ?? null) : null) } : {}),
  };
}

/** CONN-11 on the row: how many tools were added, removed or changed since accepted. */
export function toolsChanged(info: PoolInfo | undefined): ServerRow['toolsChanged'] {
  const d = info?.snapshotDiff;
  return d ? { added: d.added.length, removed: d.removed.length, changed: d.changed.length } : null;
}

/** Session servers ("try without saving") are the panel's own: the editor edits and clears them. */
function readOnlyLayer(view: EffectiveView, s: EffectiveServer): boolean {
  if (s.layer === 'session') return false;
  return view.layers.find((l) => l.layer === s.layer && l.path === s.path)?.writable === false;
}

/**
 * Would a row of toServersView show `pending`? Without building the rows (redacted entries,
 * verdicts): a CLI call over the panel socket asks this before it is answered (CONN-3 settle).
 */
export function anyPending(view: EffectiveView, info: (id: string) => PoolInfo | undefined): boolean {
  return view.servers.some((s) => rowState(s, isRunnable(s) ? info(serverId(s)) : undefined, 0).kind === 'pending');
}

/** One row of toServersView, built the same way (an action answers the row it changed). */
export function viewRow(view: EffectiveView, s: EffectiveServer, info: (id: string) => PoolInfo | undefined, loadedAt: number, verdictOf?: VerdictOf): ServerRow {
  return toRow(s, isRunnable(s) ? info(serverId(s)) : undefined, loadedAt, readOnlyLayer(view, s), verdictOf);
}

export function toServersView(view: EffectiveView, info: (id: string) => PoolInfo | undefined, loadedAt: number, verdictOf?: VerdictOf): ServersView {
  return {
    profile: view.profile,
    workspace: view.workspace,
    layers: view.layers,
    problems: view.problems,
    servers: view.servers.map((s) => viewRow(view, s, info, loadedAt, verdictOf)),
    needsTrust: view.layers.some((l) => l.state === 'untrusted'),
    loadedAt,
  };
}
