// The engine's profile registry (AGENT-1): one module per agent. The config service, the
// writer, detection and the secret scan ask it; none of them tests an agent's name.
import type { Profile } from '../../../../shared/schemas/server';
import type { LayerEnv, LayerLocation } from '../layers';
import { KIMI_ENGINE } from './kimi';
import { MINARA_ENGINE } from './minara';
import { MINIMAX_ENGINE } from './minimax';
import type { EngineProfile } from './types';

const ENGINES: Record<Profile, EngineProfile> = {
  minimax: MINIMAX_ENGINE,
  kimi: KIMI_ENGINE,
  minara: MINARA_ENGINE,
};

export function engineProfile(profile: Profile): EngineProfile {
  return ENGINES[profile];
}

/** The file layers of a profile, lowest precedence first (session/plugin/env are not files). */
export function resolveLayerPaths(profile: Profile, where: LayerEnv): Promise<LayerLocation[]> {
  return ENGINES[profile].layerPaths(where);
}
