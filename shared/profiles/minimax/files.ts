// CFG-1 minimax (seed 000): user <dataDir>/mcp.json, then the workspace's .mcp.json, which is
// read-only, size-capped, confined to the workspace and the only place ${VAR} expands.
//
// The data folder is the published agent's (README.md here), not seed 000's `~/.minimax-code`:
// - MiniMax-AI/minimax-code@72030888 packages/tui/src/runtime/data-dir.ts: MINIMAX_DATA_DIR
//   (trimmed, non-empty), then MAVIS_DATA_DIR, then the default;
// - MiniMax-AI/minimax-code@611ec8e5 packages/config/src/data-dir.ts: the default is `~/.minimax`;
//   on Linux a fresh install (neither `~/.minimax` nor `~/.mavis`) uses `$XDG_DATA_HOME/minimax`
//   ($XDG_DATA_HOME when absolute, else ~/.local/share); an existing `~/.mavis` is moved to
//   `~/.minimax` at MiniMax's next start and left as a link to it, so until then its files are
//   the ones MiniMax will read. (A `--profile` build's `-<profile>` suffix is not modelled.)
// `~/.minimax-code` is where the official installer puts MiniMax Code itself (its releases), so
// it still says MiniMax is installed; MiniMax does not read an mcp.json there (older versions of
// the panel wrote one: the load says so, and the file is still scanned for secrets).
import type { AgentFiles, AgentIo, LayerEnv, LayerLocation, LoadContext, LoadedLayer, LoadKit, PathApi } from '../loading';
import { MINIMAX_DEFAULTS, MINIMAX_PROJECT_FILE_MAX_BYTES, MINIMAX_RESERVED_NAMES } from './dialect';

type Where = Pick<LayerEnv, 'env' | 'home' | 'platform'>;

/** readDataDirOverride (tui/src/runtime/data-dir.ts:38-44). */
function override(env: NodeJS.ProcessEnv): string | undefined {
  return env.MINIMAX_DATA_DIR?.trim() || env.MAVIS_DATA_DIR?.trim() || undefined;
}

/** The Linux default for a fresh install (config/src/data-dir.ts getPrimaryDataDirPath). */
function xdgDataDir({ env, home }: Where, p: PathApi): string {
  const xdg = env.XDG_DATA_HOME;
  return p.join(xdg && p.isAbsolute(xdg) ? xdg : p.join(home, '.local', 'share'), 'minimax');
}

/** MiniMax Code's data folder: mcp.json, config.yaml and mcp-runtime-names.json live there. */
export async function minimaxDataDir(where: Where, io: Pick<AgentIo, 'path' | 'exists'>): Promise<string> {
  const p = io.path;
  const given = override(where.env);
  if (given) return p.resolve(given);
  const primary = p.join(where.home, MINIMAX_DEFAULTS.dataDir);
  if (where.platform !== 'linux' || (await io.exists(primary))) return primary;
  const legacy = p.join(where.home, MINIMAX_DEFAULTS.legacyDataDir);
  return (await io.exists(legacy)) ? legacy : xdgDataDir(where, p);
}

/** The panel's own older default, which MiniMax never read (and the installer's folder). */
const panelLegacyFile = (home: string, p: PathApi): string => p.join(home, MINIMAX_DEFAULTS.installDir, 'mcp.json');

async function layers(where: LayerEnv, io: AgentIo): Promise<LayerLocation[]> {
  const p = io.path;
  const data = await minimaxDataDir(where, io);
  const user = p.join(data, 'mcp.json');
  const old = panelLegacyFile(where.home, p);
  const out: LayerLocation[] = [{ layer: 'user', path: user, writable: true, needsTrust: false, ...(old !== user ? { alternates: [old] } : {}) }];
  // CFG-4: realpath inside the workspace, ≤ 1 MiB (else the whole file is void), reserved names refused.
  if (where.workspace) {
    out.push({ layer: 'project', path: p.join(where.workspace, '.mcp.json'), writable: false, needsTrust: true, confineTo: where.workspace, maxBytes: MINIMAX_PROJECT_FILE_MAX_BYTES, reservedNames: MINIMAX_RESERVED_NAMES });
  }
  return out;
}

/** The files, plus a warning when the panel's older `~/.minimax-code/mcp.json` is still there. */
async function load<R>(ctx: LoadContext, io: AgentIo, kit: LoadKit<R>): Promise<LoadedLayer[]> {
  const locations = await layers(ctx, io);
  const out = await kit.loadFiles(locations, ctx);
  const user = locations[0]!;
  const old = panelLegacyFile(ctx.home, io.path);
  if (old !== user.path && (await io.exists(old))) {
    out[0]!.problems.push({
      path: old,
      pointer: '',
      message: `MiniMax Code does not read ${old} (older versions of MCP Panel wrote servers there); it reads ${user.path}: move the servers you want MiniMax to have into that file`,
      severity: 'warning',
    });
  }
  return out;
}

export const MINIMAX_FILES: AgentFiles = {
  layers,
  load,
  dataDir: minimaxDataDir,
  // Detection cannot ask the disk which default applies: each folder MiniMax may keep its data
  // in counts, and the installer's own folder (~/.minimax-code) too.
  detection: ({ env, home, platform }, p) => {
    const given = override(env);
    const dirs = given ? [p.resolve(given)] : [p.join(home, MINIMAX_DEFAULTS.dataDir), p.join(home, MINIMAX_DEFAULTS.legacyDataDir), ...(platform === 'linux' ? [xdgDataDir({ env, home, platform }, p)] : [])];
    return { marker: dirs[0]!, otherMarkers: [...dirs.slice(1), p.join(home, MINIMAX_DEFAULTS.installDir)], configFiles: dirs.map((d) => p.join(d, 'mcp.json')) };
  },
};
