// THE composition root, used by every host: Electron main and the web host through
// startServices, the CLI through createEngine (its one-shot commands need the engines, not
// the api). A login made in one front door is honoured by the others because they all wire
// the same keychain-backed broker here, and nothing else constructs an engine.
import { basename } from 'node:path';
import { PROFILES, type Profile } from '../../shared/schemas/server';
import { createDispatcher, type Dispatch } from '../../shared/rpc';
import { AppError } from '../../shared/errors';
import { contract, type Selection } from '../../shared/contract';
import { createApi, type PanelApi, type PoolInfo, type PoolPort } from './api';
import { RecentWorkspaces } from './api/recent';
import { ConfigService, detectProfiles } from './config';
import { ConfigWriter, toSharedError } from './config/writer';
import { WriterEditor } from './api/editor-adapter';
import { minimaxRegistryPath, NameRegistryStore } from './naming/registry-store';
import { watchConfig } from './config/watch';
import { ConnectionPool, sweepStaleGroups, type Logger } from './connections';
import { LoginService, openSecretStore, TokenBroker } from './auth';
import { KeychainConfigSecrets } from './auth/config-secrets';
import { homeDir, panelDataDir } from './paths';
import type { FolderPicker } from './handlers/workspace';
import { SettingsStore } from './settings/settings-store';

export interface Engine {
  broker: TokenBroker;
  configSecrets: KeychainConfigSecrets;
  config: ConfigService;
  createPool(opts?: { workspace?: string | null; logger?: Logger }): ConnectionPool;
}

/** The engines every front door shares: token broker, config engine, pool factory. */
export async function createEngine(opts: { env: NodeJS.ProcessEnv; cwd: string }): Promise<Engine> {
  const { env, cwd } = opts;
  const dataDir = panelDataDir(env);
  // SEC-7: end the stdio servers a killed host left behind, before this host starts its own.
  const swept = sweepStaleGroups(dataDir);
  // AUTH-3/AUTH-5: the keychain when it works, memory otherwise (said plainly by `auth status`).
  const broker = new TokenBroker({ store: await openSecretStore() });
  const configSecrets = new KeychainConfigSecrets(broker.store, env);
  // CFG-3/CFG-8: a `${VAR}` kept in the keychain is set as far as the config check goes; its
  // value reaches the server only at connect time (injectEnv below).
  const config = new ConfigService({ env, cwd, hostVariables: (p) => configSecrets.variableNames(p) });
  await swept;
  return {
    broker,
    configSecrets,
    config,
    createPool: ({ workspace, logger } = {}) =>
      new ConnectionPool({
        dataDir,
        env,
        ...(workspace ? { workspaceRoot: workspace } : {}),
        ...(logger ? { logger } : {}),
        authProvider: broker.authProviderFor, // AUTH-1: stored tokens; a 401 → needs-auth
        injectEnv: (spec) => configSecrets.envFor(spec), // CFG-8: keychain-held config secrets
      }),
  };
}

export interface StartOptions {
  host: 'electron' | 'web';
  env: NodeJS.ProcessEnv;
  cwd: string;
  version: string;
  profile?: Profile | null;
  workspace?: string | null;
  openExternal?: ((url: string) => Promise<void>) | null;
  /** Required so no host forgets it: Electron's dialog, or null (browser, CLI: none). */
  pickFolder: FolderPicker | null;
  logger?: (line: string) => void;
  /** The CLI (CONN-3): settle within a deadline (no next round), or `false`: start no server (a hand-given catalog). */
  discovery?: false | { settleWithinMs: number };
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
    setServers: (specs) => pool.setServers(specs),
    discover: () => (discovery === false ? Promise.resolve() : pool.discover(discovery ?? {})),
    reconnect: (id) => pool.reconnect(id),
    info,
    details: (id) => pool.info(id),
    onStateChanged: (listener) => pool.on('stateChanged', (id, state) => listener(id, { ...info(id), state })),
    // Only what discovery already holds: listing must never start a server (CONN-2 lazy).
    tools: async (id) => (pool.state(id)?.kind === 'connected' ? pool.listTools(id) : []),
    callTool: (id, tool, args) => pool.callTool(id, tool, args),
    acceptSnapshot: (id) => pool.acceptSnapshot(id),
    dispose: () => pool.dispose(),
  };
}

/** The api over the real engines, started: what Electron main and the web host serve. */
export async function startServices(opts: StartOptions): Promise<Services> {
  const { env, cwd } = opts;
  const log = opts.logger ?? (() => {});
  const dataDir = panelDataDir(env);
  const { broker, configSecrets, config, createPool } = await createEngine({ env, cwd });
  const writer = new ConfigWriter({ env });
  const recent = new RecentWorkspaces(dataDir);
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
    logger: log,
    createPool: (sel) =>
      poolPort(createPool({ workspace: sel.workspace, logger: (e) => log(JSON.stringify(e)) }), opts.discovery),
    editor: new WriterEditor(writer, env),
    session: config,
    secrets: configSecrets,
    auth: new LoginService({ broker }),
    // NAME-1 preview: the agent's registry as it is; nothing claimed, nothing written.
    registry: () => new NameRegistryStore({ file: minimaxRegistryPath(env) }).read(),
    env,
    trust: {
      async setTrusted(workspace, trusted) {
        if (trusted) await config.trust.trust(workspace);
        else await config.trust.revoke(workspace);
      },
    },
    writer: {
      async setEnabled(sel, server, enabled) {
        const target = { profile: sel.profile, layer: server.layer, workspace: sel.workspace };
        const r = enabled ? await writer.enable(target, server.name) : await writer.disable(target, server.name);
        if (!r.ok) {
          const e = toSharedError(r.error);
          throw new AppError(e.code, e.message, e.data);
        }
      },
    },
    watch: {
      // CFG-9: the watcher asks the api's read model (`refresh`), which loads only when a
      // watched file differs from what it last loaded: the api's own writes cost no second load.
      watch(refresh, onChange) {
        const w = watchConfig({ load: refresh, onChange: () => onChange(), onError: (err) => log(`config watch: ${String(err)}`) });
        return () => w.dispose();
      },
    },
  });
  await api.start();
  log(`services up: profile ${selection.profile}, workspace ${selection.workspace ?? '(none)'} [${basename(cwd)}]`);
  return {
    api,
    broker,
    dispatch: createDispatcher(contract, api.handlers),
    selection,
    dispose: () => api.dispose(),
  };
}
