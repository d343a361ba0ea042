// agents.*: AGENT-8 over the api. The asking itself (agents/ask.ts) refuses an untrusted
// workspace and an agent whose command is not installed, with what to do.
import type { AppContract } from '../../../shared/contract';
import type { AgentAnswer } from '../../../shared/profiles/agent-answer';
import type { Profile } from '../../../shared/schemas/server';
import type { Handlers } from '../../../shared/rpc';
import { AppError } from '../../../shared/errors';
import type { ApiCore } from '../api/core';

export interface AgentsPort {
  ask(profile: Profile, workspace: string): Promise<AgentAnswer>;
  last(workspace: string): AgentAnswer[];
}

type AgentHandlers = Pick<Handlers<AppContract>, 'agents.ask' | 'agents.answers'>;

export function agentHandlers(core: ApiCore, port: AgentsPort | undefined): AgentHandlers {
  const need = (): AgentsPort => {
    if (!port) throw new AppError('unavailable', 'asking the agents is not wired on this host');
    return port;
  };
  const workspace = (): string => {
    const ws = core.selection().workspace;
    if (!ws) throw new AppError('refused', 'open a workspace first: an agent is asked in a workspace the panel trusts', { reason: 'no_workspace' });
    return ws;
  };
  return {
    'agents.ask': ({ profile }) => need().ask(profile, workspace()),
    'agents.answers': () => ({ answers: core.selection().workspace ? need().last(core.selection().workspace!) : [] }),
  };
}
