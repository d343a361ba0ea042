// The one verdict (agent-view/verdict.ts) over each agent's rules: the same entry and the same
// facts give each agent the answer its seed says. The real servers behind these facts are in
// test/integration/agent-view/.
import { describe, expect, it } from 'vitest';
import { agentVerdict, type VerdictInput } from '../../../electron/services/agent-view/verdict';
import { AGENT_PROFILES, rulesFor } from '../../../electron/services/agent-view/registry';
import type { AgentRules } from '../../../electron/services/agent-view/rules';
import { EffectiveServerSchema, PROFILES, type Profile } from '../../../shared/schemas/server';
import { ConnectionSpecSchema } from '../../../shared/schemas/server';

type Entry = Record<string, unknown>;

function server(profile: Profile, entry: Entry, over: Partial<VerdictInput['server']> = {}): VerdictInput['server'] {
  const transport = typeof entry.command === 'string' ? 'stdio' : entry.type === 'sse' ? 'sse' : 'http';
  const spec = ConnectionSpecSchema.parse({ id: `configured:${profile}:s`, name: 's', profile, layer: over.layer ?? 'user', source: 'configured', transport, ...(transport === 'stdio' ? { command: entry.command } : { url: entry.url }), ...(entry.timeout ? { callTimeoutMs: entry.timeout } : {}), ...(entry.startupTimeoutMs ? { startupTimeoutMs: entry.startupTimeoutMs } : profile === 'kimi' ? { startupTimeoutMs: 30_000 } : {}) });
  return EffectiveServerSchema.parse({ name: 's', layer: 'user', path: '/f', pointer: '/mcpServers/s', transport, enabled: true, error: null, shadows: [], entry, spec, ...over });
}

const base = (profile: Profile, srv: VerdictInput['server'], over: Partial<VerdictInput> = {}): VerdictInput => ({
  rules: rulesFor(profile),
  server: srv,
  state: null,
  connectMs: null,
  auth: 'unknown',
  held: new Set(),
  env: {},
  workspace: '/ws',
  ...over,
});
const verdict = (profile: Profile, entry: Entry, over: Partial<VerdictInput> = {}, srv: Partial<VerdictInput['server']> = {}) => agentVerdict(base(profile, server(profile, entry, srv), over));
const codes = (v: ReturnType<typeof agentVerdict>) => v.issues.map((i) => i.code);
const connected = { kind: 'connected' as const, code: 'connected' as const };

