// workspace.*: CFG-10 trust of a workspace's project layers.
import type { AppContract } from '../../../shared/contract';
import type { Handlers } from '../../../shared/rpc';
import type { ApiCore } from '../api/core';
import type { TrustPort } from '../api/ports';

type WorkspaceHandlers = Pick<Handlers<AppContract>, 'workspace.trust'>;

export function workspaceHandlers(core: ApiCore, deps: { trust: TrustPort }): WorkspaceHandlers {
  return {
    'workspace.trust': async ({ workspace, trusted }) => {
      await deps.trust.setTrusted(workspace, trusted);
      await core.changed(trusted ? 'workspace trusted' : 'workspace distrusted');
      return {};
    },
  };
}
