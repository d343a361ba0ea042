// The agent's-eye verdict in `status --json` (and the human `status`), from real servers: a real
// OAuth authorization server, a server that answers 401 without OAuth metadata, a remote server
// that answers `initialize` 3.5 s late, stdio fixtures. Each agent's files written as a person would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { AGENT_BUDGETS, ECHO, SLOW_MS, startAgentServers, type AgentServers } from './servers';
import { sandbox, type Sandbox } from '../config/helpers';
import { runCli } from '../../helpers/run-cli';


let sb: Sandbox;
let servers: AgentServers;

type Row = { name: string; state: string; agent: { profile: string; status: string; issues: Array<{ code: string; params: Record<string, unknown>; fixes: Array<{ kind: string; params: Record<string, unknown> }> }> } };

async function status(profile: string, env: NodeJS.ProcessEnv = {}): Promise<Record<string, Row>> {
  const r = await runCli(['status', '--profile', profile, '--workspace', sb.ws, '--json'], { env: { ...process.env, ...sb.env, ...env }, cwd: sb.ws });
  expect(r.code, r.stderr).toBe(0);
  return Object.fromEntries((JSON.parse(r.stdout).servers as Row[]).map((s) => [s.name, s]));
}

beforeAll(async () => {
  sb = await sandbox();
  servers = await startAgentServers();
  const { oauth, token, slow } = servers;
  const common = {
    echo: { command: process.execPath, args: [ECHO, 'stdio'] },
    notes: { url: oauth.mcpUrl },
    vault: { url: token.url },
    slow: { url: slow.url },
    github: { url: token.url, headers: { Authorization: 'Bearer ${GITHUB_TOKEN}' } },
  };
  await sb.write(join(sb.home, '.minimax', 'mcp.json'), { mcpServers: common });
  await sb.write(join(sb.home, '.kimi-code', 'mcp.json'), { mcpServers: common });
  await sb.write(join(sb.home, '.minara', 'mcp', 'servers.json'), {
    mcpServers: {
      notes: { url: oauth.mcpUrl },
      slow: { url: slow.url },
      local: { command: process.execPath, args: [ECHO, 'stdio'] },
      explorer: { url: token.url, authTokenEnv: 'GITHUB_TOKEN', subagent: { systemPrompt: 'EVM only', maxSteps: 4 } },
    },
  });
}, 60_000);
afterAll(async () => {
  await servers?.stop();
  await sb.dispose();
});

describe('status: can this agent use the entry as written?', () => {
  it('MiniMax Code: the OAuth server, the user-file ${VAR} and the slow server are unusable, each with its fix', async () => {
    const rows = await status('minimax', { GITHUB_TOKEN: 'secret-token' });
    expect(rows.echo!.agent).toMatchObject({ status: 'usable', issues: [] });
    expect(rows.notes).toMatchObject({ state: 'needs-auth', agent: { status: 'unusable', issues: [{ code: 'no_oauth', fixes: [{ kind: 'bridge' }] }] } });
    expect(rows.github!.agent).toMatchObject({ status: 'unusable', issues: [{ code: 'var_literal', params: { vars: '${GITHUB_TOKEN}' }, fixes: [{ kind: 'project_file' }, { kind: 'bridge' }] }] });
    // 401 without OAuth metadata: a token, not a login.
    expect(rows.vault).toMatchObject({ state: 'needs-auth', agent: { status: 'unusable', issues: [{ code: 'token_required' }] } });
    // The panel connected (it waits), and says MiniMax gets nothing from it this turn.
    const slow = (await status('minimax', { GITHUB_TOKEN: 'secret-token', ...AGENT_BUDGETS })).slow!;
    expect(slow).toMatchObject({ state: 'connected', agent: { status: 'unusable', issues: [{ code: 'slow', params: { budget: 2000 } }] } });
    expect(slow.agent.issues[0]!.params.ms as number).toBeGreaterThanOrEqual(SLOW_MS);
  });

  it('Kimi Code: logs in through mcp__notes__authenticate, reads no ${VAR} (bearerTokenEnvVar is the fix), waits 30 s for the slow one', async () => {
    const rows = await status('kimi', { GITHUB_TOKEN: 'secret-token' });
    expect(rows.notes!.agent).toMatchObject({ status: 'limited', issues: [{ code: 'login_tool', params: { tool: 'mcp__notes__authenticate' } }] });
    expect(rows.github!.agent.issues[0]).toMatchObject({ code: 'var_literal', fixes: [{ kind: 'token_env', params: { field: 'bearerTokenEnvVar', variable: 'GITHUB_TOKEN' } }, { kind: 'bridge' }] });
    expect(rows.vault!.agent.issues[0]).toMatchObject({ code: 'token_required', fixes: [{ kind: 'token_env', params: { field: 'bearerTokenEnvVar', variable: 'VAULT_TOKEN' } }, { kind: 'keychain' }, { kind: 'bridge' }] });
    expect(rows.slow!.agent).toMatchObject({ status: 'usable', issues: [] });
  });

  it('Minara: a stdio entry is one it cannot run, OAuth is out of reach, the sub-agent is one tool, the slow one misses CONN-3', async () => {
    const rows = await status('minara', { GITHUB_TOKEN: 'secret-token' });
    expect(rows.local!.agent).toMatchObject({ status: 'unusable', issues: [{ code: 'transport', params: { transport: 'stdio' }, fixes: [] }] });
    expect(rows.notes!.agent).toMatchObject({ status: 'unusable', issues: [{ code: 'no_oauth', fixes: [] }] });
    expect(rows.explorer).toMatchObject({ state: 'connected', agent: { status: 'usable', issues: [{ code: 'subagent', params: { tool: 'mcp_explorer_query' } }] } });
    expect((await status('minara', { GITHUB_TOKEN: 'secret-token', ...AGENT_BUDGETS })).slow!.agent.issues[0]).toMatchObject({ code: 'slow', params: { budget: 2000 } });
  });

  it('human status says the verdict under each server, with the command that fixes it', async () => {
    const r = await runCli(['status', '--profile', 'minimax', '--workspace', sb.ws], { env: { ...process.env, ...sb.env, ...AGENT_BUDGETS }, cwd: sb.ws });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('MiniMax Code: unusable — MiniMax Code cannot log in by OAuth, and this server asks for a login');
    expect(r.stdout).toContain('fix: Use it through the bridge (the panel’s login and keychain): mcp-panel bridge install notes --agent minimax');
    expect(r.stdout).toMatch(/MiniMax Code gets no tools from it this turn: answered in \d+(\.\d)? s, budget 2 s/);
    expect(r.stdout).toContain('this server wants a token');
  });
});
