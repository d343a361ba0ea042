// AGENT-3 as one service for the CLI and the api alike: preview (reads only), install (the same
// plan, written), undo and the list of installs. Every write goes through the config writer.
import type { InstallPreview, InstallResult, InstallSummary, UndoResult } from '../../../shared/schemas/install';
import type { Profile } from '../../../shared/schemas/server';
import { probeProcess, resolveBridgeCommand, type BridgeCommand } from '../bridge/install-command';
import type { ConfigService } from '../config/config-service';
import { ConfigWriter } from '../config/writer';
import type { KeychainConfigSecrets } from '../auth/config-secrets';
import { ownerTarget, secretOwnerKey, type SecretOwner } from '../config/secret-owner';
import { applyInstall, listInstalls, undoInstall, type RestoredFile } from './apply';
import { planInstall, type PlanDeps, type PlannedTarget, type PlanRequest } from './plan';

/** The install has secrets and no keychain can keep them (AUTH-5): nothing was written. */
export class KeychainUnavailableError extends Error {}

export interface InstallServiceOptions {
  env: NodeJS.ProcessEnv;
  config: ConfigService;
  writer?: ConfigWriter;
  command?: BridgeCommand | null;
  liveTools?: PlanDeps['liveTools'];
  /** REG-2: where a registry entry's secrets are kept, bound to each entry written (and dropped by its undo). */
  secrets?: KeychainConfigSecrets;
}

/** SEC-6: the owner a written entry's secrets are bound to, as the config engine will compute it on load. */
const ownerOf = (server: string, f: Pick<RestoredFile, 'profile' | 'layer' | 'path'>, entry: Record<string, unknown>): SecretOwner => ({ profile: f.profile, layer: f.layer, path: f.path, name: server, target: ownerTarget(entry) });

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
    async install(req: InstallRequest): Promise<InstallResult & { preview: InstallPreview; secretsKept: Array<{ profile: Profile; variables: string[] }> }> {
      const secrets = Object.entries(req.source.secrets ?? {});
      // AUTH-5: secrets with nowhere to keep them stop the install before any file is written.
      if (secrets.length > 0) {
        const st = await opts.secrets?.status();
        if (!st?.available) throw new KeychainUnavailableError(`no keychain is available (${st?.reason ?? 'none was given to this install'}), so ${secrets.map(([v]) => v).join(', ')} cannot be kept; nothing was written. ${st?.fix ?? ''}`.trim());
      }
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
      // REG-2: each secret into the keychain for each entry written, never into its file.
      const secretsKept: Array<{ profile: Profile; variables: string[] }> = [];
      if (secrets.length > 0 && opts.secrets) {
        for (const w of result.written) {
          const entry = targets.find((t) => t.view.profile === w.profile)?.view.entry;
          if (!entry) continue;
          for (const [variable, value] of secrets) await opts.secrets.storeEnvSecret(ownerOf(req.source.server, w, entry), variable, value);
          secretsKept.push({ profile: w.profile, variables: secrets.map(([v]) => v) });
        }
      }
      return { ...result, failed: [...stale, ...result.failed], preview, secretsKept };
    },
    /** Every file back; the secrets an install kept for an entry it wrote go with that entry. */
    undo: (id: string): Promise<UndoResult> =>
      undoInstall(deps.writer, deps.dataDir, id, async (server, f) => {
        if (!opts.secrets) return;
        const owner = ownerOf(server, f, f.written);
        await opts.secrets.remove(owner.profile, server, secretOwnerKey(owner));
      }),
    list: (): Promise<InstallSummary[]> => listInstalls(deps.dataDir),
  };
}

export type InstallService = ReturnType<typeof createInstallService>;
