// CFG-1 minimax (seed 000): user <dataDir>/mcp.json, then the workspace's .mcp.json, which is
// read-only, size-capped, confined to the workspace and the only place ${VAR} expands.
import type { AgentFiles, LayerLocation, PathApi } from '../loading';
import { MINIMAX_DEFAULTS, MINIMAX_PROJECT_FILE_MAX_BYTES, MINIMAX_RESERVED_NAMES } from './dialect';

export const minimaxDataDir = (home: string, p: PathApi) => p.join(home, MINIMAX_DEFAULTS.dataDir);

export const MINIMAX_FILES: AgentFiles = {
  async layers({ home, workspace }, { path: p }) {
    const out: LayerLocation[] = [{ layer: 'user', path: p.join(minimaxDataDir(home, p), 'mcp.json'), writable: true, needsTrust: false }];
    // CFG-4: realpath inside the workspace, ≤ 1 MiB (else the whole file is void), reserved names refused.
    if (workspace) {
      out.push({ layer: 'project', path: p.join(workspace, '.mcp.json'), writable: false, needsTrust: true, confineTo: workspace, maxBytes: MINIMAX_PROJECT_FILE_MAX_BYTES, reservedNames: MINIMAX_RESERVED_NAMES });
    }
    return out;
  },
  detection: ({ home }, p) => ({ marker: minimaxDataDir(home, p), configFiles: [p.join(minimaxDataDir(home, p), 'mcp.json')] }),
};
