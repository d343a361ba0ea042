// Which file a (profile, layer) lives in: the loader's resolver (../layers.ts), so reader
// and writer always agree (minara legacy fallbacks, kimi git root, walk-up to `.minara/`).
import { resolve } from 'node:path';
import type { Dialect } from '../../../../shared/schemas/dialects';
import type { LayerKind, Profile } from '../../../../shared/schemas/server';
import { resolveLayerPaths } from '../profiles';
import { homeDir } from '../../paths';
import { refuse, type WriteError } from './errors';
import { ok, type Result } from '../../../../shared/result';

export interface LayerPathContext {
  env: NodeJS.ProcessEnv;
  /** Defaults to homeDir(env). */
  home?: string;
  /** Workspace (the agent's cwd); required for project layers. */
  workspace?: string | null;
}

export interface LayerFile {
  profile: Profile;
  layer: LayerKind;
  path: string;
  dialect: Dialect;
  /** Why the panel must not write this file, or null when it may. */
  readOnly: string | null;
  /** Where the servers object sits, when not at the profile's servers key (Claude Code's local scope). */
  container?: string[];
  /** A project layer's folder: the file must lead nowhere outside it (issue 21 F9). */
  confineTo?: string;
  /** The file is the workspace's (CFG-10): nothing is written on its behalf until the workspace is trusted. */
  needsTrust?: boolean;
}

export async function resolveLayerFile(profile: Profile, layer: LayerKind, ctx: LayerPathContext): Promise<Result<LayerFile, WriteError>> {
  if (layer === 'session' || layer === 'plugin' || layer === 'env') {
    return refuse('write.read_only.layer', { layer });
  }
  const workspace = ctx.workspace ? resolve(ctx.workspace) : null;
  const locations = await resolveLayerPaths(profile, { env: ctx.env, home: ctx.home ?? homeDir(ctx.env), workspace });
  const loc = locations.find((l) => l.layer === layer);
  if (!loc) {
    if (!workspace && (layer === 'project' || layer === 'project-local')) {
      return refuse('write.invalid_target.needsWorkspace', { layer, profile });
    }
    return refuse('write.invalid_target', { profile, layer });
  }
  // CFG-1/CFG-7: MiniMax Code treats its project file as read-only; so does the panel.
  const readOnly = loc.writable ? null : `${profile} ${layer} files are read-only for the panel; add the server to the user layer instead`;
  return ok({ profile, layer, path: loc.path, dialect: profile, readOnly, ...(loc.container ? { container: loc.container } : {}), ...(loc.confineTo ? { confineTo: loc.confineTo } : {}), needsTrust: loc.needsTrust });
}
