// `status --json`: the effective view in the CLI's shape. A function of the
// view so the connection engine can later fill `state` from live connections.
import { describeReason } from '../../../shared/i18n/reasons';
import type { ConnectionSpec, EffectiveServer, EffectiveView, ProtocolEra, ReasonCode, ReasonParams, ServerStateKind } from '../../../shared/schemas/server';
import type { AgentVerdict } from '../../../shared/schemas/agent-view';

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
  /** UI-9: why, as a code for the `reason.*` catalogue; `error` is its English text for scripts. */
  code: ReasonCode;
  params?: ReasonParams;
  error: string | null;
  /** Live figures from a discovery round; null with --no-connect or when not connected. */
  toolCount: number | null;
  connectMs: number | null;
  /** PROTO-1: the negotiated era and protocol version; null when not connected. */
  era: ProtocolEra | null;
  protocolVersion: string | null;
  shadows: EffectiveServer['shadows'];
  /** AGENT-9: the agent's plugin or extension that adds it (read-only). */
  contributedBy?: EffectiveServer['contributedBy'];
  /** AGENT-5: off by one of the agent's own switches: the file and the key. */
  switchedOff?: EffectiveServer['switchedOff'];
  /** Can the profile's agent use the entry as written (agent-view/verdict.ts)? */
  agent?: AgentVerdict;
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
  code: ReasonCode;
  params?: ReasonParams;
  /** Raw detail (OS or server message), '' when the code says it all. */
  reason: string;
  /** English sentence and detail, for the CLI and --json; null while nothing is wrong. */
  error: string | null;
  toolCount?: number | null;
  connectMs?: number | null;
  era?: ProtocolEra | null;
  protocolVersion?: string | null;
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
  if (!s.trusted) return coded('disabled', 'untrusted', '');
  if (!s.enabled && s.switchedOff) return { state: 'disabled', code: 'disabled_by_agent', reason: `${s.switchedOff.key} in ${s.switchedOff.path}`, error: null };
  if (!s.enabled) return { state: 'disabled', code: 'disabled_in_config', reason: '', error: null };
  if (s.error !== null) return coded('failed', 'config_error', s.error);
  // Issue 42: the agent's own extension (Goose's builtins), and prompts only the agent can ask (VS Code inputs).
  if (s.agentOwn) return coded('disabled', 'agent_own', '', { agent: s.agentOwn });
  if (s.inputs) {
    const params = { agent: s.inputs.agent, inputs: s.inputs.ids.map((id) => `"${id}"`).join(', ') };
    const [variable] = s.inputs.variables ?? [];
    // Issue 42 item 3: a declared input's value kept in the keychain for this entry is answered by the panel.
    if (variable === undefined || !s.inputs.profile) return coded('disabled', 'input_required', '', params);
    return coded('disabled', 'input_keychain', '', { ...params, command: `mcp-panel secrets set ${s.name} ${variable} --profile ${s.inputs.profile} --layer ${s.layer}` });
  }
  if (!s.spec) return coded('failed', 'config_error', '');
  return { state: 'pending', code: 'not_connected', reason: '', error: null };
}

/**
 * What a pool is given for a view, by the rule above: the runnable servers as specs, the others
 * as records that say why they do not run (a `call` to one answers with that reason, CONN-5).
 */
export function poolInput(view: EffectiveView): { specs: ConnectionSpec[]; disabled: Array<{ id: string; name: string; code: ReasonCode; reason: string }> } {
  const specs: ConnectionSpec[] = [];
  const disabled: Array<{ id: string; name: string; code: ReasonCode; reason: string }> = [];
  for (const s of view.servers) {
    const c = configState(s);
    if (c.state === 'pending' && s.spec) specs.push(s.spec);
    else disabled.push({ id: serverId(s), name: s.name, code: c.code, reason: c.reason });
  }
  return { specs, disabled };
}

function coded(state: ServerStateKind, code: ReasonCode, reason: string, params?: ReasonParams): LiveState {
  return { state, code, ...(params ? { params } : {}), reason, error: describeReason('en', { code, reason, ...(params ? { params } : {}) }) };
}

export function buildStatus(
  view: EffectiveView,
  liveState?: (s: EffectiveServer) => LiveState | undefined,
  agentOf?: (s: EffectiveServer, live: LiveState | undefined) => AgentVerdict | undefined,
): Status {
  return {
    profile: view.profile,
    workspace: view.workspace,
    layers: view.layers,
    servers: view.servers.map((s) => {
      const live = liveState?.(s);
      const st = live ?? configState(s);
      const agent = agentOf?.(s, live);
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
        code: st.code,
        ...(st.params ? { params: st.params } : {}),
        error: st.error,
        toolCount: st.toolCount ?? null,
        connectMs: st.connectMs ?? null,
        era: st.era ?? null,
        protocolVersion: st.protocolVersion ?? null,
        shadows: s.shadows,
        ...(s.contributedBy ? { contributedBy: s.contributedBy } : {}),
        ...(s.switchedOff ? { switchedOff: s.switchedOff } : {}),
        ...(agent ? { agent } : {}),
      };
    }),
    problems: view.problems,
  };
}
