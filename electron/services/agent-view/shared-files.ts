// Which other agents read a file the panel is about to write: kimi's git-root `.mcp.json` is
// also MiniMax Code's project file (seed 002: "与其他 agent 工具通用"). A write there changes
// what every one of them starts, so the preview names them and the writer adds nothing new.
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { LayerKind, Profile } from '../../../shared/schemas/server';
import type { LayerEnv } from '../../../shared/profiles/loading';
import { resolveLayerPaths } from '../config/profiles';
import { AGENT_PROFILES, rulesFor } from './registry';

export interface OtherReader {
  profile: Profile;
  layer: LayerKind;
  agent: string;
}

const canonical = (p: string): Promise<string> => realpath(p).catch(() => resolve(p));

/** Every other profile's layer that reads `file`, in registry order. */
export async function otherReaders(profile: Profile, file: string, where: LayerEnv): Promise<OtherReader[]> {
  const target = await canonical(file);
  const out: OtherReader[] = [];
  for (const other of AGENT_PROFILES) {
    if (other === profile) continue;
    for (const loc of await resolveLayerPaths(other, where)) {
      if ((await canonical(loc.path)) === target) out.push({ profile: other, layer: loc.layer, agent: rulesFor(other).agent });
    }
  }
  return out;
}
