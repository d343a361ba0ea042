// The one composition of the engines behind shared/contract.ts. Every host (Electron IPC,
// web host, CLI) puts createDispatcher(contract, api.handlers) in front of this; nothing
// here knows which host it serves.
import { contract, type AppContract, type Selection, type ServersView } from '../../shared/contract';
import { AppError } from '../../shared/errors';
import { createEventHub, type EventHub, type Handlers } from '../../shared/rpc';
import { PROFILES, type ConnectionSpec, type EffectiveView } from '../../shared/schemas/server';
import type { AuthPort, ConfigPort, DetectPort, EditorPort, PoolFactory, PoolPort, RecentPort, RegistryPort, SecretsPort, SessionPort, ToolsPort, TrustPort, WatchPort, WriterPort } from './api/ports';
import type { ApiCore } from './api/core';
import { editorHandlers } from './api/editor-handlers';
import { toolHandlers } from './api/tools-handlers';
import { authHandlers } from './api/auth-handlers';
import { isRunnable, serverId, toServersView } from './api/rows';
import { isAllowedExternalUrl } from './api/guards';
import { redactEvents, redactHandlers } from './api/redact';

export type { ConfigPort, PoolPort, PoolFactory, PoolInfo, TrustPort, WriterPort, WatchPort, RecentPort, DetectPort, DetectedProfileInfo } from './api/ports';
export type { ToolsPort, EditorPort, SessionPort, SecretsPort, AuthPort, RegistryPort } from './api/ports';

export interface ApiDeps {
  host: 'electron' | 'web';
  version: string;
  platform: string;
  config: ConfigPort;
  /** Absent: config only, every runnable server stays `pending`. */
  createPool?: PoolFactory | null;
  trust?: TrustPort | null;
  writer?: WriterPort | null;
  watch?: WatchPort | null;
  detect: DetectPort;
  recent: RecentPort;
  initial: Selection;
  clock?: () => number;
  /** Electron only: shell.openExternal after the guard; absent on the web host. */
  openExternal?: ((url: string) => Promise<void>) | null;
  logger?: (line: string) => void;
  // Issue 7 views (UI-2 … UI-7); each absent port answers `unavailable` with what to do.
  /** The connection engine's tools, calls, snapshots and logs, for the pool of the selection. */
  tools?: ((pool: PoolPort) => ToolsPort | null) | null;
  editor?: EditorPort | null;
  session?: SessionPort | null;
  secrets?: SecretsPort | null;
  auth?: AuthPort | null;
  registry?: RegistryPort | null;
  /** DISC-1 options from the environment. */
  env?: Record<string, string | undefined>;
}

export interface PanelApi {
  handlers: Handlers<AppContract>;
  events: EventHub<AppContract>;
  /** Loads the initial selection and starts discovery (does not wait for it). */
  start(): Promise<void>;
  /** Current servers view (what the tray renders). */
  current(): ServersView | null;
  dispose(): Promise<void>;
}

