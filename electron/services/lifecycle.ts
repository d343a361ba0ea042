// The composition root shared by every host (Electron main, web host, CLI `serve`): wires
// the real engines behind the api and hands back one disposer. Hosts add only their door.
import { basename } from 'node:path';
import { PROFILES, type Profile } from '../../shared/schemas/server';
import { createDispatcher, type Dispatch } from '../../shared/rpc';
import { AppError } from '../../shared/errors';
import { contract, type Selection } from '../../shared/contract';
import { createApi, type PanelApi, type PoolInfo, type PoolPort } from './api';
import { RecentWorkspaces } from './api/recent';
import { detectProfiles } from './config';
import { ConfigWriter, toSharedError } from './config/writer';
import { WriterEditor } from './api/editor-adapter';
import { loginAuth, poolTools, registryReader } from './api/engine-adapters';
import { watchConfig } from './config/watch';
import { ConnectionPool } from './connections';
import { LoginService, type TokenBroker } from './auth';
import { createEngine } from './engine';
import { homeDir, panelDataDir } from './paths';

export interface StartOptions {
  host: 'electron' | 'web';
  env: NodeJS.ProcessEnv;
  cwd: string;
  version: string;
  profile?: Profile | null;
  workspace?: string | null;
  openExternal?: ((url: string) => Promise<void>) | null;
  logger?: (line: string) => void;
}

export interface Services {
  api: PanelApi;
  /** Login/logout (UI-6) build on this; same instance the pool asks for tokens. */
  broker: TokenBroker;
  dispatch: Dispatch;
  selection: Selection;
  dispose(): Promise<void>;
}

type Pooled = PoolPort & { engine: ConnectionPool };

function poolPort(pool: ConnectionPool): Pooled {
  const info = (id: string): PoolInfo | undefined => {
    const i = pool.info(id);
    return i && { state: i.state, toolCount: i.toolCount, connectMs: i.connectMs, lastError: i.lastError };
  };
  return {
    setServers: (specs) => pool.setServers(specs),
    discover: () => pool.discover(),
    reconnect: (id) => pool.reconnect(id),
    info,
    onStateChanged: (listener) => pool.on('stateChanged', (id, state) => listener(id, { ...info(id), state })),
    dispose: () => pool.dispose(),
    engine: pool,
  };
}

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
    logger: log,
    createPool: (sel) =>
      poolPort(createPool({ workspace: sel.workspace, logger: (e) => log(JSON.stringify(e)) })),
    tools: (p) => ('engine' in p ? poolTools((p as Pooled).engine) : null),
    editor: new WriterEditor(writer, env),
    session: { get: (p) => config.getSessionServers(p), set: (p, servers) => config.setSessionServers(p, servers) },
    secrets: configSecrets,
    auth: loginAuth(new LoginService({ broker })),
    registry: registryReader(env),
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
      watch(sel, onChange) {
        const w = watchConfig({
          load: () => config.load(sel.profile, sel.workspace),
          onChange: () => onChange(),
          onError: (err) => log(`config watch: ${String(err)}`),
        });
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
