// CTX-1: each named agent's standing against its limits, from the catalog's per-agent offered
// tools (one naming for every view: api/tool-catalog.ts), at the model's context window. An
// agent that leaves a tool its deny rules refuse out of what the model is offered (`denyHides`:
// Claude Code) is not counted for it, as its own rules decide it (the permission simulator,
// handlers/permissions.ts); every other agent keeps its denied tools counted (Qwen Code lists them).
import { DEFAULT_CONTEXT_WINDOW, type AgentStandingRow } from '../../../shared/contract';
import { limitStanding } from '../../../shared/context/limits';
import { profileFacts } from '../../../shared/profiles';
import type { Profile } from '../../../shared/schemas/server';
import type { Catalog } from '../api/tool-catalog';
import type { AgentRules } from '../handlers/permissions';

/** The names `p`'s own deny rules keep from its model (none for an agent that lists denied tools). */
async function hiddenByRules(c: Catalog, p: Profile, rules: Pick<AgentRules, 'denied'>): Promise<Set<string>> {
  if (!profileFacts(p).rules.denyHides) return new Set();
  return new Set((await rules.denied(c, p)).keys());
}

export async function catalogLimits(c: Catalog, rules: Pick<AgentRules, 'denied'>, env: Readonly<Record<string, string | undefined>>, contextWindow = DEFAULT_CONTEXT_WINDOW): Promise<AgentStandingRow[]> {
  return Promise.all(c.view.agents.map(async (p) => limitStanding(profileFacts(p), c.offeredTo(p, await hiddenByRules(c, p, rules)), { contextWindow, env })));
}
