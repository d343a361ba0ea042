// Import from each source format into a profile layer, through the writer (CFG-1, CFG-8).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'jsonc-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importServers } from '../../../electron/services/config/import';
import { ConfigWriter } from '../../../electron/services/config/writer';
import { resolveLayerPaths } from '../../../electron/services/config/profiles';

let home: string;
let ws: string;
let env: NodeJS.ProcessEnv;
let writer: ConfigWriter;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'cw-import-'));
  ws = join(home, 'proj');
  await mkdir(ws);
  env = { HOME: home };
  writer = new ConfigWriter({ env });
});

afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

async function put(path: string, value: unknown): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  await writeFile(path, text);
  return text;
}

async function servers(path: string): Promise<Record<string, Record<string, unknown>>> {
  return parse(await readFile(path, 'utf8')).mcpServers;
}

describe('import', () => {
  it('Claude Code: ~/.claude.json user + per-project servers and the project .mcp.json (local wins)', async () => {
    const claudeJson = await put(join(home, '.claude.json'), {
      numStartups: 3,
      mcpServers: { user1: { type: 'stdio', command: 'npx', args: ['-y', 'u1'] }, shared: { type: 'http', url: 'https://user.example/mcp' } },
      projects: { [ws]: { mcpServers: { shared: { type: 'http', url: 'https://local.example/mcp' } } }, '/elsewhere': { mcpServers: { other: { command: 'x' } } } },
    });
    await put(join(ws, '.mcp.json'), { mcpServers: { proj: { type: 'sse', url: 'https://p.example/sse' }, shared: { url: 'https://project.example/mcp' } } });
    // Project and per-project servers go into the user layer only when named (import-preview.test.ts).
    const r = await importServers(writer, { from: 'claude-code', target: { profile: 'kimi', layer: 'user' }, only: ['user1', 'shared', 'proj'] }, { env, workspace: ws });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.imported.map((s) => s.name).sort()).toEqual(['proj', 'shared', 'user1']);
    const got = await servers(join(home, '.kimi-code', 'mcp.json'));
    expect(got).toEqual({
      user1: { command: 'npx', args: ['-y', 'u1'] },
      shared: { url: 'https://local.example/mcp' },
      proj: { transport: 'sse', url: 'https://p.example/sse' },
    });
    expect(await readFile(join(home, '.claude.json'), 'utf8')).toBe(claudeJson); // source untouched
  });

  it('Claude Desktop (Linux path): a literal secret is refused, naming it but never its value', async () => {
    const token = 'ghp_SECRETSECRETSECRETSECRET1234';
    await put(join(home, '.config', 'Claude', 'claude_desktop_config.json'), {
      mcpServers: { github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: token } }, fs: { command: 'npx', args: ['-y', 'fs'] } },
    });
    const r = await importServers(writer, { from: 'claude-desktop', target: { profile: 'minimax', layer: 'user' } }, { env });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.imported.map((s) => s.name)).toEqual(['fs']);
    expect(r.value.skipped).toMatchObject([{ name: 'github', code: 'inline_secret' }]);
    expect(r.value.skipped[0]!.reason).toContain('/mcpServers/github/env/GITHUB_PERSONAL_ACCESS_TOKEN');
    expect(JSON.stringify(r)).not.toContain(token);
    const [user] = await resolveLayerPaths('minimax', { env, home, workspace: null });
    const written = await readFile(user!.path, 'utf8');
    expect(written).not.toContain(token);
    expect(Object.keys(parse(written).mcpServers)).toEqual(['fs']);
  });

  it('Claude Desktop macOS path is read too', async () => {
    await put(join(home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json'), { mcpServers: { mac: { command: 'uvx', args: ['m'] } } });
    const r = await importServers(writer, { from: 'claude-desktop', target: { profile: 'kimi', layer: 'user' } }, { env });
    expect(r.ok && r.value.imported.map((s) => s.name)).toEqual(['mac']);
  });

  it('Cursor: ~/.cursor/mcp.json with ${env:X}; into minara only the HTTP server fits', async () => {
    await put(join(home, '.cursor', 'mcp.json'), {
      mcpServers: { remote: { url: 'https://r.example/mcp', headers: { Authorization: 'Bearer ${env:R_TOKEN}' } }, local: { command: 'node', args: ['s.js'] } },
    });
    const r = await importServers(writer, { from: 'cursor', target: { profile: 'minara', layer: 'user' } }, { env });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.skipped).toMatchObject([{ name: 'local', code: 'unsupported_transport' }]);
    expect(await servers(join(home, '.minara', 'mcp', 'servers.json'))).toEqual({ remote: { url: 'https://r.example/mcp', headers: { Authorization: 'Bearer ${R_TOKEN}' } } });
  });

  it('VS Code: servers + inputs; ${input:x} becomes ${X} with a note; JSONC with trailing commas is read', async () => {
    await put(
      join(ws, '.vscode', 'mcp.json'),
      `{
  // VS Code allows comments and trailing commas
  "inputs": [{ "type": "promptString", "id": "gh-token", "description": "GitHub PAT", "password": true }],
  "servers": {
    "github": { "type": "http", "url": "https://api.githubcopilot.com/mcp/", "headers": { "Authorization": "Bearer \${input:gh-token}" } },
    "pw": { "type": "stdio", "command": "npx", "args": ["@playwright/mcp@latest"], },
  },
}`,
    );
    const r = await importServers(writer, { from: 'vscode', target: { profile: 'kimi', layer: 'project-local', workspace: ws } }, { env, workspace: ws });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const gh = r.value.imported.find((s) => s.name === 'github');
    expect(gh?.notes.join(' ')).toMatch(/\$\{GH_TOKEN\}/);
    expect(await servers(join(ws, '.kimi-code', 'mcp.json'))).toEqual({
      github: { url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer ${GH_TOKEN}' } },
      pw: { command: 'npx', args: ['@playwright/mcp@latest'] },
    });
  });

  it('existing names are skipped unless replace; the target’s comments survive', async () => {
    const target = join(home, '.kimi-code', 'mcp.json');
    await put(target, '{\n  // keep me\n  "mcpServers": {\n    "fs": {"command": "old"}\n  }\n}\n');
    await put(join(home, '.cursor', 'mcp.json'), { mcpServers: { fs: { command: 'new' }, extra: { command: 'e' } } });
    const r1 = await importServers(writer, { from: 'cursor', target: { profile: 'kimi', layer: 'user' } }, { env });
    expect(r1.ok && r1.value.skipped).toMatchObject([{ name: 'fs', code: 'exists' }]);
    const r2 = await importServers(writer, { from: 'cursor', target: { profile: 'kimi', layer: 'user' }, replace: true }, { env });
    expect(r2.ok).toBe(true);
    const text = await readFile(target, 'utf8');
    expect(text).toContain('// keep me');
    expect(parse(text).mcpServers).toEqual({ fs: { command: 'new' }, extra: { command: 'e' } });
  });

  it('refuses to import into a read-only or unparseable target', async () => {
    await put(join(home, '.cursor', 'mcp.json'), { mcpServers: { a: { command: 'a' } } });
    expect(await importServers(writer, { from: 'cursor', target: { profile: 'minimax', layer: 'project', workspace: ws } }, { env, workspace: ws })).toMatchObject({ ok: false, error: { code: 'read_only' } });
    await put(join(home, '.kimi-code', 'mcp.json'), '{"mcpServers": {');
    expect(await importServers(writer, { from: 'cursor', target: { profile: 'kimi', layer: 'user' } }, { env })).toMatchObject({ ok: false, error: { code: 'parse_error' } });
    expect(await readFile(join(home, '.kimi-code', 'mcp.json'), 'utf8')).toBe('{"mcpServers": {');
  });
});
