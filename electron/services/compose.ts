// THE composition root, used by every host: Electron main and the web host through
// startServices, the CLI through createEngine (its one-shot commands need the engines, not
// the api). A login made in one front door is honoured by the others because they all wire
// the same keychain-backed broker here, and nothing else constructs an engine.
import { setServerEnabled } from './config/switch';
import { profileFacts } from '../../shared/profiles';
import { basename, join } from 'node:path';
import { PROFILES, type Profile } from '../../shared/schemas/server';
import { createDispatcher, type Dispatch } from '../../shared/rpc';
import { err, ok } from '../../shared/result';
import { AppError } from '../../shared/errors';
import { TrustStore } from './config/trust-store';
import { contract, type HostKind, type Selection } from '../../shared/contract';
import { createApi, type PanelApi, type PoolInfo, type PoolPort } from './api';
import type { WatchPort } from './api/ports';
import { RecentWorkspaces } from './api/recent';
import { cachedPoolPort } from './api/cached-pool';
import { runSharedPoolPort, type RunShare } from './api/run-share';
import { ConfigService, detectProfiles } from './config';
import { ConfigWriter, toSharedError } from './config/writer';
import { WriterEditor } from './api/editor-adapter';
import { minimaxRegistryPath, NameRegistryStore } from './naming/registry-store';
import { offeredTools, toolFilterWriter } from './naming/tool-filter';
import { watchConfig } from './config/watch';
import { ConnectionPool, type Logger, type PoolOptions } from './connections';
import { LoginService, TokenBroker } from './auth';
import { authDemand, tokenAwareLogins } from './auth/oauth-offered';
import type { KeychainConfigSecrets } from './auth/config-secrets';
import { createConfigEngine } from './config-engine';
import { homeDir, panelDataDir } from './paths';
import { engineProfile } from './config/profiles';
import type { FolderPicker } from './handlers/workspace';
import { SettingsStore } from './settings/settings-store';
import { EraOverrides } from './settings/era-overrides';
import { type LaunchEnvironment, resolveLaunchEnvironment } from './launch-env';
import { createLaunchDoctor, type LaunchDoctor } from './doctor';
import { createBridgeService } from './bridge/install-service';
import { createInstallService } from './install/service';
import { RegistryService } from './registry/service';
import { askAgent, lastAnswers } from './agents/ask';
import { SkillPins } from './connections/skill-pins';

/** AGENT-8: an agent's listing with health checks waits for each server it starts; a bound, not a measure. */
const AGENT_ASK_TIMEOUT_MS = 120_000;

export interface Engine {
  broker: TokenBroker;
  configSecrets: KeychainConfigSecrets;
  config: ConfigService;
  /** The environment stdio servers start in, and the doctor that explains a failed start. */
  launch: LaunchEnvironment;
  doctor: LaunchDoctor;
  createPool(opts?: { workspace?: string | null; logger?: Logger; serverInput?: PoolOptions['serverInput']; declares?: PoolOptions['declares'] }): ConnectionPool;
  /** PROTO-1: the person's per-server era choices (the panel's settings). */
  eras: EraOverrides;
}

/** The engines every front door shares: token broker, config engine, pool factory. */
export async function createEngine(opts: { env: NodeJS.ProcessEnv; cwd: string; launch?: LaunchEnvironment }): Promise<Engine> {
  const { env } = opts;
  const dataDir = panelDataDir(env);
  // Launch environment, keychain, config engine (and the SEC-7 sweep of a killed host's
  // servers): the same pieces `status --no-connect` uses alone (config-engine.ts); the broker
  // keeps its tokens in that keychain store.
  const { store, configSecrets, config, launch } = await createConfigEngine(opts);
  // BRIDGE-2: the panel and the CLI refresh under the same machine-wide lock as the bridges.
  const broker = new TokenBroker({ store, lockDir: join(dataDir, 'locks') });
  const eras = new EraOverrides(dataDir);
  return {
    eras,
    broker,
    configSecrets,
    config,
    launch,
    doctor: createLaunchDoctor({ launch, injectEnv: (spec) => configSecrets.envFor(spec) }),
    createPool: ({ workspace, logger, serverInput, declares } = {}) =>
      new ConnectionPool({
        dataDir,
        env: launch.env,
        loginPath: launch.loginPath, // the doctor's "use /opt/homebrew/bin/npx"
        ...(workspace ? { workspaceRoot: workspace } : {}),
        ...(logger ? { logger } : {}),
        authProvider: broker.authProviderFor, // AUTH-1: stored tokens; a 401 → needs-auth
        authChallenge: broker.noteChallenge, // AUTH-1: the login starts from the server's challenge
        injectEnv: (spec) => configSecrets.envFor(spec), // CFG-8: keychain-held config secrets
        eraMode: (spec) => eras.get(spec.id), // PROTO-1: the person's choice, else auto
        ...(serverInput ? { serverInput } : {}), // PROTO-3: the person answers what a server asks
        declares: declares ?? ((spec) => profileFacts(spec.profile).clientCapabilities), // AGENT-6: what its agent declares
      }),
  };
}

