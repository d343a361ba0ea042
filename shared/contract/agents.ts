// agents.*: the agent's own word on its servers (AGENT-8), asked on the person's request.
import { z } from 'zod';
import { AgentAnswerSchema } from '../profiles/agent-answer';
import { ProfileSchema } from '../schemas/server';
import { method, ACTION, READ } from '../rpc';

export const agentsMethods = {
  /** Runs the agent's reading command in the selection's workspace and compares it with the panel's reading. */
  'agents.ask': method(z.object({ profile: ProfileSchema }), AgentAnswerSchema, ACTION, ['not-found', 'refused', 'unsupported', 'unavailable']),
  /** The agents' last words in this workspace, each with its time. */
  'agents.answers': method(z.object({}), z.object({ answers: z.array(AgentAnswerSchema) }), READ, ['unavailable']),
};