export function createApi(deps: ApiDeps): PanelApi {
  const clock = deps.clock ?? Date.now;
  const log = deps.logger ?? (() => {});
  // SEC-2: every payload and answer leaves through the one redaction (api/redact.ts).
  const events = redactEvents(createEventHub<AppContract>(), () => view);
  let selection: Selection = deps.initial;
  let view: EffectiveView | null = null;
  let loadedAt = clock();
  let lastSpecs = '';
  let stopWatch: (() => void) | null = null;
  let pool: PoolPort | null = null;
  let poolWorkspace: string | null | undefined;
  let stopPool: (() => void) | null = null;

  /** One pool per workspace; switching workspace disposes the old one (and its children). */
  async function poolFor(sel: Selection): Promise<PoolPort | null> {
    if (!deps.createPool) return null;
    if (pool && poolWorkspace === sel.workspace) return pool;
    stopPool?.();
    await pool?.dispose();
    pool = deps.createPool(sel);
    poolWorkspace = sel.workspace;
    lastSpecs = '';
    stopPool = pool.onStateChanged((id, info) => {
      const state = info.state;
      const toolCount = state.kind === 'connected' ? state.toolCount : null;
      events.emit('servers.stateChanged', { id, state, toolCount });
    });
    return pool;
  }

  const info = (id: string) => pool?.info(id);

  // Reloads run one at a time: two overlapping ones must not build two pools.
  let chain: Promise<unknown> = Promise.resolve();
  function reload(): Promise<EffectiveView> {
    const next = chain.then(reloadNow, reloadNow);
    chain = next.catch(() => undefined);
    return next;
  }

  /** Reload the config; hand the pool the runnable servers only when they changed (CFG-9). */
  async function reloadNow(): Promise<EffectiveView> {
    view = await deps.config.load(selection.profile, selection.workspace);
    loadedAt = clock();
    const specs: ConnectionSpec[] = view.servers.filter(isRunnable).map((s) => s.spec!);
    const key = JSON.stringify(specs);
    const p = await poolFor(selection);
    if (p && key !== lastSpecs) {
      lastSpecs = key;
      await p.setServers(specs);
      p.discover().catch((err: unknown) => log(`discover failed: ${String(err)}`));
    }
    return view;
  }

  function watchSelection(): void {
    stopWatch?.();
    stopWatch =
      deps.watch?.watch(selection, () => {
        reload().then(
          () => events.emit('servers.changed', { reason: 'config files changed on disk' }),
          (err: unknown) => log(`reload failed: ${String(err)}`),
        );
      }) ?? null;
  }

  function findServer(id: string) {
    const s = view?.servers.find((x) => serverId(x) === id);
    if (!s) throw new AppError('not-found', `no server with id "${id}" in the ${selection.profile} profile; refresh the list`);
    return s;
  }

  const core: ApiCore = {
    selection: () => selection,
    view: () => view,
    reload,
    events,
    findServer,
    info: (id) => info(id),
    log,
    clock,
  };
  const toolsPort = (): ToolsPort | null => (pool && deps.tools ? deps.tools(pool) : null);
  // Ports that follow the current pool: a workspace switch replaces the pool underneath.
  const liveTools: ToolsPort = {
    tools: (id) => toolsPort()?.tools(id) ?? Promise.resolve([]),
    callTool: (id, tool, args) => {
      const t = toolsPort();
      if (!t) throw new AppError('unavailable', 'connections are not available on this host');
      return t.callTool(id, tool, args);
    },
    acceptSnapshot: (id) => toolsPort()?.acceptSnapshot(id) ?? Promise.resolve(null),
    details: (id) => toolsPort()?.details(id),
  };
  const tools = deps.tools ? liveTools : null;

  const handlers: Handlers<AppContract> = redactHandlers({
    ...editorHandlers(core, { editor: deps.editor ?? null, session: deps.session ?? null, secrets: deps.secrets ?? null }),
    ...toolHandlers(core, { tools, registry: deps.registry ?? null, env: deps.env ?? {} }),
    ...authHandlers(core, {
      auth: deps.auth ?? null,
      secrets: deps.secrets ?? null,
      tools,
      openExternal: deps.openExternal ?? null,
      reconnect: async (id) => {
        await pool?.reconnect(id);
      },
    }),
    'app.info': () => ({ name: 'MCP Panel', version: deps.version, host: deps.host, platform: deps.platform }),
    'app.openExternal': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) throw new AppError('refused', 'only http(s) links can be opened');
      if (!deps.openExternal) throw new AppError('unsupported', 'open the link from the page itself (browser mode)');
      await deps.openExternal(url);
      return {};
    },
    'profiles.detect': async () => {
      const found = await deps.detect();
      const order = [...found].sort((a, b) => Number(b.detected) - Number(a.detected) || PROFILES.indexOf(a.profile) - PROFILES.indexOf(b.profile));
      return { profiles: order, recentWorkspaces: deps.recent.list(), selection };
    },
    'profiles.select': async (next) => {
      selection = next;
      if (next.workspace) deps.recent.add(next.workspace);
      await reload();
      watchSelection();
      events.emit('servers.changed', { reason: 'selection changed' });
      return selection;
    },
    'servers.list': async () => {
      await reload();
      return toServersView(view!, info, loadedAt);
    },
    'servers.reconnect': async ({ id }) => {
      const s = findServer(id);
      if (!isRunnable(s)) throw new AppError('refused', `"${s.name}" cannot connect: ${s.error ?? (s.enabled ? 'workspace not trusted' : 'it is disabled')}`);
      if (!pool) throw new AppError('unavailable', 'connections are not available on this host yet');
      await pool.reconnect(id);
      return {};
    },
    'servers.setEnabled': async ({ id, enabled }) => {
      const s = findServer(id);
      if (!deps.writer) throw new AppError('unavailable', 'editing configuration files is not available yet; edit the file by hand');
      await deps.writer.setEnabled(selection, s, enabled);
      await reload();
      events.emit('servers.changed', { reason: enabled ? `${s.name} enabled` : `${s.name} disabled` });
      return {};
    },
    'workspace.trust': async ({ workspace, trusted }) => {
      if (!deps.trust) throw new AppError('unavailable', 'workspace trust is not available yet');
      await deps.trust.setTrusted(workspace, trusted);
      await reload();
      events.emit('servers.changed', { reason: trusted ? 'workspace trusted' : 'workspace distrusted' });
      return {};
    },
  }, () => view);

  return {
    handlers,
    events,
    async start() {
      if (selection.workspace) deps.recent.add(selection.workspace);
      await reload();
      watchSelection();
    },
    current: () => (view ? toServersView(view, info, loadedAt) : null),
    async dispose() {
      stopWatch?.();
      stopPool?.();
      await pool?.dispose();
      pool = null;
    },
  };
}

export { contract };
