// AGENT-1: the agents beyond the seeds, read from files written as their docs show them
// (comments where the format has them, odd spacing, fields the panel does not know), with each
// agent's precedence, expansion and trust rule (SEC-5: an untrusted project layer starts nothing).
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { useSandbox } from './helpers';

const sb = useSandbox('each');

const effective = (servers: { name: string; layer: string; trusted: boolean }[]) => servers.filter((s) => s.trusted).map((s) => [s.name, s.layer]);

describe('Claude Code (user, project .mcp.json, local scope in ~/.claude.json)', () => {
  const claudeJson = (ws: string, extra: Record<string, unknown> = {}) => ({
    numStartups: 41, // Claude Code keeps much else in this file: untouched
    mcpServers: { docs: { type: 'stdio', command: 'npx', args: ['-y', '@acme/docs'], env: {} } },
    projects: { [ws]: { allowedTools: [], mcpServers: { docs: { type: 'http', url: 'https://local.example/mcp' } }, ...extra } },
  });

  it('local > project > user; .mcp.json servers wait for approval; ${VAR:-default} expands in .mcp.json', async () => {
    // enabledMcpjsonServers counts once the folder's trust dialog was accepted (Claude Code 2.1.332).
    await sb.write(join(sb.home, '.claude.json'), claudeJson(sb.ws, { enabledMcpjsonServers: ['api'], hasTrustDialogAccepted: true }));
    await sb.write(join(sb.ws, '.mcp.json'), {
      mcpServers: {
        api: { type: 'sse', url: '${API_BASE_URL:-https://api.example.com}/mcp', headers: { Authorization: 'Bearer ${API_KEY}' } },
        other: { command: 'other-server' },
      },
    });
    await sb.trust();
    const view = await sb.service({ API_KEY: 'k' }).load('claude-code', sb.ws);
    expect(view.layers.map((l) => [l.layer, l.state])).toEqual([
      ['user', 'ok'],
      ['project', 'ok'],
      ['project-local', 'ok'],
    ]);
    expect(effective(view.servers)).toEqual([
      ['docs', 'project-local'],
      ['api', 'project'],
    ]);
    const api = view.servers.find((s) => s.name === 'api')!;
    expect(api.spec).toMatchObject({ transport: 'sse', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${API_KEY}' } });
    const other = view.servers.find((s) => s.name === 'other')!;
    expect(other.trusted).toBe(false);
    expect(view.problems.some((p) => /waiting for approval/.test(p.message))).toBe(true);
  });

  it("an approval listed before Claude's trust dialog was accepted does not count: still pending (2.1.332)", async () => {
    await sb.write(join(sb.home, '.claude.json'), claudeJson(sb.ws, { enabledMcpjsonServers: ['api'] }));
    await sb.write(join(sb.ws, '.mcp.json'), { mcpServers: { api: { type: 'http', url: 'https://api.example.com/mcp' } } });
    await sb.trust();
    const view = await sb.service().load('claude-code', sb.ws);
    expect(view.servers.find((s) => s.name === 'api')?.trusted).toBe(false);
    expect(view.problems.some((p) => /waiting for approval/.test(p.message))).toBe(true);
  });

  it('an untrusted workspace starts no .mcp.json server even when Claude Code approved it (SEC-5)', async () => {
    await sb.write(join(sb.home, '.claude.json'), claudeJson(sb.ws, { enableAllProjectMcpServers: true }));
    await sb.write(join(sb.ws, '.mcp.json'), { mcpServers: { api: { type: 'http', url: 'https://api.example.com/mcp' } } });
    const view = await sb.service().load('claude-code', sb.ws);
    expect(view.layers.find((l) => l.layer === 'project')?.state).toBe('untrusted');
    expect(view.servers.find((s) => s.name === 'api')?.trusted).toBe(false);
  });
});

describe('Codex (TOML, [mcp_servers.<name>], trusted projects only)', () => {
  const user = (ws: string, trusted: boolean) => `# Codex settings, as docs/config.md shows them
model = "gpt-5"   # keep this comment

[mcp_servers.docs]
command = "npx"
args = ["-y", "@upstash/context7-mcp"]
startup_timeout_sec = 20
enabled_tools = ["search"]

[mcp_servers.docs.env]
LOG = "info"

[mcp_servers.remote]
url = "https://mcp.example.com/mcp"
bearer_token_env_var = "REMOTE_TOKEN"
env_http_headers = { "X-Team" = "TEAM_ID" }
${trusted ? `\n[projects."${ws}"]\ntrust_level = "trusted"\n` : ''}`;

  it('maps the fields onto the connection spec, and reads the project file only in a trusted project', async () => {
    await sb.write(join(sb.home, '.codex', 'config.toml'), user(sb.ws, false));
    await sb.write(join(sb.ws, '.codex', 'config.toml'), '[mcp_servers.proj]\ncommand = "proj-server"\n');
    await sb.trust();
    let view = await sb.service().load('codex', sb.ws);
    expect(view.layers.map((l) => [l.layer, l.state])).toEqual([
      ['user', 'ok'],
      ['project', 'untrusted'],
    ]);
    expect(view.problems.some((p) => /only in a trusted project/.test(p.message))).toBe(true);
    const docs = view.servers.find((s) => s.name === 'docs')!;
    expect(docs.spec).toMatchObject({ transport: 'stdio', command: 'npx', env: { LOG: 'info' }, startupTimeoutMs: 20_000, callTimeoutMs: 60_000, limits: { enabledTools: ['search'] } });
    const remote = view.servers.find((s) => s.name === 'remote')!;
    expect(remote.spec).toMatchObject({ transport: 'http', bearerTokenEnv: 'REMOTE_TOKEN', headers: { 'X-Team': '${TEAM_ID}' } });
    expect(remote.spec?.literalVars).toBeUndefined();

    await sb.write(join(sb.home, '.codex', 'config.toml'), user(sb.ws, true));
    view = await sb.service().load('codex', sb.ws);
    expect(effective(view.servers)).toEqual([
      ['docs', 'user'],
      ['remote', 'user'],
      ['proj', 'project'],
    ]);
  });

  it('an unknown field is an error, as Codex refuses it (deny_unknown_fields); a broken file names line and column', async () => {
    await sb.write(join(sb.home, '.codex', 'config.toml'), '[mcp_servers.x]\ncommand = "x"\nbogus = 1\n');
    let view = await sb.service().load('codex', null);
    expect(view.servers[0]?.error).toMatch(/bogus|unrecognized/i);
    await sb.write(join(sb.home, '.codex', 'config.toml'), '[mcp_servers.x]\ncommand = \n');
    view = await sb.service().load('codex', null);
    expect(view.layers[0]?.state).toBe('invalid');
    expect(view.problems[0]?.line).toBeGreaterThanOrEqual(2); // the parser places it where the value should have been
  });
});

describe('Gemini CLI (settings.json, folder trust, $VAR kept when unset)', () => {
  it('httpUrl is streamable HTTP; an unset variable is sent as written; the project needs folder trust', async () => {
    await sb.write(join(sb.home, '.gemini', 'settings.json'), {
      theme: 'Dracula',
      mcpServers: {
        github: { httpUrl: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer $GH_TOKEN' }, timeout: 5000 },
        git: { command: 'uvx', args: ['mcp-server-git'], excludeTools: ['git_reset'] },
      },
    });
    await sb.write(join(sb.ws, '.gemini', 'settings.json'), { mcpServers: { proj: { command: 'proj' } } });
    await sb.trust();
    let view = await sb.service().load('gemini', sb.ws);
    const gh = view.servers.find((s) => s.name === 'github')!;
    expect(gh.error).toBeNull();
    expect(gh.spec).toMatchObject({ transport: 'http', url: 'https://api.githubcopilot.com/mcp/', callTimeoutMs: 5000 });
    expect(view.problems.some((p) => /GH_TOKEN is not set, so Gemini CLI sends/.test(p.message))).toBe(true);
    expect(view.servers.find((s) => s.name === 'git')?.spec?.limits).toMatchObject({ disabledTools: ['git_reset'] });
    expect(view.layers.find((l) => l.layer === 'project')?.state).toBe('untrusted');

    await sb.write(join(sb.home, '.gemini', 'trustedFolders.json'), { [sb.ws]: 'TRUST_FOLDER' });
    view = await sb.service().load('gemini', sb.ws);
    expect(view.servers.find((s) => s.name === 'proj')?.trusted).toBe(true);
  });
});

describe('VS Code, Cursor, Windsurf, Claude Desktop (JSON dialects)', () => {
  it('VS Code: `servers` in JSONC with trailing commas, ${env:…} as a variable, ${input:…} as the prompt VS Code asks (issue 42)', async () => {
    const file = join(sb.home, '.config', 'Code', 'User', 'mcp.json');
    await sb.write(
      file,
      `{
  // Copilot's MCP servers
  "inputs": [{ "type": "promptString", "id": "api-key", "password": true },],
  "servers": {
    "fetch": { "type": "stdio", "command": "uvx", "args": ["mcp-server-fetch"], },
    "api": { "type": "http", "url": "https://api.example.com/mcp", "headers": { "X-Key": "\${input:api-key}", "X-User": "\${env:USER_ID}" } },
  },
}
`,
    );
    const view = await sb.service({ USER_ID: 'u1', API_KEY: 'k' }).load('vscode', null);
    expect(view.layers[0]).toMatchObject({ path: file, state: 'ok' });
    expect(view.servers.map((s) => [s.name, s.transport, s.error])).toEqual([
      ['fetch', 'stdio', null],
      ['api', 'http', null],
    ]);
    // The input is not read as an environment variable: VS Code asks for it, and the panel waits
    // for it until its value is kept in the keychain for this entry (as API_KEY).
    expect(view.servers[1]?.spec?.headers).toEqual({ 'X-Key': '${input:api-key}', 'X-User': '${USER_ID}' });
    expect(view.servers[1]?.inputs).toEqual({ ids: ['api-key'], agent: 'VS Code', profile: 'vscode', variables: ['API_KEY'] });
  });

  it('Cursor: the project entry wins; Windsurf: serverUrl; Claude Desktop: a remote entry cannot be expressed', async () => {
    await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { db: { command: 'db-user' } } });
    await sb.write(join(sb.ws, '.cursor', 'mcp.json'), { mcpServers: { db: { url: 'https://db.example/mcp', headers: { 'X-Env': '${env:DB_ENV}' } } } });
    await sb.trust();
    const cursor = await sb.service({ DB_ENV: 'prod' }).load('cursor', sb.ws);
    expect(effective(cursor.servers)).toEqual([['db', 'project']]);
    expect(cursor.servers[0]?.shadows).toEqual([{ layer: 'user', path: join(sb.home, '.cursor', 'mcp.json') }]);

    await sb.write(join(sb.home, '.codeium', 'windsurf', 'mcp_config.json'), { mcpServers: { remote: { serverUrl: 'https://w.example/mcp' } } });
    const windsurf = await sb.service().load('windsurf', null);
    expect(windsurf.servers[0]?.spec).toMatchObject({ transport: 'http', url: 'https://w.example/mcp' });

    await sb.write(join(sb.home, '.config', 'Claude', 'claude_desktop_config.json'), { mcpServers: { fs: { command: 'npx', args: ['-y', 'server-filesystem'] }, web: { url: 'https://x.example/mcp' } } });
    const desktop = await sb.service().load('claude-desktop', null);
    expect(desktop.servers.map((s) => [s.name, s.error === null])).toEqual([
      ['fs', true],
      ['web', false],
    ]);
  });
});
