// Builds the page's server rows from the config engine's view and the pool's states.
import type { ServerRow, ServersView } from '../../../shared/contract';
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
  if (c.state === 'failed') return { kind: 'failed', reason: c.error ?? 'entry could not be resolved', since, retryAt: null };
  return { kind: 'disabled', reason: c.error ?? 'disabled in the configuration', since };
}

export function toRow(s: EffectiveServer, info: PoolInfo | undefined, since: number): ServerRow {
  const fixed = configState(s, since);
  const state: ServerState = fixed ?? info?.state ?? { kind: 'pending', reason: 'not connected yet', since };
  // Tools are only known while connected; "0" for a pending server would be a lie.
  const toolCount = state.kind === 'connected' ? state.toolCount : null;
  const lastError = state.kind === 'failed' ? state.reason : (info?.lastError ?? s.error ?? null);
  const { spec: _spec, ...base } = s;
  return {
    ...base,
    id: serverId(s),
    target: target(s),
    state,
    toolCount,
    connectMs: state.kind === 'connected' ? state.connectMs : (info?.connectMs ?? null),
    lastError,
    runnable: isRunnable(s),
    entry: redactEntry(s.entry),
  };
}

export function toServersView(view: EffectiveView, info: (id: string) => PoolInfo | undefined, loadedAt: number): ServersView {
  return {
    profile: view.profile,
    workspace: view.workspace,
    layers: view.layers,
    problems: view.problems,
    servers: view.servers.map((s) => toRow(s, isRunnable(s) ? info(serverId(s)) : undefined, loadedAt)),
    needsTrust: view.layers.some((l) => l.state === 'untrusted'),
    loadedAt,
  };
}
