// Cursor's files (profile.ts has the sources): global ~/.cursor/mcp.json (on Windows
// %USERPROFILE%\.cursor\mcp.json), project <workspace>/.cursor/mcp.json, which wins.
import type { AgentFiles } from '../loading';
import { projectFile, userFile } from '../places';

export const CURSOR_FILES: AgentFiles = {
  async layers({ home, workspace }, { path: p }) {
    const out = [userFile(p.join(home, '.cursor', 'mcp.json'))];
    if (workspace) out.push(projectFile(p.join(workspace, '.cursor', 'mcp.json'), workspace));
    return out;
  },
  detection: ({ home }, p) => ({ marker: p.join(home, '.cursor'), configFiles: [p.join(home, '.cursor', 'mcp.json')] }),
};
