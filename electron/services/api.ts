// The one composition of the engines behind shared/contract.ts. Every host (Electron IPC,
// web host, CLI) puts createDispatcher(contract, api.handlers) in front of this; nothing
// here knows which host it serves.
import { type AppContract, type HostKind, type Selection, type ServersView } from '../../shared/contract';
import { AppError } from '../../shared/errors';
import { createEventHub, type EventHub, type Handlers } from '../../shared/rpc';
import type { EffectiveView, ServerState } from '../../shared/schemas/server';
import type { AgentVerdict } from '../../shared/schemas/agent-view';
import type { AuthPort, ConfigPort, DetectPort, EditorPort, PoolFactory, PoolPort, RecentPort, RegistryPort, SecretsPort, SessionPort, TrustPort, WatchPort, WriterPort } from './api/ports';
import type { ApiCore } from './api/core';
import { anyPending, serverId, toolsChanged, toServersView, viewRow, type VerdictOf } from './api/rows';
import { poolInput } from './config/status';
import { redactEvents, redactHandlers } from './api/redact';
import { createReadModel } from './api/read-model';
import { catalogCache } from './api/tool-catalog';
import { budgetScale } from './connections/options';
import { appHandlers } from './handlers/app';
import { profileHandlers } from './handlers/profiles';
import { serverHandlers } from './handlers/servers';
import { workspaceHandlers } from './handlers/workspace';
import { editorHandlers } from './handlers/editor';
import { toolHandlers } from './handlers/tools';
import { toolFilterHandlers } from './handlers/tool-filter';
import { planHandlers, type PlanPort } from './handlers/plan';
import { skillHandlers } from './handlers/skills';
import type { SkillPins } from './connections/skill-pins';
import type { ToolFilterPort } from './naming/tool-filter';
import { agentRules, permissionHandlers } from './handlers/permissions';
import { disclosureHandlers } from './handlers/disclosure';
import { authHandlers } from './handlers/auth';
import { logHandlers } from './handlers/logs';
import { doctorHandlers } from './handlers/doctor';
import { inspectHandlers } from './handlers/inspect';
import { bridgesHandlers, type BridgesPort } from './handlers/bridges';
import { snapshotHandlers } from './handlers/snapshots';
import { aboutHandlers, type AboutPort } from './handlers/about';
import { installHandlers, type InstallPort } from './handlers/install';
import { agentHandlers, type AgentsPort } from './handlers/agents';
import { registryHandlers } from './handlers/registry';
import { inputHandlers } from './handlers/inputs';
import { createInputDesk } from './inputs/desk';
import { createLaunchDoctor, type LaunchDoctor } from './doctor';
import type { FolderPicker } from './handlers/workspace';
import type { SettingsPort } from './settings/settings-store';
import type { EraOverridesPort } from './handlers/servers';
import { AgentFacts, type FactSources } from './agent-view/facts';

export type { ConfigPort, PoolPort, PoolFactory, PoolInfo } from './api/ports';

/** Everything the api needs, required: compose.ts wires the real engines, tests small fakes. */
export interface ApiDeps {
  host: HostKind;
  version: string;
  platform: string;
  config: ConfigPort;
  createPool: PoolFactory;
  trust: TrustPort;
  writer: WriterPort;
  watch: WatchPort;
  detect: DetectPort;
  recent: RecentPort;
  initial: Selection;
  editor: EditorPort;
  session: SessionPort;
  secrets: SecretsPort;
  auth: AuthPort;
  registry: RegistryPort;
  /** UI-9: theme and language, kept in the panel's data folder. */
  settings: SettingsPort;
  /** The host's native folder chooser; null where there is none (browser, CLI). */
  pickFolder: FolderPicker | null;
  /** DISC-1 options from the environment. */
  env: Record<string, string | undefined>;
  clock?: () => number;
  /** Electron only: shell.openExternal after the guard; the web host has none (the page opens links). */
  openExternal?: ((url: string) => Promise<void>) | null;
  logger?: (line: string) => void;
  /** The launch doctor over the host's launch environment (compose.ts); the process env when absent. */
  doctor?: LaunchDoctor;
  /** CONN-8 per-tool switches written through the config writer; absent, its methods answer `unavailable`. */
  toolFilter?: ToolFilterPort;
  /** CTX-2 context plans written through the config writer; absent, their methods answer `unavailable`. */
  plans?: PlanPort;
  /** SKILL-2: where skill approvals are kept; absent, skills are listed but not approved. */
  skillPins?: SkillPins;
  /** BRIDGE-4: install side and live list of the agent bridge; absent, its methods answer `unavailable`. */
  bridges?: BridgesPort;
  /** PROTO-1: per-server era choices; absent, their methods answer `unavailable`. */
  eras?: EraOverridesPort;
  /** Settings' facts (data folder, kept secrets, trusted workspaces); absent, app.about answers `unavailable`. */
  about?: AboutPort;
  /** The agent's-eye verdict: what a remote server asked of the panel (auth/oauth-offered.ts); absent: not known. */
  authDemand?: FactSources['authDemand'];
  /** The keychain's variable names per entry (CFG-8), for the verdict; absent: none. */
  heldVariables?: FactSources['heldVariables'];
  /** AGENT-3: one server into several agents, and the across-agents rows; absent, its methods answer `unavailable`. */
  install?: InstallPort;
  /** AGENT-8: the agents' own word; absent, its methods answer `unavailable`. */
  agents?: AgentsPort;
}

