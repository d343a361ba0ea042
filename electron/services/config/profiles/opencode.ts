// OpenCode's files (shared/profiles/opencode.ts has the sources): the global folder is
// $XDG_CONFIG_HOME/opencode, else ~/.config/opencode, on every OS (xdg-basedir in
// packages/core/src/global.ts); the project's opencode.json(c) at the workspace root. OpenCode reads
// opencode.json and then opencode.jsonc (the later wins a server of the same name); the panel reads
// and writes the one OpenCode itself writes (config.ts globalConfigFile: opencode.jsonc when it
// exists, else opencode.json), and the other is still scanned for secrets.
import { OPENCODE } from '../../../../shared/profiles/opencode';
import { exists, type LayerEnv, type LayerLocation } from '../layers';
import { loadFiles, pathsFor, projectFile, userFile } from './kit';
import type { EngineProfile } from './types';

const dir = (home: string, env: NodeJS.ProcessEnv, platform?: NodeJS.Platform) => pathsFor(platform).join(env.XDG_CONFIG_HOME || pathsFor(platform).join(home, '.config'), 'opencode');

/** `opencode.jsonc` when it exists, else `opencode.json`; the other spelling as an alternate. */
async function pick(folder: string, platform?: NodeJS.Platform): Promise<{ path: string; alternates: string[] }> {
  const [jsonc, json] = ['opencode.jsonc', 'opencode.json'].map((n) => pathsFor(platform).join(folder, n)) as [string, string];
  return (await exists(jsonc)) ? { path: jsonc, alternates: [json] } : { path: json, alternates: [jsonc] };
}

async function layerPaths({ home, env, workspace, platform }: LayerEnv): Promise<LayerLocation[]> {
  const user = await pick(dir(home, env, platform), platform);
  const out: LayerLocation[] = [{ ...userFile(user.path), alternates: user.alternates }];
  if (workspace) {
    const proj = await pick(workspace, platform);
    out.push({ ...projectFile(proj.path, workspace), alternates: proj.alternates });
  }
  return out;
}

export const OPENCODE_ENGINE: EngineProfile = {
  facts: OPENCODE,
  layerPaths,
  loadLayers: async (ctx) => loadFiles('opencode', await layerPaths(ctx), ctx),
  detection: (home, env, platform) => {
    const p = pathsFor(platform);
    return { marker: dir(home, env, platform), configFiles: ['opencode.json', 'opencode.jsonc'].map((n) => p.join(dir(home, env, platform), n)) };
  },
};
