// CFG-12: which agents are installed, judged by their data folders and config files; the
// panel opens on what it finds. Everything is home-relative so HOME decides.
import { promises as fs } from 'node:fs';
import { PROFILES, type Profile } from '../../../shared/schemas/server';
import { engineProfile } from './profiles';

export type AgentId = Profile;

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

interface Candidate {
  agent: AgentId;
  profile: Profile | null;
  marker: string;
  otherMarkers?: string[];
  configFiles: string[];
}

/** CFG-12: every profile's marker and config files, as its module says for this OS. */
export function agentCandidates(home: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Candidate[] {
  return PROFILES.map((p): Candidate => ({ agent: p, profile: p, ...engineProfile(p).detection(home, env, platform) }));
}

export async function detectProfiles(home: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Promise<DetectedAgent[]> {
  return Promise.all(
    agentCandidates(home, env, platform).map(async (c) => {
      const existing: string[] = [];
      for (const f of c.configFiles) if (await exists(f)) existing.push(f);
      let marked = await exists(c.marker);
      for (const m of c.otherMarkers ?? []) marked ||= await exists(m);
      return { ...c, detected: marked || existing.length > 0, existing };
    }),
  );
}
