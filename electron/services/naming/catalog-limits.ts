// CTX-1: each named agent's standing against its limits, from the catalog's per-agent offered
// tools (one naming for every view: api/tool-catalog.ts), at the model's context window.
import { DEFAULT_CONTEXT_WINDOW, type AgentStandingRow } from '../../../shared/contract';
import { limitStanding } from '../../../shared/context/limits';
import { profileFacts } from '../../../shared/profiles';
import type { Catalog } from '../api/tool-catalog';

export function catalogLimits(c: Pick<Catalog, 'offered'>, env: Readonly<Record<string, string | undefined>>, contextWindow = DEFAULT_CONTEXT_WINDOW): AgentStandingRow[] {
  return [...c.offered].map(([p, offered]) => limitStanding(profileFacts(p), offered, { contextWindow, env }));
}
