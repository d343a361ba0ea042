// profiles.*: which agents are installed (CFG-12) and which profile and workspace the panel shows.
import type { AppContract } from '../../../shared/contract';
import type { Handlers } from '../../../shared/rpc';
import { PROFILES } from '../../../shared/schemas/server';
import type { ApiCore } from '../api/core';
import type { ApiDeps } from '../api';
import { statSync } from 'node:fs';
import { hostError } from './refusal';

type ProfileHandlers = Pick<Handlers<AppContract>, 'profiles.detect' | 'profiles.select'>;

export function profileHandlers(core: ApiCore, deps: Pick<ApiDeps, 'detect' | 'recent'>): ProfileHandlers {
  return {
    'profiles.detect': async () => {
      const found = await deps.detect();
      const order = [...found].sort((a, b) => Number(b.detected) - Number(a.detected) || PROFILES.indexOf(a.profile) - PROFILES.indexOf(b.profile));
      return { profiles: order, recentWorkspaces: deps.recent.list(), selection: core.selection() };
    },
    'profiles.select': async (next) => {
      if (next.workspace) {
        // A folder that is not there cannot hold the agent's files: refused, and never remembered.
        let isDir = false;
        try {
          isDir = statSync(next.workspace).isDirectory();
        } catch {
          throw hostError('not-found', 'host.workspace_missing', { folder: next.workspace });
        }
        if (!isDir) throw hostError('refused', 'host.workspace_not_folder', { folder: next.workspace });
        deps.recent.add(next.workspace);
      }
      await core.select(next);
      return next;
    },
  };
}
