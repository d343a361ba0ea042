// OpenCode's files (profile.ts has the sources): the global folder is $XDG_CONFIG_HOME/opencode,
// else ~/.config/opencode, on every OS (xdg-basedir in packages/core/src/global.ts); the project's
// opencode.json(c) at the workspace root. OpenCode reads opencode.json and then opencode.jsonc (the
// later wins a server of the same name); the panel reads and writes the one OpenCode itself writes
// (config.ts globalConfigFile: opencode.jsonc when it exists, else opencode.json), and the other is
// still scanned for secrets.
import type { AgentFiles, AgentIo, LayerEnv, PathApi } from '../loading';
import { projectFile, userFile } from '../places';
import { opencodeRefusesFile } from './dialect';

const dir = ({ home, env }: Omit<LayerEnv, 'workspace'>, p: PathApi) => p.join(env.XDG_CONFIG_HOME || p.join(home, '.config'), 'opencode');

/**
 * `opencode.jsonc` when it exists, else `opencode.json` when that exists, else `opencode.jsonc` (the
 * file OpenCode 1.18.33's own `mcp add` creates when there is none); the other spelling as an alternate.
 */
async function pick(folder: string, io: AgentIo): Promise<{ path: string; alternates: string[] }> {
  const [jsonc, json] = [io.path.join(folder, 'opencode.jsonc'), io.path.join(folder, 'opencode.json')];
  return !(await io.exists(jsonc)) && (await io.exists(json)) ? { path: json, alternates: [jsonc] } : { path: jsonc, alternates: [json] };
}

export const OPENCODE_FILES: AgentFiles = {
  async layers(where, io) {
    const user = await pick(dir(where, io.path), io);
    const out = [{ ...userFile(user.path), alternates: user.alternates }];
    if (where.workspace) {
      const proj = await pick(where.workspace, io);
      out.push({ ...projectFile(proj.path, where.workspace), alternates: proj.alternates });
    }
    return out;
  },
  detection: (where, p) => ({ marker: dir(where, p), configFiles: ['opencode.json', 'opencode.jsonc'].map((n) => p.join(dir(where, p), n)) }),
  refusesFile: opencodeRefusesFile,
};
