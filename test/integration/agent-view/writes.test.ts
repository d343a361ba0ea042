// No write leaves an agent with an entry it cannot use (issue 22 item 3): the import preview says,
// per entry and target agent, what that agent will misread (a `${GITHUB_TOKEN}` it sends as text)
// with the fix, and names the other agents that read the file it writes. Through the built CLI.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../config/helpers';
import { runCli } from '../../helpers/run-cli';

let sb: Sandbox;
const cli = (args: string[]) => runCli(args, { env: { ...process.env, ...sb.env, GITHUB_TOKEN: 'x' }, cwd: sb.ws });

beforeAll(async () => {
  sb = await sandbox();
  await sb.write(join(sb.ws, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  // Claude Code expands `${VAR}` in headers; the target agents may not.
  await sb.write(join(sb.home, '.claude.json'), { mcpServers: { github: { type: 'http', url: 'https://api.githubcopilot.example/mcp', headers: { Authorization: 'Bearer ${GITHUB_TOKEN}' } } } });
});
afterAll(() => sb.dispose());

type Plan = { path: string; sharedWith?: Array<{ agent: string }>; servers: Array<{ name: string; agent?: { status: string; issues: Array<{ code: string; params: Record<string, string>; fixes: Array<{ kind: string; params: Record<string, string> }> }> } }> };
const preview = async (profile: string, layer: string): Promise<Plan> => {
  const r = await cli(['import', '--from', 'claude-code', '--profile', profile, '--layer', layer, '--workspace', sb.ws, '--dry-run', '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

describe('import preview: what the target agent will misread', () => {
  it('MiniMax user file: ${GITHUB_TOKEN} would be sent as text; the fix is its project file or the bridge', async () => {
    const plan = await preview('minimax', 'user');
    expect(plan.servers[0]!.agent).toMatchObject({ status: 'unusable', issues: [{ code: 'var_literal', params: { vars: '${GITHUB_TOKEN}', fields: 'headers' }, fixes: [{ kind: 'project_file' }, { kind: 'bridge' }] }] });
    const human = await cli(['import', '--from', 'claude-code', '--profile', 'minimax', '--layer', 'user', '--workspace', sb.ws, '--dry-run']);
    expect(human.stdout).toContain('MiniMax Code: MiniMax Code does not expand ${VAR} in this entry’s headers: it sends ${GITHUB_TOKEN} as written');
    expect(human.stdout).toContain('fix: Move the entry to the project file, where the agent expands ${VAR}');
  });

  it('Kimi: the fix is its token variable field; Minara expands headers, so nothing to flag', async () => {
    const kimi = await preview('kimi', 'user');
    expect(kimi.servers[0]!.agent!.issues[0]).toMatchObject({ code: 'var_literal', fixes: [{ kind: 'token_env', params: { field: 'bearerTokenEnvVar', variable: 'GITHUB_TOKEN' } }, { kind: 'bridge' }] });
    const minara = await preview('minara', 'user');
    expect(minara.servers[0]!.agent!.issues).toEqual([]);
  });

  it("kimi's project layer is the git root's .mcp.json, MiniMax Code's (and Claude Code's, Copilot CLI's, Qwen Code's) project file too: the preview says so", async () => {
    await runCli(['trust', '--workspace', sb.ws], { env: { ...process.env, ...sb.env } });
    const plan = await preview('kimi', 'project');
    expect(plan.path).toBe(join(sb.ws, '.mcp.json'));
    expect(plan.sharedWith).toEqual([
      { profile: 'minimax', layer: 'project', agent: 'MiniMax Code' },
      { profile: 'claude-code', layer: 'project', agent: 'Claude Code' },
      // Copilot CLI and Qwen Code read the workspace .mcp.json too (issue 37).
      { profile: 'copilot', layer: 'project', agent: 'GitHub Copilot CLI' },
      { profile: 'qwen', layer: 'project', agent: 'Qwen Code' },
    ]);
    const human = await cli(['import', '--from', 'claude-code', '--profile', 'kimi', '--layer', 'project', '--workspace', sb.ws, '--dry-run']);
    expect(human.stdout).toContain(`${join(sb.ws, '.mcp.json')} is also read by MiniMax Code, Claude Code, GitHub Copilot CLI, Qwen Code: they start what is imported there too`);
  });
});

describe('bridge install through the CLI', () => {
  it('refuses a stdio server with the reason, and leaves the file as it was', async () => {
    const text = JSON.stringify({ mcpServers: { fs: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', sb.ws] } } }, null, 2);
    const file = await sb.write(join(sb.home, '.minimax', 'mcp.json'), text);
    const r = await cli(['bridge', 'install', 'fs', '--agent', 'minimax']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: stdio_target: fs is a local (stdio) server that the agent starts itself; the bridge forwards to remote (http/sse) servers only, so the entry stays as it is\n');
    expect(await (await import('node:fs/promises')).readFile(file, 'utf8')).toBe(text);
  });
});
