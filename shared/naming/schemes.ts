// What every agent's naming scheme shares (NAME-1…4); each agent's own scheme is in its folder
// (shared/profiles/<id>/naming.ts or profile.ts). Collisions and the persistent minimax registry
// are handled by the callers (assign.ts, registry.ts).

/** Every name an agent sends a provider must match this (NAME-1/NAME-2). */
export const VALID_NAME = /^[a-zA-Z0-9_-]+$/;

const INVALID_CHARS = /[^a-zA-Z0-9_-]/g;

/** Characters outside `[a-zA-Z0-9_-]` become `_` (no collapsing): what the model APIs take. */
export function sanitizeApiPart(part: string): string {
  // Nearly every part is already clean: a test is cheaper than a replace (10,000 tools).
  return VALID_NAME.test(part) ? part : part.replace(INVALID_CHARS, '_');
}
