// Windsurf's one file (profile.ts has the sources): ~/.codeium/windsurf/mcp_config.json.
import type { AgentFiles, PathApi } from '../loading';
import { userFile } from '../places';

const file = (home: string, p: PathApi) => p.join(home, '.codeium', 'windsurf', 'mcp_config.json');

export const WINDSURF_FILES: AgentFiles = {
  layers: async ({ home }, { path }) => [userFile(file(home, path))],
  detection: ({ home }, p) => ({ marker: p.join(home, '.codeium', 'windsurf'), configFiles: [file(home, p)] }),
};
