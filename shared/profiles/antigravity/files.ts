// Antigravity's files (README.md has the sources): its customization roots are ~/.gemini/config
// (global) and a workspace's `.agents/` (`.agent/`, `_agents/`, `_agent/` are accepted too), each
// with an `mcp_config.json`. Before its migration the global file was
// ~/.gemini/antigravity-cli/mcp_config.json: read only while the new one does not exist.
// The workspace file is read for a folder attached to the session (`agy --add-dir`, a project
// listing it), not for the working directory alone (measured by others on 1.1.27).
import type { AgentFiles } from '../loading';
import { projectFile, userFile, withLegacy } from '../places';

const ROOTS = ['.agents', '.agent', '_agents', '_agent'];

export const ANTIGRAVITY_FILES: AgentFiles = {
  async layers({ home, workspace }, io) {
    const p = io.path;
    const user = await withLegacy(p.join(home, '.gemini', 'config', 'mcp_config.json'), p.join(home, '.gemini', 'antigravity-cli', 'mcp_config.json'), (f) => io.exists(f));
    const out = [{ ...userFile(user.path), alternates: user.alternates, ...(user.preferredPath ? { preferredPath: user.preferredPath } : {}) }];
    if (workspace) {
      const [first, ...others] = ROOTS.map((r) => p.join(workspace, r, 'mcp_config.json'));
      out.push({ ...projectFile(first!, workspace), alternates: others });
    }
    return out;
  },
  detection: ({ home }, p) => ({ marker: p.join(home, '.gemini', 'antigravity-cli'), otherMarkers: [p.join(home, '.gemini', 'config')], configFiles: [p.join(home, '.gemini', 'config', 'mcp_config.json')] }),
};
