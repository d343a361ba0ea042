// What the verdict needs beyond the view and the pool, kept by the host per selection: the
// variables the keychain holds per entry (after each load) and what each remote server asked of
// the panel (after each state change). Both are looked up asynchronously and read synchronously,
// so a row, the tray and a state event carry the verdict without waiting.
import type { AgentVerdict, AuthDemand } from '../../../shared/schemas/agent-view';
import type { ConnectionSpec, EffectiveServer, EffectiveView, Profile, ServerStateKind } from '../../../shared/schemas/server';
import type { HostVariables } from '../../../shared/profiles/loading';
import { rulesFor } from './registry';
import { agentVerdict, type SeenState } from './verdict';

export interface FactSources {
  /** auth/oauth-offered.ts authDemand over the host's broker; absent: `unknown`. */
  authDemand?: (spec: ConnectionSpec, state: ServerStateKind | null) => Promise<AuthDemand>;
  /** The keychain's variable names per entry owner (config-secrets.ts variableNames). */
  heldVariables?: (profile: Profile) => Promise<HostVariables>;
  /** The environment the agent is taken to start with. */
  env: Readonly<Record<string, string | undefined>>;
}

const none: ReadonlySet<string> = new Set();

export class AgentFacts {
  private held: HostVariables | null = null;
  private readonly auth = new Map<string, AuthDemand>();

  constructor(private readonly sources: FactSources) {}

  /** After a load: the keychain's names for this profile (a keychain that fails to list counts none). */
  async loaded(view: EffectiveView): Promise<void> {
    this.held = (await this.sources.heldVariables?.(view.profile).catch(() => null)) ?? null;
  }

  /** After a state change: what the server asks of a client. True when that changed. */
  async stateChanged(id: string, spec: ConnectionSpec | null, state: ServerStateKind | null): Promise<boolean> {
    if (!spec || !this.sources.authDemand || spec.transport === 'stdio') return false;
    const next = await this.sources.authDemand(spec, state).catch((): AuthDemand => 'unknown');
    const was = this.auth.get(id);
    this.auth.set(id, next);
    return was !== next;
  }

  authOf(id: string): AuthDemand {
    return this.auth.get(id) ?? 'unknown';
  }

  heldFor(s: Pick<EffectiveServer, 'spec'>): ReadonlySet<string> {
    const owner = s.spec?.secretOwner;
    return (owner && this.held?.byOwner.get(owner)) || none;
  }

  verdict(view: Pick<EffectiveView, 'profile' | 'workspace'>, server: EffectiveServer, id: string, state: SeenState | null, connectMs: number | null, listMs: number | null = null): AgentVerdict {
    return agentVerdict({ rules: rulesFor(view.profile), server, state, connectMs, listMs, auth: this.authOf(id), held: this.heldFor(server), env: this.sources.env, workspace: view.workspace });
  }
}
