// BRIDGE-4: the bridge's install side as one service over the engines (config, writer, trust,
// keychain names), for the api (handlers/bridges.ts) and the CLI alike; and the live list,
// watched so the page and the tray hear when a bridge starts, counts calls or ends.
import { watch, type FSWatcher } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { BridgeOffer } from '../../../shared/contract/bridges';
import type { LiveBridge } from '../../../shared/schemas/bridge';
import type { EffectiveServer, Profile } from '../../../shared/schemas/server';
import type { AgentIssue } from '../../../shared/schemas/agent-view';
import type { ConfigService } from '../config/config-service';
import { ConfigWriter } from '../config/writer';
import { type BridgeCommand, probeProcess, resolveBridgeCommand } from './install-command';
import { bridgeLine, type BridgeInstallDeps, installBridge, isBridgeEntry, uninstallBridge } from './install';
import { findInstall } from './install-records';
import { checkTarget, PROJECT_LAYERS } from './install-checks';
import { otherReaders } from '../agent-view/shared-files';
import { listLiveBridges } from './live-list';
import { LIVE_DIR } from './live';
import { ownFolder } from '../own-folder';
import { profileFacts } from '../../../shared/profiles';

/** A slow look even when fs.watch is quiet (network homes, some containers deliver no events). */
const POLL_MS = 5_000;
/** Records change at most once a second per bridge; gather a burst into one look. */
const SETTLE_MS = 150;

export interface BridgeServiceOptions {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  config: ConfigService;
  writer?: ConfigWriter;
  command?: BridgeCommand | null;
}

export interface BridgeScope {
  profile: Profile;
  workspace: string | null;
}

export function createBridgeService(opts: BridgeServiceOptions) {
  const deps: BridgeInstallDeps = {
    dataDir: opts.dataDir,
    writer: opts.writer ?? new ConfigWriter({ env: opts.env }),
    config: opts.config,
    isTrusted: (w) => opts.config.trust.isTrusted(w),
    command: opts.command === undefined ? resolveBridgeCommand(probeProcess(opts.env)) : opts.command,
  };
  return {
    deps,
    install: (scope: BridgeScope, server: string, layer?: EffectiveServer['layer']) => installBridge(deps, { ...scope, server, ...(layer ? { layer } : {}) }),
    uninstall: (scope: BridgeScope, server: string, layer?: EffectiveServer['layer']) => uninstallBridge(deps, { ...scope, server, ...(layer ? { layer } : {}) }),
    /** `issues`: the row's verdict (agent-view/): why the agent cannot use the entry as written. */
    async offer(scope: BridgeScope, server: EffectiveServer, issues: readonly AgentIssue[] = []): Promise<BridgeOffer> {
      const base = { server: server.name, profile: scope.profile, layer: server.layer, path: server.path, sharedWith: [], machineSpecific: [] };
      const rec = await findInstall({ dataDir: deps.dataDir, profile: scope.profile, server: server.name, file: server.path });
      if (rec || isBridgeEntry(server.entry, scope.profile)) {
        return { ...base, advice: [], installed: rec ? { layer: rec.layer, path: rec.file, installedAt: rec.installedAt } : { layer: server.layer, path: server.path, installedAt: 0 }, line: null, unavailable: null };
      }
      const advice = issues.filter((i) => i.fixes.some((f) => f.kind === 'bridge'));
      // The checks install makes (install-checks.ts), said before anything is written.
      const where = { env: opts.config.env, home: opts.config.home, workspace: scope.workspace };
      const refused = await checkTarget({ profile: scope.profile, server: server.name, layer: server.layer, entry: server.entry, inFile: true, file: server.path, where });
      // An agent that cannot start a process (minara: URLs only) cannot run a bridge line.
      const unavailable = !profileFacts(scope.profile).transports.includes('stdio') ? 'stdio_unsupported' : (refused?.code ?? (deps.command ? null : 'no_command'));
      const line = deps.command && !unavailable ? bridgeLine(deps.command, scope.profile, server.name, server.layer, scope.workspace, server.path) : null;
      const project = PROJECT_LAYERS.includes(server.layer);
      const sharedWith = project ? await otherReaders(scope.profile, server.path, where) : [];
      // A workspace file may be committed: name what in the line is this machine's only.
      const machineSpecific = project && line ? line.args.filter((a) => isAbsolute(a)) : [];
      return { ...base, advice, installed: null, line, unavailable, sharedWith, machineSpecific };
    },
    list: (): Promise<LiveBridge[]> => listLiveBridges(deps.dataDir),
    /** Calls `onChange` with the live list whenever it differs from the last one; returns the disposer. */
    watch(onChange: (bridges: LiveBridge[]) => void): () => void {
      let last = '';
      let timer: NodeJS.Timeout | undefined;
      let stopped = false;
      const look = (): void => {
        timer = undefined;
        listLiveBridges(deps.dataDir)
          .then((bridges) => {
            const key = JSON.stringify(bridges);
            if (stopped || key === last) return;
            last = key;
            onChange(bridges);
          })
          .catch(() => undefined);
      };
      const soon = (): void => {
        if (!timer && !stopped) timer = setTimeout(look, SETTLE_MS);
      };
      let watcher: FSWatcher | null = null;
      try {
        watcher = watch(ownFolder(deps.dataDir, LIVE_DIR), soon);
        watcher.on('error', () => undefined);
      } catch {
        /* the poll below still sees them */
      }
      const poll = setInterval(soon, POLL_MS);
      poll.unref();
      last = '[]';
      return () => {
        stopped = true;
        watcher?.close();
        clearInterval(poll);
        if (timer) clearTimeout(timer);
      };
    },
  };
}

export type BridgeService = ReturnType<typeof createBridgeService>;