export interface PanelApi {
  handlers: Handlers<AppContract>;
  events: EventHub<AppContract>;
  /** Loads the initial selection and starts discovery (does not wait for it). */
  start(): Promise<void>;
  /** Current servers view (what the tray renders). */
  current(): ServersView | null;
  /** Does a row of current() show `pending` (true before the first load)? Builds no rows. */
  pending(): boolean;
  /** The profile and workspace shown now (cheap: no rows are built). */
  selection(): Selection;
  dispose(): Promise<void>;
}

export function createApi(deps: ApiDeps): PanelApi {
  const clock = deps.clock ?? Date.now;
  const log = deps.logger ?? (() => {});
  // SEC-2: every payload and answer leaves through the one redaction (api/redact.ts).
  const events = redactEvents(createEventHub<AppContract>(), () => model.view());
  let lastSpecs = '';
  let stopWatch: (() => void) | null = null;
  let stopAgents: (() => void) | null = null;
  let pool: PoolPort | null = null;
  let poolWorkspace: string | null | undefined;
  let stopPool: (() => void) | null = null;
  let stopBridges: (() => void) | null = null;
  // What each row's agent can do with the entry (agent-view/): facts gathered here, read by rows.
  const facts = new AgentFacts({ authDemand: deps.authDemand, heldVariables: deps.heldVariables, env: deps.env });
  // PROTO-3: what a server asks mid-request waits here for the person (the page answers).
  const desk = createInputDesk({ events, open: deps.openExternal ?? null, clock });

  /** One pool per workspace; switching workspace disposes the old one (and its children). */
  async function poolFor(sel: Selection): Promise<PoolPort> {
    if (pool && poolWorkspace === sel.workspace) return pool;
    stopPool?.();
    await pool?.dispose();
    pool = deps.createPool(sel, { serverInput: (spec, req, signal) => desk.ask({ id: spec.id, name: spec.name }, req, signal) });
    poolWorkspace = sel.workspace;
    lastSpecs = '';
    const p = pool;
    stopPool = pool.onStateChanged((id, info) => {
      const state = info.state;
      const toolCount = state.kind === 'connected' ? state.toolCount : null;
      const findings = state.kind === 'connected' ? (info.findings ?? 0) : undefined;
      const skillsChanged = state.kind === 'connected' ? !!info.skills?.changed : undefined;
      const emit = () => events.emit('servers.stateChanged', { id, state, toolCount, toolsChanged: toolsChanged(info), ...(findings !== undefined ? { findings } : {}), ...(skillsChanged !== undefined ? { skillsChanged } : {}), ...agentOf(id, state, info.connectMs ?? null) });
      emit();
      // What the server asked of the panel may change the agent's verdict: say so once it is known.
      const s = model.view()?.servers.find((x) => serverId(x) === id);
      void facts.stateChanged(id, s?.spec ?? null, state.kind).then((changed) => changed && pool === p && emit());
    });
    return pool;
  }

  const info = (id: string) => pool?.info(id);
  /** The verdict of a row's agent, for a state event (same as the row would carry). */
  function agentOf(id: string, state: ServerState, connectMs: number | null): { agent?: AgentVerdict } {
    const view = model.view();
    const s = view?.servers.find((x) => serverId(x) === id);
    if (!view || !s) return {};
    return { agent: facts.verdict(view, s, id, state, state.kind === 'connected' ? state.connectMs : connectMs, state.kind === 'connected' ? (state.listMs ?? null) : null) };
  }

  const model = createReadModel({
    config: deps.config,
    initial: deps.initial,
    clock,
    log,
    // CFG-9: hand the pool the runnable servers only when they changed.
    async loaded(view) {
      await facts.loaded(view);
      // The servers that do not run go in as records that say why: a server just disabled shows
      // DISABLED, not REMOVED (CONN-5).
      const { specs, disabled } = poolInput(view);
      const key = JSON.stringify([specs, disabled]);
      const p = await poolFor(model.selection());
      if (key !== lastSpecs) {
        lastSpecs = key;
        await p.setServers(specs, { disabled });
        p.discover().catch((err: unknown) => log(`discover failed: ${String(err)}`));
      }
    },
  });
  const verdictIn = (view: EffectiveView): VerdictOf => (srv, id, state, connectMs, listMs) => facts.verdict(view, srv, id, state, connectMs, listMs);
  const rows = (): ServersView | null => {
    const view = model.view();
    return view ? toServersView(view, info, model.loadedAt(), verdictIn(view)) : null;
  };

  /** The view last sent with `servers.changed`: the watcher's echo of our own write stays quiet. */
  let announced: EffectiveView | null = null;
  function announce(reason: string): void {
    announced = model.view();
    events.emit('servers.changed', { reason, view: rows() ?? undefined });
  }
  async function changed(reason: string): Promise<void> {
    await model.reload();
    announce(reason);
  }

  function watchSelection(): void {
    stopWatch?.();
    stopWatch =
      deps.watch.watch(model.refresh, () => {
        if (model.view() !== announced) announce('config files changed on disk');
      });
    void watchOtherAgents();
  }

  /** The other detected agents' files too: their rows, Across agents and the tray's sum follow every write. */
  async function watchOtherAgents(): Promise<void> {
    const { profile, workspace } = model.selection();
    const others = (await Promise.resolve(deps.detect()).catch(() => [])).filter((d) => d.detected && d.profile !== profile).map((d) => d.profile);
    stopAgents?.();
    stopAgents = deps.watch.watchAgents?.(others, workspace, () => events.emit('install.agentsChanged', { at: Date.now() })) ?? null;
  }

  function findServer(id: string) {
    const s = model.view()?.servers.find((x) => serverId(x) === id);
    if (!s) throw new AppError('not-found', `no server with id "${id}" in the ${model.selection().profile} profile; refresh the list`);
    return s;
  }

  const core: ApiCore = {
    async select(next) {
      model.select(next);
      await changed('selection changed');
      watchSelection();
    },
    rows: () => rows()!,
    row(id) {
      const s = findServer(id);
      const view = model.view()!;
      return viewRow(view, s, info, model.loadedAt(), verdictIn(view));
    },
    pool() {
      if (!pool) throw new AppError('unavailable', 'the panel is still loading the configuration; try again in a moment');
      return pool;
    },
    selection: model.selection,
    view: model.view,
    current: model.current,
    changed,
    announce,
    events,
    findServer,
    info: (id) => info(id),
    log,
    clock,
    budgetScale: budgetScale(deps.env),
    inputs: desk,
  };
  const catalog = catalogCache(core, deps.registry, async () => (await deps.detect()).filter((d) => d.detected).map((d) => d.profile));

  const rules = agentRules(core, { env: deps.env, isTrusted: deps.trust.isTrusted });

  // One handler module per contract prefix; SEC-2 redaction wraps them all (api/redact.ts).
  const handlers: Handlers<AppContract> = redactHandlers(
    {
      ...appHandlers(deps),
      ...profileHandlers(core, deps),
      ...serverHandlers(core, deps),
      ...workspaceHandlers(core, deps),
      ...editorHandlers(core, deps),
      ...toolHandlers(core, { catalog, env: deps.env, rules }),
      ...toolFilterHandlers(core, deps),
      ...planHandlers(core, { registry: deps.registry, rules, env: deps.env, ...(deps.plans ? { plans: deps.plans } : {}) }),
      ...permissionHandlers(core, { catalog, env: deps.env, isTrusted: deps.trust.isTrusted }, rules),
      ...disclosureHandlers(core, { catalog, env: deps.env }),
      ...authHandlers(core, { ...deps, openExternal: deps.openExternal ?? null }),
      ...logHandlers(core),
      ...inspectHandlers(core),
      ...skillHandlers(core, deps.skillPins),
      ...bridgesHandlers(core, deps.bridges),
      ...snapshotHandlers(core),
      ...aboutHandlers(deps),
      ...installHandlers(core, deps.install, deps.detect),
      ...registryHandlers(deps.install?.registries, deps.env),
      ...agentHandlers(core, deps.agents),
      ...inputHandlers(desk),
      ...doctorHandlers(core, deps.doctor ?? createLaunchDoctor({ launch: { env: deps.env, source: 'process', shell: null, ms: 0, note: null, loginPath: async () => null } })),
    },
    model.view,
  );

  return {
    handlers,
    events,
    async start() {
      const { workspace } = model.selection();
      if (workspace) deps.recent.add(workspace);
      await model.reload();
      watchSelection();
      stopBridges = deps.bridges?.watch((bridges) => events.emit('bridges.changed', { bridges })) ?? null;
    },
    current: rows,
    pending: () => {
      const view = model.view();
      return view ? anyPending(view, info) : true;
    },
    selection: model.selection,
    async dispose() {
      stopWatch?.();
      stopAgents?.();
      stopPool?.();
      stopBridges?.();
      desk.dispose();
      await pool?.dispose();
      pool = null;
    },
  };
}
