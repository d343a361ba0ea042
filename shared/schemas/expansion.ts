// CFG-3, where each agent expands `${VAR}`: each profile says (shared/profiles/: MiniMax every
// string of a project-file entry, "只在项目文件里展开", seed 000; Minara the `headers` it
// documents with `Bearer ${SLACK_MCP_TOKEN}`, seed 001; Kimi nowhere, seed 002 documents none:
// tokens come through bearerTokenEnvVar). Where an agent does not expand, it sends `${X}` as
// written, and so does the panel. Shared because the page decides from it whether "Move to
// keychain" is an offer the agent can use.
import { profileFacts } from '../profiles';
import type { Dialect } from './dialects';
import type { LayerKind } from './server';


export type Expansion = 'entry' | 'headers' | 'none';

export function expansionFor(dialect: Dialect, layer: LayerKind): Expansion {
  return profileFacts(dialect).expansion(layer);
}

/** Where a secret can sit in an entry: an env value, a header value, or minara's `authToken`. */
export type SecretSlotKind = 'env' | 'header' | 'authToken';

/**
 * CFG-8: will the agent read what "Move to keychain" writes in place of the value? `${VAR}` only
 * where the agent expands it; `authToken` becomes `authTokenEnv`, a variable name the agent reads.
 */
export function agentReadsReference(expansion: Expansion, slot: SecretSlotKind): boolean {
  if (slot === 'authToken') return true;
  return expansion === 'entry' || (expansion === 'headers' && slot === 'header');
}