describe('agent verdict', () => {
  it('every profile has rules, derived from its facts (a new profile adds no verdict code)', () => {
    expect([...AGENT_PROFILES].sort()).toEqual([...PROFILES].sort());
    for (const p of PROFILES) expect(rulesFor(p)).toMatchObject({ profile: p, agent: expect.any(String) });
    // Claude Desktop's file is stdio-only: a remote entry needs the bridge (AGENTS.md).
    expect(verdict('claude-desktop', { url: 'https://x.example/mcp' }).issues[0]).toMatchObject({ code: 'transport', params: { transport: 'http' }, fixes: [{ kind: 'bridge' }] });
    // The verdict reads nothing but the rules: a made-up agent works with no change to it.
    const stdioOnly: AgentRules = { ...rulesFor('minimax'), profile: 'minimax', agent: 'Desk', transports: ['stdio'], expandsIn: () => [], expandingLayer: null };
    const v = agentVerdict({ ...base('minimax', server('minimax', { url: 'https://x.example/mcp' })), rules: stdioOnly });
    expect(v).toMatchObject({ agent: 'Desk', status: 'unusable', issues: [{ code: 'transport', params: { transport: 'http' }, fixes: [{ kind: 'bridge' }] }] });
  });

  it('an OAuth server: MiniMax cannot log in (bridge offered), Kimi logs in through its tool, Minara cannot', () => {
    const entry = { url: 'https://notes.example/mcp' };
    const needsAuth = { state: { kind: 'needs-auth' as const, code: 'auth_required' as const }, auth: 'oauth' as const };
    expect(verdict('minimax', entry, needsAuth)).toMatchObject({ status: 'unusable', issues: [{ code: 'no_oauth', fixes: [{ kind: 'bridge' }] }] });
    expect(verdict('kimi', entry, needsAuth)).toMatchObject({ status: 'limited', issues: [{ code: 'login_tool', params: { tool: 'mcp__s__authenticate' } }] });
    // Minara starts no local process: no bridge to offer.
    expect(verdict('minara', entry, needsAuth)).toMatchObject({ status: 'unusable', issues: [{ code: 'no_oauth', fixes: [] }] });
    // Connected on the panel's own login: still a login MiniMax cannot make.
    expect(verdict('minimax', entry, { state: connected, connectMs: 40, auth: 'oauth' })).toMatchObject({ status: 'unusable', issues: [{ code: 'no_oauth' }] });
    // A public server (it answered without asking) is usable.
    expect(verdict('minimax', entry, { state: connected, connectMs: 40, auth: 'none' })).toMatchObject({ status: 'usable', issues: [] });
  });

  it('a 401 without OAuth metadata wants a token, for every agent, with the fix in its own field', () => {
    const entry = { url: 'https://t.example/mcp' };
    const st = { state: { kind: 'needs-auth' as const, code: 'auth_required' as const }, auth: 'token' as const };
    expect(verdict('kimi', entry, st).issues[0]).toMatchObject({ code: 'token_required', fixes: [{ kind: 'token_env', params: { field: 'bearerTokenEnvVar', variable: 'S_TOKEN' } }, { kind: 'keychain' }, { kind: 'bridge' }] });
    expect(verdict('minara', entry, st).issues[0]).toMatchObject({ code: 'token_required', fixes: [{ kind: 'token_env', params: { field: 'authTokenEnv' } }] });
    expect(verdict('minimax', entry, st).issues[0]).toMatchObject({ code: 'token_required', fixes: [{ kind: 'project_file', params: { layer: 'project' } }, { kind: 'keychain' }, { kind: 'bridge' }] });
  });

  it('${VAR}: MiniMax expands only in its project file, Kimi nowhere, Minara in headers', () => {
    const entry = { url: 'https://api.github.example/mcp', headers: { Authorization: 'Bearer ${GITHUB_TOKEN}' } };
    const env = { GITHUB_TOKEN: 'x' };
    expect(verdict('minimax', entry, { env })).toMatchObject({ status: 'unusable', issues: [{ code: 'var_literal', params: { vars: '${GITHUB_TOKEN}', fields: 'headers' }, fixes: [{ kind: 'project_file' }, { kind: 'bridge' }] }] });
    expect(codes(verdict('minimax', entry, { env }, { layer: 'project' }))).toEqual([]);
    expect(verdict('kimi', entry, { env }).issues[0]).toMatchObject({ code: 'var_literal', fixes: [{ kind: 'token_env', params: { field: 'bearerTokenEnvVar', variable: 'GITHUB_TOKEN' } }, { kind: 'bridge' }] });
    expect(codes(verdict('minara', entry, { env }))).toEqual([]);
    // Outside headers Minara sends it as written too.
    expect(codes(verdict('minara', { url: 'https://${NOTES_HOST}/mcp' }, { env: { NOTES_HOST: 'h' } }))).toEqual(['var_literal']);
  });

  it('a variable that expands: unset disables the server; "" is set; `:-` has its default; the keychain is not the agent\'s', () => {
    const entry = { url: 'https://x.example/mcp', headers: { 'X-Key': '${KEY}', 'X-Team': '${TEAM:-core}' } };
    expect(verdict('minara', entry, { env: {} }).issues[0]).toMatchObject({ code: 'var_unset', params: { vars: 'KEY' }, fixes: [{ kind: 'set_env' }] });
    expect(codes(verdict('minara', entry, { env: { KEY: '' } }))).toEqual([]);
    expect(verdict('minimax', entry, { env: {}, held: new Set(['KEY']) }, { layer: 'project' }).issues[0]).toMatchObject({ code: 'var_keychain', params: { vars: 'KEY' }, fixes: [{ kind: 'bridge' }] });
    // A token variable read by name needs a value.
    expect(verdict('kimi', { url: 'https://x.example/mcp', bearerTokenEnvVar: 'TOK' }, { env: { TOK: '' } }).issues[0]).toMatchObject({ code: 'var_unset', params: { vars: 'TOK' } });
  });

  it('transports: Minara speaks streamable HTTP only (a stdio entry has no fix: the bridge is stdio too)', () => {
    expect(verdict('minara', { command: 'npx' })).toMatchObject({ status: 'unusable', issues: [{ code: 'transport', params: { transport: 'stdio' }, fixes: [] }] });
    expect(codes(verdict('kimi', { command: 'npx' }))).toEqual([]);
  });

  it('CONN-3: slower than the agent\'s budget gives no tools this turn, decided by the numbers the panel holds', () => {
    const remote = { url: 'https://slow.example/mcp' };
    const at = (connectMs: number) => ({ state: connected, connectMs, auth: 'none' as const });
    expect(verdict('minimax', remote, at(3500))).toMatchObject({ status: 'unusable', issues: [{ code: 'slow', params: { seconds: 3.5, budgetSeconds: 2 }, fixes: [] }] });
    expect(verdict('minimax', remote, at(1999)).status).toBe('usable');
    // The server's own timeout caps the budget.
    expect(verdict('minimax', { ...remote, timeout: 500 }, at(800)).issues[0]).toMatchObject({ code: 'slow', params: { budget: 500 } });
    // 15 s for stdio (cold npx).
    expect(verdict('minimax', { command: 'npx' }, at(3500)).status).toBe('usable');
    // Kimi waits its startup timeout (30 s by default), and raising it is the fix.
    expect(verdict('kimi', remote, at(3500)).status).toBe('usable');
    // A miss is failed for Kimi's whole session (connection-manager.ts connectOne: nothing retries it).
    expect(verdict('kimi', { ...remote, startupTimeoutMs: 1000 }, at(3500)).issues[0]).toMatchObject({ code: 'slow_session', fixes: [{ kind: 'timeout', params: { field: 'startupTimeoutMs', ms: 3500 } }] });
    // Minara: CONN-3 applies (seed 001 names no budget of its own).
    expect(verdict('minara', remote, at(3500)).issues[0]).toMatchObject({ code: 'slow', params: { budget: 2000 } });
  });

  it('CONN-3 (seed 000 local-mcp.service.ts:750): one budget covers the connect and the first tools/list', () => {
    const remote = { url: 'https://slow.example/mcp' };
    const at = (connectMs: number, listMs: number) => ({ state: connected, connectMs, listMs, auth: 'none' as const });
    // Issue 34: a server that connects at once and answers tools/list in 3.5 s was called on time.
    expect(verdict('minimax', remote, at(40, 3500))).toMatchObject({ status: 'unusable', issues: [{ code: 'slow', params: { ms: 3540, seconds: 3.5, budgetSeconds: 2 } }] });
    // Each step within 2 s, both together over: late on the cold turn only.
    expect(verdict('minimax', remote, at(1200, 1200)).issues[0]).toMatchObject({ code: 'slow', params: { ms: 2400 } });
    expect(verdict('minimax', remote, at(900, 900)).status).toBe('usable');
    // A recorded list (no list time measured) is judged on the connect alone.
    expect(verdict('minimax', remote, { state: connected, connectMs: 900, auth: 'none' }).status).toBe('usable');
    // Kimi's startup timeout covers both steps too.
    expect(verdict('kimi', { ...remote, startupTimeoutMs: 3000 }, at(100, 3500)).issues[0]).toMatchObject({ code: 'slow_session' });
  });

  it('Kimi (2.1.0 shouldMarkNeedsAuth): its authenticate tool only for a remote entry with no static credentials', () => {
    const login = { state: { kind: 'needs-auth' as const, code: 'auth_required' as const }, auth: 'oauth' as const };
    expect(verdict('kimi', { url: 'https://a.example/mcp' }, login)).toMatchObject({ status: 'limited', issues: [{ code: 'login_tool', params: { tool: 'mcp__s__authenticate' } }] });
    expect(verdict('kimi', { url: 'https://a.example/mcp', headers: { 'X-Key': 'k' }, auth: 'oauth' }, login).status).toBe('limited');
    for (const entry of [{ url: 'https://a.example/mcp', headers: { 'X-Key': 'k' } }, { url: 'https://a.example/mcp', bearerTokenEnvVar: 'TOKEN' }]) {
      expect(verdict('kimi', entry, login, {}).issues.find((i) => i.code === 'fails')).toMatchObject({ why: 'auth_required' });
    }
  });

  it("the agent's own trust and its refusal of every server are the agent's (Kimi)", () => {
    expect(verdict('kimi', { command: 'npx' }, {}, { layer: 'project', agentTrusted: false })).toMatchObject({ status: 'unusable', issues: [{ code: 'agent_untrusted' }] });
    expect(codes(verdict('kimi', { command: 'npx' }, { state: connected, connectMs: 5, auth: 'none' }, { layer: 'project', agentTrusted: true }))).toEqual([]);
    const voided = { path: '/h/.kimi-code/mcp.json', pointer: '/mcpServers/bad', reason: 'bad: needs "command"' };
    expect(verdict('kimi', { command: 'npx' }, { state: connected, connectMs: 5, auth: 'none' }, { agentVoid: voided })).toMatchObject({ status: 'unusable', issues: [{ code: 'agent_void', params: { file: voided.path, pointer: voided.pointer } }] });
  });

  it('trust, sub-agents and what the panel saw', () => {
    expect(verdict('kimi', { command: 'npx' }, {}, { layer: 'project', trusted: false })).toMatchObject({ status: 'unknown', issues: [{ code: 'untrusted', fixes: [{ kind: 'trust' }] }, { code: 'agent_trust' }] });
    expect(codes(verdict('minimax', { command: 'npx' }, {}, { layer: 'project' }))).toEqual([]);
    expect(verdict('minara', { url: 'https://e.example/mcp', subagent: { maxSteps: 3 } }, { state: connected, connectMs: 5, auth: 'none' }, { subagent: true })).toMatchObject({ status: 'usable', issues: [{ code: 'subagent', params: { tool: 'mcp_s_query' } }] });
    expect(verdict('kimi', { command: 'nope' }, { state: { kind: 'failed', code: 'command_not_found', params: { command: 'nope' } } })).toMatchObject({ status: 'unusable', issues: [{ code: 'fails', why: 'command_not_found', params: { command: 'nope' } }] });
    expect(verdict('kimi', { command: 'npx' }, {}, { enabled: false })).toEqual({ profile: 'kimi', agent: 'Kimi Code', status: 'off', issues: [] });
  });
});
