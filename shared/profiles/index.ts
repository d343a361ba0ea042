// The profile registry (AGENT-1): one module per agent, keyed by profile id. Views, the CLI
// and the engine ask `profileFacts(p)` instead of testing an agent's name.
import type { Profile } from '../schemas/server';
import { KIMI } from './kimi';
import { MINARA } from './minara';
import { MINIMAX } from './minimax';
import type { ProfileFacts } from './types';

const REGISTRY: Record<Profile, ProfileFacts> = {
  minimax: MINIMAX,
  kimi: KIMI,
  minara: MINARA,
};

export function profileFacts(profile: Profile): ProfileFacts {
  return REGISTRY[profile];
}
