// `status --json`: the effective view in the CLI's shape. A function of the
// view so the connection engine can later fill `state` from live connections.
import type { EffectiveServer, EffectiveView, ServerStateKind } from '../../../shared/schemas/server';

export interface StatusServer {
  name: string;
  id: string | null;
  layer: EffectiveServer['layer'];
  path: string;
  pointer: string;
  transport: EffectiveServer['transport'];
  enabled: boolean;
  trusted: boolean;
  state: ServerStateKind;
  error: string | null;
  /** Live figures from a discovery round; null with --no-connect or when not connected. */
  toolCount: number | null;
  connectMs: number | null;
  shadows: EffectiveServer['shadows'];
}

export interface Status {
  profile: EffectiveView['profile'];
  workspace: string | null;
  layers: EffectiveView['layers'];
  servers: StatusServer[];
  problems: Array<{ path: string; pointer: string; message: string; severity: 'error' | 'warning'; line?: number; column?: number }>;
}

export interface LiveState {
  state: ServerStateKind;
  error: string | null;
  toolCount?: number | null;
  connectMs?: number | null;
}

/**
 * The id a front door addresses a configured server by: the spec's stable id (NAME-1). An
 * untrusted entry is listed beside the effective server of the same name (CFG-10), so it gets
 * an id of its own and can never be mistaken for, or overwrite the state of, the trusted one.
 */
export function serverId(s: Pick<EffectiveServer, 'trusted' | 'layer' | 'name' | 'spec'>): string {
  if (!s.trusted) return `untrusted:${s.layer}:${s.name}`;
  return s.spec?.id ?? `${s.layer}:${s.name}`;
}

/**
 * Without live connections: untrusted or off → disabled, config errors → failed, else pending
 * (runnable). The one rule every front door uses to decide whether a server may start.
 */
export function configState(s: EffectiveServer): LiveState {
  if (!s.trusted) return { state: 'disabled', error: 'workspace not trusted: run `trust --workspace DIR` to allow this project layer' };
  if (!s.enabled) return { state: 'disabled', error: null };
  if (s.error !== null || !s.spec) return { state: 'failed', error: s.error ?? 'entry could not be resolved' };
  return { state: 'pending', error: null };
}

export function buildStatus(
  view: EffectiveView,
  liveState?: (s: EffectiveServer) => LiveState | undefined,
): Status {
  return {
    profile: view.profile,
    workspace: view.workspace,
    layers: view.layers,
    servers: view.servers.map((s) => {
      const st = liveState?.(s) ?? configState(s);
      return {
        name: s.name,
        id: s.spec ? serverId(s) : null,
        layer: s.layer,
        path: s.path,
        pointer: s.pointer,
        transport: s.transport,
        enabled: s.enabled,
        trusted: s.trusted,
        state: st.state,
        error: st.error,
        toolCount: st.toolCount ?? null,
        connectMs: st.connectMs ?? null,
        shadows: s.shadows,
      };
    }),
    problems: view.problems,
  };
}
