// REG-1/REG-2 end to end, as a person does it with the built CLI and a registry on 127.0.0.1:
// search "memory", install the reference memory server (npm, version pinned) into Claude Code,
// Codex and VS Code, the panel connects to it through each agent's entry (npx fetches the package from
// npm), undo puts every file back byte for byte. Then a remote that needs a URL variable and a
// secret header (the auth fixture answers 401 without it): the secret comes on stdin, goes to the
// real keychain bound to each written entry (scripts/with-keyring.sh), is in no file, lets the
// panel connect, and leaves with the undo.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../config/helpers';
import { startFixture, type Running } from '../connections/helpers';
import { runCli } from '../../helpers/run-cli';
import { filesHolding, homeHashes } from '../../helpers/home-hashes';
import { startTestRegistry, TEAM_NOTES, type TestRegistry } from '../../fixtures/registry/server';

const VSCODE_FILE = () => join(sb.home, '.config', 'Code', 'User', 'mcp.json');
const TOKEN = `regtok-${process.pid}-${'x'.repeat(16)}`;
let sb: Sandbox;
let reg: TestRegistry;
let auth: Running;
let env: NodeJS.ProcessEnv;
const cli = (args: string[], stdin?: string) => runCli(args, { env, cwd: sb.ws, timeoutMs: 180_000, ...(stdin !== undefined ? { stdin } : {}) });
const json = async <T,>(args: string[], stdin?: string): Promise<T> => {
  const r = await cli([...args, '--json'], stdin);
  expect(r.code, `${args.join(' ')}: ${r.stderr} ${r.stdout.slice(0, 3000)}`).toBe(0);
  return JSON.parse(r.stdout) as T;
};

beforeAll(async () => {
  sb = await sandbox();
  auth = await startFixture('auth', 'http', ['--token', TOKEN]);
  reg = await startTestRegistry({
    synthetic: 200,
    extra: [TEAM_NOTES],
  });
  env = { ...process.env, ...sb.env, MCP_PANEL_REGISTRY: reg.url, npm_config_cache: join(sb.root, 'npm-cache'), npm_config_update_notifier: 'false' };
  await sb.write(join(sb.home, '.claude.json'), `{\n  "numStartups": 3,\n  "mcpServers": {}\n}\n`);
  await sb.write(join(sb.home, '.codex', 'config.toml'), `# Codex\nmodel = "gpt-5"   # keep\n`);
  await sb.write(VSCODE_FILE(), `{\n  // mine\n  "servers": {}\n}\n`);
}, 120_000);
afterAll(async () => {
  await auth?.stop();
  await reg?.stop();
  await sb?.dispose();
});

type Search = { results: { name: string; version: string; status: string }[] };
type Installed = { id: string; written: { profile: string; path: string }[]; secretsKept: { profile: string; variables: string[] }[]; preview: { targets: { profile: string; entry: Record<string, unknown> }[] } };
type Tools = { servers: { state: string }[]; tools: { name: string }[] };