export interface StartOptions {
  host: HostKind;
  env: NodeJS.ProcessEnv;
  cwd: string;
  version: string;
  profile?: Profile | null;
  workspace?: string | null;
  openExternal?: ((url: string) => Promise<void>) | null;
  /** Required so no host forgets it: Electron's dialog, or null (browser, CLI: none). */
  pickFolder: FolderPicker | null;
  logger?: (line: string) => void;
  /**
   * The CLI (CONN-3): settle within a deadline (no next round), or `false`: start no server (a
   * hand-given catalog). `cached`: servers with a tool list recorded for their current entry
   * answer from it, the rest settle as above (the CLI when no panel runs, issue 22).
   */
  discovery?: false | { settleWithinMs: number; cached?: boolean; share?: RunShare };
  /**
   * Read the login shell's environment once, bounded, for stdio servers. On by
   * default for the Electron host only: started from the Dock or a .desktop file it has the
   * session's bare PATH. The CLI and the web host are started from a terminal, which has it.
   */
  loginShell?: boolean | { shell?: string; timeoutMs?: number };
  /** A one-shot CLI command (not the panel a person works in): it adds nothing to the recent workspaces. */
  oneShot?: boolean;
}

export interface Services {
  api: PanelApi;
  /** Login/logout (UI-6) build on this; same instance the pool asks for tokens. */
  broker: TokenBroker;
  dispatch: Dispatch;
  selection: Selection;
  dispose(): Promise<void>;
}

/** The ConnectionPool behind the api's PoolPort (the names the api reads, nothing more). */
function poolPort(pool: ConnectionPool, discovery: StartOptions['discovery']): PoolPort {
  const info = (id: string): PoolInfo | undefined => pool.info(id);
  return {
    setServers: (specs, opts) => pool.setServers(specs, opts),
    discover: () => (discovery === false ? Promise.resolve() : pool.discover(discovery ? { settleWithinMs: discovery.settleWithinMs } : {})),
    reconnect: (id, fresh) => pool.reconnect(id, fresh),
    info,
    details: (id) => pool.info(id),
    onStateChanged: (listener) => pool.on('stateChanged', (id, state) => listener(id, { ...info(id), state })),
    // Only what discovery already holds: listing must never start a server (CONN-2 lazy).
    tools: async (id) => (pool.state(id)?.kind === 'connected' ? pool.listTools(id) : []),
    rawTools: (id) => offeredTools(pool, id),
    callTool: (id, tool, args, opts) => pool.callTool(id, tool, args, opts),
    request: (id, fn) => pool.request(id, fn),
    acceptSnapshot: (id) => pool.acceptSnapshot(id),
    skillsAccepted: (id) => pool.skillsAccepted(id),
    readSnapshot: (sha) => pool.snapshots.read(sha),
    snapshotSharing: (id) => pool.snapshots.sharing(id),
    snapshotStatus: (id) => pool.snapshots.status(id),
    dispose: () => pool.dispose(),
  };
}

