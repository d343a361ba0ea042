// The one verdict: can this agent use this entry as written? It reads the agent's rules
// (rules.ts) and what the panel saw of the server, and answers codes with params and the fixes
// the row offers in place. Nothing here tests an agent's name: a new profile brings its rules.
import type { AgentFix, AgentIssue, AgentStatus, AgentVerdict, AuthDemand } from '../../../shared/schemas/agent-view';
import { ENV_REFERENCE } from '../../../shared/schemas/env-reference';
import type { EffectiveServer, ServerState } from '../../../shared/schemas/server';
import type { AgentRules, EntryField } from './rules';

/** What the verdict reads of a connection state (the pool's ServerState, or `status`'s live record). */
export type SeenState = Pick<ServerState, 'kind' | 'code' | 'params'>;
import { missedTurn } from './turn';
import { budgetScale } from '../connections/options';

export interface VerdictInput {
  rules: AgentRules;
  server: Pick<EffectiveServer, 'name' | 'layer' | 'entry' | 'transport' | 'enabled' | 'trusted' | 'error' | 'spec' | 'subagent' | 'agentTrusted' | 'agentVoid'> & Partial<Pick<EffectiveServer, 'agentOwn'>>;
  /** The panel's own connection state; null when it does not run the server. */
  state: SeenState | null;
  /** How long the panel's last connect took (CONN-10), null when not connected. */
  connectMs: number | null;
  /** CONN-3: the first tools/list over that connection, when the pool measured it. */
  listMs?: number | null;
  /** What the server asked of the panel (auth/oauth-offered.ts); `unknown` before it was asked. */
  auth: AuthDemand;
  /** Variables the panel keeps in the keychain for this entry (names only). */
  held: ReadonlySet<string>;
  /** The environment the agent is taken to start with (the panel's own: the best it knows). */
  env: Readonly<Record<string, string | undefined>>;
  /** The selected workspace: a project file exists to move an entry to only with one. */
  workspace: string | null;
}

const FIELDS: readonly EntryField[] = ['command', 'args', 'env', 'cwd', 'url', 'headers'];
const PROJECT_LAYERS = new Set(['project', 'project-local']);
/** Issues that leave the agent without the server; the others are things to know or do first. */
const BLOCKING = new Set<AgentIssue['code']>(['no_oauth', 'token_required', 'var_literal', 'var_keychain', 'var_unset', 'transport', 'slow', 'slow_session', 'fails', 'config_error', 'agent_untrusted', 'agent_void']);

interface Ref {
  name: string;
  field: EntryField;
  /** `${NAME:-default}`: the default ('' counts), undefined without `:-`. */
  fallback: string | undefined;
  /** The header it sits in, for headers. */
  header?: string;
}

/** Every `${VAR}` written in the entry's connection fields, with where it is. */
function references(entry: Record<string, unknown>): Ref[] {
  const out: Ref[] = [];
  const scan = (field: EntryField, text: unknown, header?: string): void => {
    if (typeof text !== 'string') return;
    for (const m of text.matchAll(ENV_REFERENCE)) out.push({ name: m[1]!, field, fallback: m[2], ...(header ? { header } : {}) });
  };
  for (const field of FIELDS) {
    const v = entry[field];
    if (Array.isArray(v)) for (const x of v) scan(field, x);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) scan(field, x, field === 'headers' ? k : undefined);
    else scan(field, v);
  }
  return out;
}

const uniq = (xs: readonly string[]): string[] => [...new Set(xs)];
const list = (xs: readonly string[]): string => uniq(xs).join(', ');