describe('install --from-registry', () => {
  it('search → install the memory server into Claude Code, Codex and VS Code → the panel connects through each → undo byte for byte', async () => {
    const found = await json<Search>(['registry', 'search', 'memory']);
    expect(found.results[0]).toEqual({ source: expect.any(String), name: 'io.github.modelcontextprotocol/memory', title: 'Memory', description: expect.any(String), version: '2026.8.31', status: 'active', statusMessage: null, invisible: [] });
    expect(found.results.map((r) => r.name)).not.toContain('io.github.example/withdrawn-memory');
    const before = await homeHashes(sb.home);

    const done = await json<Installed>(['install', '--from-registry', found.results[0]!.name, '--agent', 'claude-code', '--agent', 'codex', '--agent', 'vscode']);
    expect(done.written.map((w) => w.profile).sort()).toEqual(['claude-code', 'codex', 'vscode']);
    expect(done.secretsKept).toEqual([]);
    const codexToml = await readFile(join(sb.home, '.codex', 'config.toml'), 'utf8');
    expect(codexToml).toContain('model = "gpt-5"   # keep\n');
    expect(codexToml).toContain('args = ["-y", "@modelcontextprotocol/server-memory@2026.8.31"]');
    expect(JSON.parse(await readFile(join(sb.home, '.claude.json'), 'utf8')).mcpServers.memory).toEqual({ type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory@2026.8.31'] });

    expect(await readFile(VSCODE_FILE(), 'utf8')).toContain('// mine');
    expect(await readFile(VSCODE_FILE(), 'utf8')).toMatch(/"memory": \{\s*"type": "stdio",\s*"command": "npx",\s*"args": \[\s*"-y",\s*"@modelcontextprotocol\/server-memory@2026\.8\.31"\s*\]/);

    for (const p of ['claude-code', 'codex', 'vscode']) {
      const t = await json<Tools>(['tools', '--profile', p, '--server', 'memory']);
      expect([p, t.servers[0]!.state]).toEqual([p, 'connected']);
      expect(t.tools.map((x) => x.name)).toContain('create_entities');
    }

    const undo = await json<{ restored: { how: string }[] }>(['install', '--undo', done.id]);
    expect(undo.restored.map((r) => r.how)).toEqual(['exact', 'exact', 'exact']);
    expect(await homeHashes(sb.home)).toEqual(before);
  }, 300_000);

  it('a remote with a URL variable and a secret header: the secret on stdin, in the keychain for each entry, in no file; the panel connects; undo takes both away', async () => {
    // This person trusted the folder and approved the project's team-notes in Claude Code (its own
    // per-project approval counts only once the trust dialog was accepted: shared/profiles/claude-code/files.ts).
    await sb.write(join(sb.home, '.claude.json'), { numStartups: 3, mcpServers: {}, projects: { [sb.ws]: { hasTrustDialogAccepted: true, enabledMcpjsonServers: ['team-notes'] } } });
    const before = await homeHashes(sb.home);
    const name = 'io.github.example/team-notes';
    // What is missing is said, with how to give it; nothing is written.
    const missing = await cli(['install', '--from-registry', name, '--agents', 'claude-code,codex', '--json'], '');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/port is required.*--set port=/);
    expect(missing.stderr).toMatch(/api_token is required.*stdin/);
    const onLine = await cli(['install', '--from-registry', name, '--set', `api_token=${TOKEN}`, '--set', `port=${auth.port}`, '--agents', 'codex']);
    expect(onLine.stderr).toMatch(/api_token is a secret: give it on stdin/);
    expect(await homeHashes(sb.home)).toEqual(before);

    // Claude Code expands `${VAR}` only in a project's .mcp.json (its docs): the project layer of a
    // workspace the panel trusts; Codex takes the token's variable by name in its user file; VS Code
    // asks for it itself (an `inputs` element with password: true) and keeps it in its own storage.
    expect((await cli(['trust', '--workspace', sb.ws])).code).toBe(0);
    const claude = await json<Installed>(['install', '--from-registry', name, '--set', `port=${auth.port}`, '--agents', 'claude-code', '--layer', 'project'], TOKEN);
    const codex = await json<Installed>(['install', '--from-registry', name, '--set', `port=${auth.port}`, '--agents', 'codex,vscode'], TOKEN);
    expect([...claude.secretsKept, ...codex.secretsKept]).toEqual([{ profile: 'claude-code', variables: ['API_TOKEN'] }, { profile: 'codex', variables: ['API_TOKEN'] }, { profile: 'vscode', variables: ['API_TOKEN'] }]);
    expect(claude.preview.targets[0]!.entry).toEqual({ type: 'http', url: auth.url, headers: { Authorization: 'Bearer ${API_TOKEN}' } });
    expect(codex.preview.targets[0]!.entry).toEqual({ url: auth.url, bearer_token_env_var: 'API_TOKEN' });
    expect(codex.preview.targets[1]!.entry).toEqual({ type: 'http', url: auth.url, headers: { Authorization: 'Bearer ${input:api-token}' } });
    const vscodeFile = await readFile(VSCODE_FILE(), 'utf8');
    expect(vscodeFile).toContain('// mine');
    expect(JSON.parse(vscodeFile.replace('// mine', '')).inputs).toEqual([{ type: 'promptString', id: 'api-token', description: 'API_TOKEN for team-notes (a secret: VS Code keeps it)', password: true }]);
    expect(await filesHolding(sb.root, TOKEN)).toEqual([]);
    const kept = await json<{ secrets: { profile: string; server: string; variable: string; bound: boolean }[] }>(['secrets', 'list']);
    expect(kept.secrets.filter((s) => s.server === 'team-notes').map((s) => [s.profile, s.variable, s.bound]).sort()).toEqual([['claude-code', 'API_TOKEN', true], ['codex', 'API_TOKEN', true], ['vscode', 'API_TOKEN', true]]);

    // The auth fixture answers 401 without the token: connected means the keychain's value reached it.
    for (const p of ['claude-code', 'codex', 'vscode']) {
      const t = await json<Tools>(['tools', '--profile', p, '--server', 'team-notes']);
      expect([p, t.servers[0]!.state, t.tools.map((x) => x.name)]).toEqual([p, 'connected', ['whoami']]);
    }

    await json(['install', '--undo', codex.id]);
    await json(['install', '--undo', claude.id]);
    expect(await homeHashes(sb.home)).toEqual(before);
    const left = await json<{ secrets: { server: string }[] }>(['secrets', 'list']);
    expect(left.secrets.filter((s) => s.server === 'team-notes')).toEqual([]);
  }, 300_000);

  // A bundle without its digest is refused in mcpb.test.ts, with the other MCPB refusals (REG-3).
  it('refuses a deleted entry and a version the registry does not have', async () => {
    const deleted = await cli(['install', '--from-registry', 'io.github.example/withdrawn-memory@0.1.0', '--agents', 'codex']);
    expect([deleted.code, deleted.stderr]).toEqual([1, expect.stringMatching(/withdrawn-memory@0.1.0 was deleted .*Withdrawn by its publisher.*does not install it/)]);
    const none = await cli(['install', '--from-registry', 'io.github.modelcontextprotocol/memory@9.9.9', '--agents', 'codex']);
    expect(none.stderr).toMatch(/no server io.github.modelcontextprotocol\/memory@9.9.9/);
  }, 120_000);
});
