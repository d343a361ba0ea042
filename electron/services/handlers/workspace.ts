// workspace.*: CFG-10 trust of a workspace's project layers, and the host's folder chooser.
import type { AppContract } from '../../../shared/contract';
import { hostError } from './refusal';
import type { Handlers } from '../../../shared/rpc';
import type { ApiCore } from '../api/core';
import type { TrustPort } from '../api/ports';

type WorkspaceHandlers = Pick<Handlers<AppContract>, 'workspace.trust' | 'workspace.pickFolder'>;

/**
 * The host's native "choose a folder" (Electron's dialog), or null where there is none (a
 * browser page, the CLI). Answers the chosen absolute path, or null when the user cancelled.
 */
export type FolderPicker = () => Promise<string | null>;

export function workspaceHandlers(core: ApiCore, deps: { trust: TrustPort; pickFolder: FolderPicker | null }): WorkspaceHandlers {
  return {
    'workspace.trust': async ({ workspace, trusted }) => {
      const written = await deps.trust.setTrusted(workspace, trusted);
      await core.changed(trusted ? 'workspace trusted' : 'workspace distrusted');
      return { ...written, trusted, loadedAt: core.rows().loadedAt };
    },
    'workspace.pickFolder': async () => {
      if (!deps.pickFolder) throw hostError('unsupported', 'host.no_folder_chooser');
      return { path: await deps.pickFolder() };
    },
  };
}