/** The api over the real engines, started: what Electron main and the web host serve. */
export async function startServices(opts: StartOptions): Promise<Services> {
  const { env, cwd } = opts;
  const log = opts.logger ?? (() => {});
  const dataDir = panelDataDir(env);
  const shellOpt = opts.loginShell ?? opts.host === 'electron';
  const launch = await resolveLaunchEnvironment({ env, loginShell: shellOpt !== false, ...(typeof shellOpt === 'object' ? shellOpt : {}) });
  if (launch.note) log(`login shell ${launch.shell ?? '(none)'} not used (${launch.note.code}: ${launch.note.detail}); stdio servers start with the process environment`);
  else if (launch.source === 'login-shell') log(`login shell ${launch.shell}: environment read in ${launch.ms} ms`);
  const { broker, configSecrets, config, createPool, doctor, eras } = await createEngine({ env, cwd, launch });
  const writer = new ConfigWriter({ env });
  const bridges = createBridgeService({ env, dataDir, config, writer });
  const remembered = new RecentWorkspaces(dataDir);
  const recent = opts.oneShot ? { list: () => remembered.list(), add: () => {} } : remembered;
  const detect = async () => {
    const agents = await detectProfiles(homeDir(env), env);
    return PROFILES.map((profile) => {
      const a = agents.find((x) => x.profile === profile);
      return { profile, detected: !!a?.detected, evidence: a ? [a.marker, ...a.existing] : [] };
    });
  };
  // CFG-12: open on what we find; an explicit --profile wins.
  const profile = opts.profile ?? (await detect()).find((p) => p.detected)?.profile ?? 'minimax';
  const selection: Selection = { profile, workspace: config.resolveWorkspace(opts.workspace ?? null) };

  // A one-shot command answers and exits: nothing it reads can change under it in a way it
  // would show, so it watches nothing. Each watcher loads its agent's files first: every other
  // detected agent's files were read for nothing (issue 44: `collisions` over 17 agents).
  const watch: WatchPort = opts.oneShot
    ? { watch: () => () => {} }
    : {
        // CFG-9: the watcher asks the api's read model (`refresh`), which loads only when a
        // watched file differs from what it last loaded: the api's own writes cost no second load.
        watch(refresh, onChange) {
          const w = watchConfig({ load: refresh, onChange: () => onChange(), onError: (err) => log(`config watch: ${String(err)}`) });
          return () => w.dispose();
        },
        // The other agents' own views, watched as the selected one is (CFG-9): reloaded only when a file of theirs changes.
        watchAgents(profiles, workspace, onChange) {
          const ws = profiles.map((p) => watchConfig({ load: () => config.load(p, workspace), onChange: () => onChange(), onError: (err) => log(`config watch (${p}): ${String(err)}`) }));
          return () => ws.forEach((w) => w.dispose());
        },
      };
  const api = createApi({
    host: opts.host,
    version: opts.version,
    platform: process.platform,
    config,
    detect,
    recent,
    initial: selection,
    openExternal: opts.openExternal ?? null,
    pickFolder: opts.pickFolder,
    settings: new SettingsStore(dataDir),
    eras,
    logger: log,
    createPool: (sel, hooks) => {
      const share = opts.discovery ? opts.discovery.share : undefined;
      const pool = createPool({ workspace: sel.workspace, logger: (e) => log(JSON.stringify(e)), serverInput: hooks.serverInput, ...(share ? { declares: share.declares } : {}) });
      const port = poolPort(pool, opts.discovery);
      if (share && opts.discovery) return runSharedPoolPort(port, share, pool.snapshots, opts.discovery.settleWithinMs);
      return opts.discovery && opts.discovery.cached ? cachedPoolPort(port, pool.snapshots) : port;
    },
    editor: new WriterEditor(writer, env),
    toolFilter: toolFilterWriter(writer),
    // CTX-2: an agent without filter fields gets the bridge line install writes.
    plans: { writer, dataDir, bridgeCommand: bridges.deps.command },
    skillPins: new SkillPins(dataDir),
    session: config,
    secrets: configSecrets,
    // AUTH-1: a server that answers 401 without OAuth metadata wants a token: its login says so.
    auth: tokenAwareLogins(new LoginService({ broker }), broker),
    authDemand: (spec, state) => authDemand(broker, spec, state),
    heldVariables: (p) => configSecrets.variableNames(p),
    // NAME-1 preview: the agent's registry as it is; nothing claimed, nothing written.
    registry: async () => new NameRegistryStore({ file: minimaxRegistryPath(await engineProfile('minimax').dataDir!({ env, home: homeDir(env) })) }).read(),
    env,
    doctor,
    bridges,
    about: { dataDir, secrets: (profile) => configSecrets.list(profile), trusted: () => config.trust.list() },
    // REG-2: a registry entry's secrets go to the keychain bound to each entry written, and leave with its undo.
    install: { service: createInstallService({ env, config, writer, secrets: configSecrets }), config, registries: new RegistryService({ dataDir, env }), env },
    agents: {
      ask: async (profile, workspace) => askAgent(await config.load(profile, workspace), { env, workspace, dataDir, trusted: await config.trust.isTrusted(workspace), timeoutMs: AGENT_ASK_TIMEOUT_MS }),
      last: (workspace) => lastAnswers(dataDir).filter((a) => a.workspace === workspace),
    },
    trust: {
      async setTrusted(workspace, trusted) {
        const file = config.trust.file;
        try {
          if (!trusted) return { workspace: await TrustStore.canonical(workspace), trustedAt: null, changed: await config.trust.revoke(workspace), file };
          const entry = await config.trust.trust(workspace);
          return { workspace: entry.workspace, trustedAt: entry.trustedAt, changed: true, file };
        } catch (e) {
          throw new AppError('internal', `cannot record trust in ${file}: ${e instanceof Error ? e.message : String(e)}`);
        }
      },
      isTrusted: (workspace) => config.trust.isTrusted(workspace),
    },
    writer: {
      async setEnabled(sel, entry, enabled) {
        const target = { profile: sel.profile, layer: entry.layer, workspace: sel.workspace };
        const r = await setServerEnabled(writer, env, target, entry.name, enabled);
        return r.ok ? ok(r.value.map(({ path, changed, created }) => ({ path, changed, created }))) : err(toSharedError(r.error));
      },
    },
    watch,
  });
  await api.start();
  log(`services up: profile ${selection.profile}, workspace ${selection.workspace ?? '(none)'} [${basename(cwd)}]`);
  return {
    api,
    broker,
    // A code a method does not list goes out as `internal` and into the log; the tests (vitest.config.ts) make it fail the call.
    dispatch: createDispatcher(contract, api.handlers, { undeclared: process.env.MCP_PANEL_STRICT_CONTRACT === '1' ? 'throw' : (method, e) => log(`${method} answered the unlisted error code ${e.code}; sent as internal`) }),
    selection,
    dispose: () => api.dispose(),
  };
}
