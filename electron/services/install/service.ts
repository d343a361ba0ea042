// AGENT-3 as one service for the CLI and the api alike: preview (reads only), install (the same
// plan, written), undo and the list of installs. Every write goes through the config writer.
import type { InstallPreview, InstallResult, InstallSummary, UndoResult } from '../../../shared/schemas/install';
import type { Profile } from '../../../shared/schemas/server';
import { probeProcess, resolveBridgeCommand, type BridgeCommand } from '../bridge/install-command';
import type { ConfigService } from '../config/config-service';
import { ConfigWriter } from '../config/writer';
import { applyInstall, listInstalls, undoInstall } from './apply';
import { planInstall, type PlanDeps, type PlannedTarget, type PlanRequest } from './plan';

export interface InstallServiceOptions {
  env: NodeJS.ProcessEnv;
  config: ConfigService;
  writer?: ConfigWriter;
  command?: BridgeCommand | null;
  liveTools?: PlanDeps['liveTools'];
}

export interface InstallRequest extends PlanRequest {
  /** Per agent, the file's hash the preview showed: a file changed since is not written (CFG-7). */
  baseHashes?: Partial<Record<Profile, string | null>>;
}

export function createInstallService(opts: InstallServiceOptions) {
  const deps: PlanDeps = {
    config: opts.config,
    writer: opts.writer ?? new ConfigWriter({ env: opts.env, home: opts.config.home }),
    dataDir: opts.config.panelDataDir,
    command: opts.command === undefined ? resolveBridgeCommand(probeProcess(opts.env)) : opts.command,
    ...(opts.liveTools ? { liveTools: opts.liveTools } : {}),
  };
  const plan = (req: InstallRequest): Promise<PlannedTarget[]> => planInstall(deps, req);
  return {
    deps,
    async preview(req: InstallRequest): Promise<InstallPreview> {
      const targets = await plan(req);
      return { server: req.source.server, source: req.source.source, canonical: req.source.canonical, targets: targets.map((t) => t.view) };
    },
    async install(req: InstallRequest): Promise<InstallResult & { preview: InstallPreview }> {
      const targets = await plan(req);
      const stale: InstallResult['failed'] = [];
      const fresh = targets.map((t) => {
        const want = req.baseHashes?.[t.view.profile];
        if (t.write && want !== undefined && want !== t.view.baseHash) {
          stale.push({ profile: t.view.profile, path: t.view.path, code: 'conflict', message: `${t.view.path} changed since the preview; look at the preview again` });
          return { ...t, write: null };
        }
        return t;
      });
      const result = await applyInstall(deps.writer, deps.dataDir, req.source.server, fresh);
      const preview = { server: req.source.server, source: req.source.source, canonical: req.source.canonical, targets: targets.map((t) => t.view) };
      return { ...result, failed: [...stale, ...result.failed], preview };
    },
    undo: (id: string): Promise<UndoResult> => undoInstall(deps.writer, deps.dataDir, id),
    list: (): Promise<InstallSummary[]> => listInstalls(deps.dataDir),
  };
}

export type InstallService = ReturnType<typeof createInstallService>;
