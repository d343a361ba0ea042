// NAME-4: why two tools meet on one name, as a code the renderer words (UI-9). The winner is
// decided by the agent's rule (NAME-1 registry, NAME-2/3 first claimant); this says how the
// names came to coincide, which is what the user can change (rename, disable a tool).
import { profileFacts } from '../profiles';
import type { Profile } from '../schemas/server';
import type { CollisionKind, ToolRef } from './assign';

export const COLLISION_CAUSES = ['same_server', 'same_name', 'sanitised', 'truncated'] as const;
export type CollisionCause = (typeof COLLISION_CAUSES)[number];

/**
 * same_server: one server lists the name twice; same_name: two servers of one name (different
 * sources) offer the same tool; sanitised: different raw names that the scheme's character
 * rules and separators make equal; truncated: the names differ until the length limit cuts them.
 */
type Side = Pick<ToolRef, 'serverName' | 'tool'>;

export function collisionCause(profile: Profile, c: { kind: CollisionKind; winner: Side; loser: Side }): CollisionCause {
  if (c.kind === 'same_server') return 'same_server';
  const { winner: w, loser: l } = c;
  if (w.serverName === l.serverName && w.tool === l.tool) return 'same_name';
  // The qualified name before any length limit (NAME-1 ≤ 80, NAME-2 ≤ 64 + hash).
  const { untruncated } = profileFacts(profile).naming;
  return untruncated(w.serverName, w.tool) === untruncated(l.serverName, l.tool) ? 'sanitised' : 'truncated';
}