export function agentVerdict(input: VerdictInput): AgentVerdict {
  const { rules, server, state } = input;
  const profile = rules.profile;
  if (!server.enabled) return { profile, agent: rules.agent, status: 'off', issues: [] };
  // Issue 42 item 4: the agent's own extension (Goose's builtins) is the agent's to run, not a broken server.
  if (server.agentOwn) return { profile, agent: rules.agent, status: 'usable', issues: [] };
  const issues: AgentIssue[] = [];
  const add = (code: AgentIssue['code'], params: AgentIssue['params'] = {}, fixes: AgentFix[] = [], why?: AgentIssue['why']): void => {
    issues.push({ code, params, fixes, ...(why ? { why } : {}) });
  };
  // What the entry asks for as written (a dialect that knows one transport reads every entry as
  // that one: a Minara entry with a `command` is still a local server the person meant).
  const transport = typeof server.entry.command === 'string' && server.entry.url === undefined ? 'stdio' : server.transport;
  const remote = transport !== null && transport !== 'stdio';
  const bridge: AgentFix[] = remote && rules.canRunBridge ? [{ kind: 'bridge', params: {} }] : [];
  const agent = rules.agent;

  const unspoken = transport !== null && !rules.transports.includes(transport);
  if (unspoken) add('transport', { agent, transport }, bridge);

  // CFG-3: `${VAR}` is the agent's to expand, or it sends the text as written.
  const expands = rules.expandsIn(server.layer);
  const refs = references(server.entry);
  const literal = refs.filter((r) => expands !== 'all' && !expands.includes(r.field));
  if (literal.length > 0) {
    const fixes: AgentFix[] = [];
    if (rules.expandingLayer && rules.expandingLayer !== server.layer && input.workspace) fixes.push({ kind: 'project_file', params: { layer: rules.expandingLayer } });
    const token = literal.find((r) => r.field === 'headers' && r.header?.toLowerCase() === 'authorization');
    if (token && rules.tokenEnvField) fixes.push({ kind: 'token_env', params: { field: rules.tokenEnvField, variable: token.name } });
    fixes.push(...bridge);
    add('var_literal', { agent, vars: list(literal.map((r) => `\${${r.name}}`)), fields: list(literal.map((r) => r.field)) }, fixes);
  }
  const expanded = refs.filter((r) => !literal.includes(r));
  // A token variable read by name (kimi bearerTokenEnvVar, minara authTokenEnv) is read at connect time too.
  const byName = rules.tokenEnvField && typeof server.entry[rules.tokenEnvField] === 'string' ? [server.entry[rules.tokenEnvField] as string] : [];
  const needed = [...expanded.filter((r) => r.fallback === undefined).map((r) => r.name), ...byName];
  const inKeychain = uniq(needed.filter((v) => input.held.has(v)));
  if (inKeychain.length > 0) add('var_keychain', { agent, vars: list(inKeychain) }, bridge);
  // `${VAR}` set to "" is set (only `:-` treats empty as unset); a token read by name needs a value.
  const unset = uniq(needed.filter((v) => !input.held.has(v) && (byName.includes(v) ? !input.env[v] : input.env[v] === undefined)));
  if (unset.length > 0) add('var_unset', { agent, vars: list(unset) }, [{ kind: 'set_env', params: { vars: list(unset) } }, ...(bridge.length ? [{ kind: 'keychain' as const, params: { vars: list(unset) } }] : [])]);
  // A transport the agent cannot speak already says why the entry does not load.
  if (server.error !== null && unset.length === 0 && !unspoken) add('config_error', { error: server.error });

  // The agent's own trust, where the panel can read it (Kimi's workspace-trust record…): known, it
  // decides; unknown, the row says the agent asks first.
  if (server.agentTrusted === false) add('agent_untrusted', { agent });
  else if (!server.trusted) add('untrusted', {}, [{ kind: 'trust', params: {} }]);
  if (rules.projectTrust && PROJECT_LAYERS.has(server.layer) && server.agentTrusted === undefined) add('agent_trust', { agent });
  // Kimi: one entry it refuses in a file it reads, and it loads none of its servers.
  if (server.agentVoid) add('agent_void', { agent, file: server.agentVoid.path, pointer: server.agentVoid.pointer, reason: server.agentVoid.reason });
  if (server.subagent && rules.subagentTool) add('subagent', { agent, tool: rules.subagentTool(server.name) });

  // AUTH-1: a login the agent cannot make. `unknown` on a server waiting for one is taken as OAuth.
  const auth: AuthDemand = input.auth === 'unknown' && state?.kind === 'needs-auth' ? 'oauth' : input.auth;
  if (remote && auth === 'oauth') {
    if (rules.oauth === 'none') add('no_oauth', { agent }, bridge);
    else if (rules.oauth === 'model-tool' && rules.loginTool) {
      // Kimi offers its authenticate tool only for an entry with no static credentials; it marks the others failed.
      if (rules.loginToolFor && !rules.loginToolFor(server.entry)) add('fails', { agent }, [], 'auth_required');
      else add('login_tool', { agent, tool: rules.loginTool(server.name) });
    }
  }
  if (remote && auth === 'token') {
    // A name for the variable the token goes in, from the server's (the user may pick another).
    const variable = `${server.name.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'MCP'}_TOKEN`;
    const fixes: AgentFix[] = [];
    if (rules.tokenEnvField) fixes.push({ kind: 'token_env', params: { field: rules.tokenEnvField, variable } });
    else if (rules.expandingLayer && input.workspace) fixes.push({ kind: 'project_file', params: { layer: rules.expandingLayer } });
    if (bridge.length) fixes.push({ kind: 'keychain', params: { vars: variable } }, ...bridge);
    add('token_required', { agent, variable }, fixes);
  }

  // A config error that is the transport refusal above says nothing new (Minara: no stdio).
  const sameAsTransport = state?.code === 'config_error' && issues.some((i) => i.code === 'transport');
  if (state?.kind === 'failed' && !sameAsTransport) add('fails', { ...state.params, agent }, [], state.code);
  const late = server.spec ? missedTurn(rules, server.spec, state, { connectMs: input.connectMs, listMs: input.listMs ?? null }, budgetScale(input.env)) : null;
  if (late) add(late.turns === 'session' ? 'slow_session' : 'slow', { agent, ms: late.ms, budget: late.budget, seconds: late.seconds, budgetSeconds: late.budgetSeconds }, rules.budgetField ? [{ kind: 'timeout', params: { field: rules.budgetField, ms: late.ms } }] : []);

  // What to do first comes first: what blocks, then a login to make, then what to know.
  const rank = (i: AgentIssue): number => (BLOCKING.has(i.code) ? 0 : i.code === 'login_tool' ? 1 : 2);
  issues.sort((a, b) => rank(a) - rank(b));
  return { profile, agent: rules.agent, status: statusOf(issues, state), issues };
}

function statusOf(issues: readonly AgentIssue[], state: SeenState | null): AgentStatus {
  if (issues.some((i) => BLOCKING.has(i.code))) return 'unusable';
  if (issues.some((i) => i.code === 'login_tool')) return 'limited';
  return state?.kind === 'connected' ? 'usable' : 'unknown';
}
