// Every agent's rules for the verdict, derived from its profile (shared/profiles/<id>/:
// transports, OAuth, expansion, trust, naming, deferral, discovery budget). A new profile gets
// its verdict from its facts; the verdict logic stays as it is.
import { profileFacts } from '../../../shared/profiles';
import type { ProfileFacts } from '../../../shared/profiles/types';
import { PROFILES, type Profile } from '../../../shared/schemas/server';
import { CONN3_BUDGETS, discoveryBudgetMs } from '../connections/options';
import type { AgentRules, EntryField } from './rules';

const ALL = 'all' as const;
const HEADERS: readonly EntryField[] = ['headers'];
const NONE: readonly EntryField[] = [];

function derive(facts: ProfileFacts): AgentRules {
  const expandsIn = (layer: Parameters<ProfileFacts['expansion']>[0]) => {
    const e = facts.expansion(layer);
    return e === 'entry' ? ALL : e === 'headers' ? HEADERS : NONE;
  };
  const { authTool, authToolFor, subagentTool } = facts.naming;
  return {
    profile: facts.id,
    agent: facts.label,
    oauth: authTool ? 'model-tool' : facts.oauth ? 'native' : 'none',
    ...(authTool ? { loginTool: authTool } : {}),
    ...(authToolFor ? { loginToolFor: authToolFor } : {}),
    ...(subagentTool ? { subagentTool } : {}),
    transports: facts.transports,
    expandsIn,
    // The layer where every `${VAR}` expands, when another layer of the agent does not (MiniMax: its project file).
    expandingLayer: facts.fileLayers.some((l) => facts.expansion(l) !== 'entry') ? (facts.fileLayers.find((l) => facts.expansion(l) === 'entry') ?? null) : null,
    // The entry field that names the token variable (kimi bearerTokenEnvVar, minara authTokenEnv, Codex bearer_token_env_var).
    tokenEnvField: facts.form.fields.find((f) => f.help === 'editor.authTokenEnvHelp')?.key ?? null,
    projectTrust: facts.trust !== 'panel',
    // CONN-3: 2 s remote / 15 s stdio capped by the entry's timeout; an agent's own startup
    // timeout (kimi, resolved into the spec) is what it waits instead (connections/options.ts).
    discoveryBudgetMs: (spec) => discoveryBudgetMs(spec, CONN3_BUDGETS),
    budgetField: facts.budgetField,
    budgetMiss: facts.budgetMiss ?? 'turn',
    // The bridge is a stdio line: an agent that starts no local process cannot run it.
    canRunBridge: facts.transports.includes('stdio'),
    disclosure: facts.deferral({ deferred: true }).mechanism ?? 'threshold',
    ...(facts.disclosureConfig ? { disclosureConfig: facts.disclosureConfig } : {}),
  };
}

const RULES = new Map<Profile, AgentRules>(PROFILES.map((p) => [p, derive(profileFacts(p))]));

export function rulesFor(profile: Profile): AgentRules {
  return RULES.get(profile)!;
}

/** Every profile, in registry order (the naming of "this turn" asks each one). */
export const AGENT_PROFILES: readonly Profile[] = PROFILES;
