// The agent's-eye verdict on one entry: can *this agent* use it as written? Computed by the one
// module electron/services/agent-view/ from the agent's rules; the host sends codes and params,
// the renderer, the tray and the CLI say them (shared/i18n/messages/agent.ts).
import { z } from 'zod';
import { ProfileSchema, ReasonCodeSchema } from './server';

/** What the row, `status` and the tray say at a glance. */
export const AgentStatusSchema = z.enum([
  'usable', // the agent can use the entry as written (and the panel saw it work)
  'limited', // usable, with something to do first (kimi: log in through its authenticate tool)
  'unusable', // the agent cannot use the entry as written: see the issues and their fixes
  'off', // disabled in the agent's own file
  'unknown', // nothing known against it, but the panel has not reached the server yet
]);
export type AgentStatus = z.infer<typeof AgentStatusSchema>;

/** One reason, worded from `agent.issue.<code>` with `params`. */
export const AgentIssueCodeSchema = z.enum([
  'no_oauth', // the server wants an OAuth login and the agent has no OAuth client
  'login_tool', // the agent logs in through a synthetic tool the model calls (kimi)
  'token_required', // 401 with no OAuth metadata: the server wants a token the entry does not carry
  'var_literal', // `${VAR}` where the agent does not expand it: sent as written
  'var_keychain', // a variable the panel keeps in the keychain, which no agent reads
  'var_unset', // a variable the agent expands is not set: the agent disables the server
  'transport', // the agent cannot speak this transport
  'slow', // answered later than the agent's discovery budget: no tools from it this turn
  'slow_session', // answered later than the agent's startup timeout: failed for the whole session (kimi)
  'fails', // the panel could not start or reach it (the agent will not either)
  'config_error', // the entry cannot be read as this agent's dialect
  'untrusted', // the panel has not started it (workspace not trusted), so nothing is proven
  'agent_trust', // the agent reads this layer only once it trusts the workspace itself
  'agent_untrusted', // the agent keeps its own trust and has not trusted this workspace: it does not read this file
  'agent_void', // one entry the agent refuses, in a file it reads, and it loads none of its servers (kimi)
  'subagent', // the agent wraps every tool of this server in one query tool
]);
export type AgentIssueCode = z.infer<typeof AgentIssueCodeSchema>;

/** A fix the row (and the CLI) offers in place; `agent.fix.<kind>` says it. */
export const AgentFixKindSchema = z.enum([
  'bridge', // use the entry through `mcp-panel bridge` (the panel's keychain and OAuth)
  'project_file', // move the entry to the layer where the agent expands `${VAR}`
  'token_env', // name the variable in the field the agent reads a token from
  'keychain', // keep the value in the keychain (then the bridge)
  'set_env', // set the variable in the environment the agent starts with
  'trust', // trust the workspace so the panel may start it
  'timeout', // raise the entry's own timeout (where the agent's budget follows it)
]);
export type AgentFixKind = z.infer<typeof AgentFixKindSchema>;

const Params = z.record(z.string(), z.union([z.string(), z.number()]));

export const AgentFixSchema = z.object({ kind: AgentFixKindSchema, params: Params.default({}) });
export type AgentFix = z.infer<typeof AgentFixSchema>;

export const AgentIssueSchema = z.object({
  code: AgentIssueCodeSchema,
  params: Params.default({}),
  /** The panel's own reason when code is `fails` (its sentence is `reason.<why>`). */
  why: ReasonCodeSchema.optional(),
  /** Best first; empty when there is nothing to do but wait or fix the server. */
  fixes: z.array(AgentFixSchema).default([]),
});
export type AgentIssue = z.infer<typeof AgentIssueSchema>;

export const AgentVerdictSchema = z.object({
  /** Which agent this is about (the selected profile), and its product name (never translated). */
  profile: ProfileSchema,
  agent: z.string(),
  status: AgentStatusSchema,
  issues: z.array(AgentIssueSchema),
});
export type AgentVerdict = z.infer<typeof AgentVerdictSchema>;

/** What the panel learned of what a remote server asks of a client (AUTH-1, AUTH-4). */
export const AuthDemandSchema = z.enum(['none', 'static', 'oauth', 'token', 'unknown']);
export type AuthDemand = z.infer<typeof AuthDemandSchema>;
