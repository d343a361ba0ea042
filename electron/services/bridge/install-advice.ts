// BRIDGE-4: where the agent cannot use an entry as written, the panel offers the bridge line:
// MiniMax + a remote server that needs OAuth (MiniMax has none); MiniMax's user file + `${VAR}`
// (it expands only in project files: agentReadsReference, CFG-3); any agent + a header whose
// variable the panel keeps in the keychain (config-secrets.ts: no agent reads the keychain).
import type { BridgeAdviceCode } from '../../../shared/contract/bridges';
import { agentReadsReference, ENV_REFERENCE, expansionFor, type SecretSlotKind } from '../../../shared/schemas/expansion';
import type { ConnectionSpec, LayerKind, Profile } from '../../../shared/schemas/server';
import { hasStaticCredentials } from '../auth/static-credentials';
import { profileFacts } from '../../../shared/profiles';

export interface AdviceInput {
  profile: Profile;
  layer: LayerKind;
  entry: Record<string, unknown>;
  spec: ConnectionSpec | null;
  /** Variables the keychain holds for this entry's owner (SEC-6), names only. */
  held: ReadonlySet<string>;
}

export interface Advice {
  code: BridgeAdviceCode;
  variables: string[];
}

function references(values: unknown): string[] {
  if (typeof values !== 'object' || values === null) return [];
  const out: string[] = [];
  for (const v of Object.values(values)) if (typeof v === 'string') for (const m of v.matchAll(ENV_REFERENCE)) out.push(m[1]!);
  return out;
}

export function bridgeAdvice({ profile, layer, entry, spec, held }: AdviceInput): Advice[] {
  const out: Advice[] = [];
  const facts = profileFacts(profile);
  // The bridge is a stdio line: an agent that starts no process (minara) is offered nothing.
  const canBridge = facts.transports.includes('stdio');
  const remote = typeof entry.url === 'string' || (spec !== null && spec.transport !== 'stdio');
  if (canBridge && !facts.oauth && remote && (!spec || !hasStaticCredentials(spec))) out.push({ code: 'minimax_oauth', variables: [] });
  // An agent that expands `${VAR}` in some layer but not this one (MiniMax: project files only).
  const expandsElsewhere = (['user', 'project'] as const).some((l) => facts.expansion(l) !== 'none');
  if (canBridge && expandsElsewhere) {
    const expansion = expansionFor(profile, layer);
    const slots: [SecretSlotKind, unknown][] = [['env', entry.env], ['header', entry.headers]];
    const unread = slots.flatMap(([slot, values]) => (agentReadsReference(expansion, slot) ? [] : references(values)));
    if (unread.length > 0) out.push({ code: 'minimax_user_var', variables: [...new Set(unread)] });
  }
  const fromKeychain = [...references(entry.headers), ...(spec?.bearerTokenEnv ? [spec.bearerTokenEnv] : [])].filter((v) => held.has(v));
  if (fromKeychain.length > 0) out.push({ code: 'keychain_header', variables: [...new Set(fromKeychain)] });
  return out;
}
