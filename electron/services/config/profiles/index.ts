// The engine's profile registry (AGENT-4): every agent's folder (shared/profiles/<id>/) turned
// into an EngineProfile once. The config service, the writer, detection and the rule files ask
// it; none of them tests an agent's name.
import { PROFILES, type Profile } from '../../../../shared/schemas/server';
import type { LayerEnv, LayerLocation } from '../../../../shared/profiles/loading';
import { engineOf } from './engine';
import type { EngineProfile } from './types';

const ENGINES = new Map<Profile, EngineProfile>(PROFILES.map((p) => [p, engineOf(p)]));

export function engineProfile(profile: Profile): EngineProfile {
  return ENGINES.get(profile)!;
}

/** The file layers of a profile, lowest precedence first (session/plugin/env are not files). */
export function resolveLayerPaths(profile: Profile, where: LayerEnv): Promise<LayerLocation[]> {
  return engineProfile(profile).layerPaths(where);
}
