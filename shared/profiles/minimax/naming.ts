// NAME-1 (seed 000, tool-name.ts): `mcp__<server>__<tool>`, characters outside `[a-zA-Z0-9_-]`
// become `_`, server part ≤ 48, whole ≤ 80; later claimants get `_2`, `_3`… from the persistent
// registry (shared/naming/minimax-registry.ts).
import { sanitizeApiPart } from '../../naming/schemes';

export const MINIMAX_MAX_NAME = 80;
export const MINIMAX_MAX_SERVER = 48;

/** The name minimax would give before the registry resolves collisions (the tool part is cut). */
export function minimaxBaseName(serverName: string, toolName: string): string {
  return minimaxBaseNamer(serverName)(toolName);
}

/** minimaxBaseName for one server's many tools: the server part is worked out once. */
export function minimaxBaseNamer(serverName: string): (toolName: string) => string {
  const prefix = `mcp__${sanitizeApiPart(serverName).slice(0, MINIMAX_MAX_SERVER)}__`;
  return (toolName) => {
    const name = prefix + sanitizeApiPart(toolName);
    return name.length > MINIMAX_MAX_NAME ? name.slice(0, MINIMAX_MAX_NAME) : name;
  };
}

/** The n-th claimant's name (`_2`, `_3`…), cut so the whole stays ≤ 80. */
export function minimaxSuffixed(base: string, n: number): string {
  const suffix = `_${n}`;
  return base.slice(0, MINIMAX_MAX_NAME - suffix.length) + suffix;
}
