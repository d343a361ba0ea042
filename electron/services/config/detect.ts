// CFG-12: which agents are installed, judged by their data folders and config files; the
// panel opens on what it finds. Everything is home-relative so HOME decides.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { PROFILES, type Profile } from '../../../shared/schemas/server';
import { engineProfile } from './profiles';

export type AgentId = 'minimax' | 'kimi' | 'minara' | 'claude-code' | 'claude-desktop' | 'cursor' | 'vscode';

export interface DetectedAgent {
  agent: AgentId;
  /** A profile the panel reads and writes natively; the others are import sources. */
  profile: Profile | null;
  detected: boolean;
  /** The folder or file whose presence decides `detected`. */
  marker: string;
  /** Config files this agent keeps MCP servers in (whether or not they exist yet). */
  configFiles: string[];
  /** Which of `configFiles` exist. */
  existing: string[];
}

async function exists(p: string): Promise<boolean> {
  return fs.access(p).then(
    () => true,
    () => false,
  );
}

/** Per-platform folder of desktop apps' settings (Claude Desktop, VS Code). */
function appSupportDir(home: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support');
  if (platform === 'win32') return env.APPDATA || join(home, 'AppData', 'Roaming');
  return env.XDG_CONFIG_HOME || join(home, '.config');
}

interface Candidate {
  agent: AgentId;
  profile: Profile | null;
  marker: string;
  configFiles: string[];
}

export function agentCandidates(home: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Candidate[] {
  const apps = appSupportDir(home, env, platform);
  return [
    ...PROFILES.map((p): Candidate => ({ agent: p, profile: p, ...engineProfile(p).detection(home, env, platform) })),
    { agent: 'claude-code', profile: null, marker: join(home, '.claude.json'), configFiles: [join(home, '.claude.json')] },
    {
      agent: 'claude-desktop',
      profile: null,
      marker: join(apps, 'Claude'),
      configFiles: [join(apps, 'Claude', 'claude_desktop_config.json')],
    },
    { agent: 'cursor', profile: null, marker: join(home, '.cursor'), configFiles: [join(home, '.cursor', 'mcp.json')] },
    { agent: 'vscode', profile: null, marker: join(apps, 'Code', 'User'), configFiles: [join(apps, 'Code', 'User', 'mcp.json')] },
  ];
}

export async function detectProfiles(home: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Promise<DetectedAgent[]> {
  return Promise.all(
    agentCandidates(home, env, platform).map(async (c) => {
      const existing: string[] = [];
      for (const f of c.configFiles) if (await exists(f)) existing.push(f);
      return { ...c, detected: (await exists(c.marker)) || existing.length > 0, existing };
    }),
  );
}
