// What an agent does with an MCP entry, as data: registry.ts derives one AgentRules object per
// profile from its facts (shared/profiles/), overrides.ts adds what only this view needs, and
// the one verdict (verdict.ts) reads nothing else.
import type { ConnectionSpec, LayerKind, Profile, Transport } from '../../../shared/schemas/server';
import type { DeferralMode } from '../../../shared/disclosure/plan';

/** The fields of an entry a `${VAR}` can sit in (the canonical entry's names). */
export type EntryField = 'command' | 'args' | 'env' | 'cwd' | 'url' | 'headers';

export interface AgentRules {
  profile: Profile;
  /** The agent's product name, for sentences ("MiniMax Code"). */
  agent: string;
  /**
   * How the agent gets an OAuth token for a server that asks for one: `none` (it has no OAuth
   * client: only static credentials work), `native` (its own login flow), `model-tool` (a
   * synthetic tool the model calls and that asks the person to log in).
   */
  oauth: 'none' | 'native' | 'model-tool';
  /** `model-tool`: the synthetic tool the model sees in place of a server that waits for a login. */
  loginTool?: (serverName: string) => string;
  /** `model-tool`: the entries the agent offers that tool for; it marks the others failed (Kimi: static headers, a token variable). */
  loginToolFor?: (entry: Record<string, unknown>) => boolean;
  /** The one tool the agent shows for a server it wraps in a sub-agent (minara `subagent`). */
  subagentTool?: (serverName: string) => string;
  /** The transports the agent can connect with. */
  transports: readonly Transport[];
  /** Where `${VAR}` / `${VAR:-default}` expand in an entry of this layer: every string, or these fields. */
  expandsIn(layer: LayerKind): 'all' | readonly EntryField[];
  /** The layer where the agent does expand every `${VAR}` (the fix for a user-file reference); null: none. */
  expandingLayer: LayerKind | null;
  /** The entry field that names an environment variable holding a bearer token; null: none. */
  tokenEnvField: string | null;
  /** Project layers are read only once the agent itself trusts the workspace. */
  projectTrust: boolean;
  /**
   * CONN-3: how long one turn waits for the server's answer (connect and tool list) before it
   * goes on without the server's tools; null when the agent sets no such limit.
   */
  discoveryBudgetMs(spec: ConnectionSpec): number | null;
  /** The entry field whose value sets that budget (raising it gives a slow server its turn); null: none does. */
  budgetField: string | null;
  /** What a miss costs: the turn (MiniMax: the next turn tries again), or the session (Kimi: failed until restarted). */
  budgetMiss: 'turn' | 'session';
  /** The agent can start a local stdio command, so the bridge line is a fix it can use. */
  canRunBridge: boolean;
  /** DISC-1/DISC-3: how the agent keeps tools out of its tool table. */
  disclosure: DeferralMode;
  /** Where the agent reads its disclosure options (DISC-1), if it has a file for them. */
  disclosureConfig?: readonly string[];
}
