// The configuration engine's front: per profile and workspace, read every layer, merge,
// and answer the effective view (CFG-1 … CFG-6, CFG-10). Reads only; the writer lives apart.
import { resolve } from 'node:path';
import type { EffectiveView, Profile } from '../../../shared/schemas/server';
import { homeDir, panelDataDir as defaultPanelDataDir } from '../paths';
import { loadLayer, readText } from './layer-loader';
import { mergeLayers } from './merge';
import { applyAgentVoid } from './agent-void';
import { applyToolMaps } from './tool-map';
import { engineProfile, resolveLayerPaths } from './profiles';
import type { LayerLocation } from '../../../shared/profiles/loading';
import { TrustStore } from './trust-store';
import type { HostVariables, LoadContext, LoadedLayer } from '../../../shared/profiles/loading';

export interface ConfigServiceOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Defaults to homeDir(env): HOME decides, so tests can use a temp home. */
  home?: string;
  /** Defaults to panelDataDir(env): MCP_PANEL_DATA_DIR or ~/.mcp-panel. */
  panelDataDir?: string;
  now?: () => number;
  /**
   * CFG-3 + CFG-8: names of the variables the host injects at connect time, per server name
   * (the editor's keychain field). They count as set where the connection engine fills them
   * in (env, headers). Names only; asked once per load, only when a file expands `${VAR}`.
   */
  hostVariables?: (profile: Profile) => Promise<HostVariables>;
}

export type PluginOrigin = 'official' | 'local';

export class ConfigService {
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly home: string;
  readonly panelDataDir: string;
  readonly trust: TrustStore;
  private readonly hostVariables: ConfigServiceOptions['hostVariables'];
  private readonly session = new Map<Profile, Record<string, unknown>>();
  private readonly plugins = new Map<Profile, { servers: Record<string, unknown>; origin: PluginOrigin }>();

  constructor(opts: ConfigServiceOptions) {
    this.env = opts.env;
    this.cwd = opts.cwd;
    this.home = opts.home ?? homeDir(opts.env);
    this.panelDataDir = opts.panelDataDir ?? defaultPanelDataDir({ ...opts.env, HOME: this.home });
    this.trust = new TrustStore(this.panelDataDir, opts.now);
    this.hostVariables = opts.hostVariables;
  }

  /** Session servers (ACP `session/new`, in memory only) sit on top of every file. */
  setSessionServers(profile: Profile, servers: Record<string, unknown>): void {
    if (Object.keys(servers).length === 0) this.session.delete(profile);
    else this.session.set(profile, { ...servers });
  }

  getSessionServers(profile: Profile): Record<string, unknown> {
    return { ...(this.session.get(profile) ?? {}) };
  }

  /** Plugin-provided servers sit under all files (seed 002); tool caps apply (CONN-8). */
  setPluginServers(profile: Profile, servers: Record<string, unknown>, origin: PluginOrigin = 'local'): void {
    if (Object.keys(servers).length === 0) this.plugins.delete(profile);
    else this.plugins.set(profile, { servers: { ...servers }, origin });
  }

  /** Absolute workspace, relative paths taken from the service's cwd. */
  resolveWorkspace(workspace?: string | null): string | null {
    return workspace ? resolve(this.cwd, workspace) : null;
  }

  /** The files of a profile's layers (what the writer edits), lowest precedence first. */
  layerPaths(profile: Profile, workspace?: string | null): Promise<LayerLocation[]> {
    return resolveLayerPaths(profile, { env: this.env, home: this.home, workspace: this.resolveWorkspace(workspace) });
  }

  async load(profile: Profile, workspace?: string | null): Promise<EffectiveView> {
    const ws = this.resolveWorkspace(workspace);
    const ctx: LoadContext = {
      profile,
      env: this.env,
      home: this.home,
      cwd: this.cwd,
      workspace: ws,
      panelDataDir: this.panelDataDir,
      isTrusted: (w) => this.trust.isTrusted(w),
    };
    const hostVariables = this.hostVariables;
    if (hostVariables) ctx.hostVariables = () => hostVariables(profile);
    const engine = engineProfile(profile);
    const fileLayers = await engine.loadLayers(ctx);

    // Session and plugin servers use the same dialect rules (and defaults) as the files.
    const plugin = this.plugins.get(profile);
    const session = this.session.get(profile);
    const memCtx = plugin || session ? await engine.memoryContext(ctx) : ctx;
    const layers: LoadedLayer[] = [];
    if (plugin) layers.push(this.memLayer(plugin.servers, 'plugin', memCtx, plugin.origin));
    layers.push(...fileLayers);
    if (session) layers.push(this.memLayer(session, 'session', memCtx));

    const servers = mergeLayers(layers, { invalidYields: engine.facts.invalidYields });
    const voided = applyAgentVoid(engine.facts, layers, servers);
    applyToolMaps(engine.facts, layers, servers);
    return {
      profile,
      workspace: ws,
      layers: layers.map((l) => l.info),
      servers,
      problems: [...(voided ? [voided] : []), ...layers.flatMap((l) => l.problems)],
    };
  }

  private memLayer(servers: Record<string, unknown>, layer: 'session' | 'plugin', ctx: LoadContext, pluginOrigin?: PluginOrigin): LoadedLayer {
    const label = `(${layer})`;
    return loadLayer(readText(JSON.stringify({ mcpServers: servers }), label), { path: label, layer, dialect: ctx.profile, pluginOrigin, writable: false }, ctx);
  }
}
