// Issue 42 items 2–4 (AGENT-2, AGENT-4, CFG-7): the agent's parse is the panel's. Real files from
// the corpus (test/corpus/<dialect>/SOURCES.md names each one's repository and commit) put where
// the agent reads them and loaded by the panel's own service: what the agent skips or refuses is
// said in its words with the fix, servers under a key it does not read are named, VS Code inputs
// are prompts, and Goose's own extensions are Goose's. Each rule was checked on the agent's CLI
// (Claude Code 2.1.332 `claude mcp list`, OpenCode 1.18.33 `opencode mcp list`) or its source.
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configState } from '../../../electron/services/config/status';
import type { EffectiveView } from '../../../shared/schemas/server';
import { useSandbox } from './helpers';

const sb = useSandbox('each');
const CORPUS = join(__dirname, '..', '..', 'corpus');

async function place(corpusFile: string, to: string): Promise<string> {
  await mkdir(dirname(to), { recursive: true });
  await copyFile(join(CORPUS, corpusFile), to);
  return to;
}

const byName = (view: EffectiveView, name: string) => {
  const s = view.servers.find((x) => x.name === name);
  if (!s) throw new Error(`no server ${name} in ${view.servers.map((x) => x.name).join(', ')}`);
  return s;
};
const messages = (view: EffectiveView, severity: 'error' | 'warning') => view.problems.filter((p) => p.severity === severity).map((p) => p.message);

describe('Claude Code: what it skips in .mcp.json is said in its words, with the fix', () => {
  it('an entry with a url and no type (0swell/skills-and-mcp) is skipped by Claude Code, and not usable', async () => {
    await place('claude-code/0swell__skills-and-mcp.json', join(sb.ws, '.mcp.json'));
    await sb.trust();
    const view = await sb.service().load('claude-code', sb.ws);
    const github = byName(view, 'github');
    expect(github.error).toBe('Claude Code skips this entry: MCP server "github" has a "url" but no "type"; add "type": "http" (or "sse" / "ws") to this entry');
    expect(github.agentRefusal).toEqual({ reason: expect.stringContaining('no "type"'), set: { field: 'type', value: 'http' } });
    expect(configState(github)).toMatchObject({ state: 'failed', code: 'config_error' });
    expect(messages(view, 'error')).toContain(`github: ${github.error}`);
  });

  it('the same entry with "type": "http" is taken', async () => {
    await sb.write(join(sb.ws, '.mcp.json'), { mcpServers: { github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/' }, legacy: { type: 'streamable-http', url: 'https://x.example/mcp' } } });
    const view = await sb.service().load('claude-code', sb.ws);
    expect(byName(view, 'github')).toMatchObject({ error: null, transport: 'http' });
    expect(byName(view, 'legacy')).toMatchObject({ error: null, transport: 'http' });
  });

  it('a type Claude Code does not know is skipped, naming the type', async () => {
    await sb.write(join(sb.ws, '.mcp.json'), { mcpServers: { web: { type: 'streamableHttp', url: 'https://x.example/mcp' } } });
    const view = await sb.service().load('claude-code', sb.ws);
    expect(byName(view, 'web').error).toMatch(/^Claude Code skips this entry: unknown MCP server type "streamableHttp" for server "web"; write "type": "http"/);
  });

  it('a .mcp.json with its servers at the top level is refused by Claude Code: move them under mcpServers', async () => {
    await sb.write(join(sb.ws, '.mcp.json'), { fetch: { command: 'uvx', args: ['mcp-server-fetch'] } });
    const view = await sb.service().load('claude-code', sb.ws);
    expect(view.servers.filter((s) => s.layer === 'project')).toEqual([]);
    expect(messages(view, 'error')).toContain('Claude Code cannot read this file: it has no "mcpServers" object, so it reads none of "fetch" at the top level: move them under "mcpServers"');
  });

  it('a user file (~/.claude.json) with no mcpServers is not refused: the rule is .mcp.json\'s', async () => {
    await sb.write(join(sb.home, '.claude.json'), { numStartups: 3 });
    const view = await sb.service().load('claude-code', sb.ws);
    expect(view.problems.filter((p) => p.message.includes('mcpServers'))).toEqual([]);
  });
});

describe('servers under a key the agent does not read are named, with the key it reads', () => {
  it('VS Code: mcpServers in .vscode/mcp.json', async () => {
    await sb.write(join(sb.ws, '.vscode', 'mcp.json'), { mcpServers: { fetch: { command: 'uvx', args: ['mcp-server-fetch'] } } });
    const view = await sb.service().load('vscode', sb.ws);
    expect(view.servers.filter((s) => s.layer === 'project')).toEqual([]);
    expect(messages(view, 'warning')).toContain('"mcpServers" holds "fetch", but VS Code reads servers only under "servers": move them there');
  });

  it('Cursor: servers in .cursor/mcp.json', async () => {
    await sb.write(join(sb.ws, '.cursor', 'mcp.json'), { servers: { fetch: { url: 'https://x.example/mcp' } } });
    const view = await sb.service().load('cursor', sb.ws);
    expect(messages(view, 'warning')).toContain('"servers" holds "fetch", but Cursor reads servers only under "mcpServers": move them there');
  });

  it('Goose: mcpServers: in a real config.yaml (adryanev/.dotfiles)', async () => {
    await place('goose/adryanev__.dotfiles.yaml', join(sb.home, '.config', 'goose', 'config.yaml'));
    const view = await sb.service().load('goose', null);
    expect(view.servers).toEqual([]);
    expect(messages(view, 'warning')).toContain('"mcpServers" holds "claude-mem", but Goose reads servers only under "extensions": move them there');
  });
});

describe('OpenCode refuses its whole config over a {file:} that is not there', () => {
  it('0xC0D3D00D/opencode.config without its prompt files: every server is void for OpenCode, with the file to create', async () => {
    const file = await place('opencode/0xC0D3D00D__opencode.config.json', join(sb.ws, 'opencode.json'));
    await sb.trust();
    const view = await sb.service().load('opencode', sb.ws);
    const missing = join(sb.ws, 'prompt', 'codex.txt');
    const refusal = view.problems.find((p) => p.path === file && p.severity === 'error');
    expect(refusal?.message).toBe(`OpenCode refuses this whole file, and so starts none of its servers: {file:./prompt/codex.txt} names ${missing}, which does not exist: create it, or remove the reference`);
    expect(refusal?.line).toBe(35);
    expect(view.servers.length).toBeGreaterThan(3);
    for (const s of view.servers) expect(s.agentVoid?.reason).toBe(refusal?.message);
  });

  it('with the files there, and a reference on a `//` line (OpenCode skips it), nothing is refused', async () => {
    const text = await readFile(join(CORPUS, 'opencode/0xC0D3D00D__opencode.config.json'), 'utf8');
    await sb.write(join(sb.ws, 'opencode.json'), text.replace('"$schema"', '// "instructions": ["{file:./gone.md}"],\n  "$schema"'));
    await sb.write(join(sb.ws, 'prompt', 'codex.txt'), 'be brief');
    await sb.write(join(sb.ws, 'prompt', 'anthropic.txt'), 'be brief');
    const view = await sb.service().load('opencode', sb.ws);
    expect(view.problems.filter((p) => p.message.includes('{file:'))).toEqual([]);
    expect(view.servers.filter((s) => s.agentVoid)).toEqual([]);
  });
});

describe('VS Code inputs are prompts, not variables', () => {
  it('a declared input (15cm/obsidian-rest-mcp) is asked by VS Code when it starts: no missing variable, no error', async () => {
    await place('vscode/15cm__obsidian-rest-mcp.json', join(sb.ws, '.vscode', 'mcp.json'));
    await sb.trust();
    const view = await sb.service().load('vscode', sb.ws);
    const s = byName(view, 'obsidianLocalRest');
    expect(s.error).toBeNull();
    expect(view.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(JSON.stringify(view.problems)).not.toMatch(/OBSIDIAN_API_KEY|not set/);
    expect(s.inputs).toEqual({ ids: ['obsidian-api-key'], agent: 'VS Code', profile: 'vscode', variables: ['OBSIDIAN_API_KEY'] });
    expect(configState(s)).toMatchObject({
      state: 'disabled',
      code: 'input_keychain',
      error: 'asked by VS Code when it starts: input "obsidian-api-key"; to have the panel answer it and start this server, keep the value in the keychain: mcp-panel secrets set obsidianLocalRest OBSIDIAN_API_KEY --profile vscode --layer project',
    });
  });

  it('an input used but not declared is an error that says so', async () => {
    const text = await readFile(join(CORPUS, 'vscode/15cm__obsidian-rest-mcp.json'), 'utf8');
    await sb.write(join(sb.ws, '.vscode', 'mcp.json'), text.replace('"id": "obsidian-api-key"', '"id": "obsidian-key"'));
    const view = await sb.service().load('vscode', sb.ws);
    expect(byName(view, 'obsidianLocalRest').error).toBe('input "obsidian-api-key" is not declared in "inputs": VS Code has nothing to ask for it; declare it there');
  });
});

describe("Goose's own extensions are Goose's, not broken servers", () => {
  it('builtin and platform extensions in a config.yaml Goose wrote (SteVio89/stevio.dot)', async () => {
    await place('goose/SteVio89__stevio.dot.yaml', join(sb.home, '.config', 'goose', 'config.yaml'));
    const view = await sb.service().load('goose', null);
    const own = view.servers.filter((s) => s.agentOwn);
    expect(own.length).toBe(13);
    for (const s of own) {
      expect(s.error).toBeNull();
      // Switched off in the file: off, as any other; on: Goose's own, nothing for the panel to start.
      expect(configState(s)).toMatchObject(s.enabled ? { state: 'disabled', code: 'agent_own', params: { agent: 'Goose' } } : { state: 'disabled', code: 'disabled_in_config' });
    }
    expect(own.filter((s) => s.enabled).length).toBeGreaterThan(0);
    expect(view.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(view.servers.filter((s) => !s.agentOwn).every((s) => s.transport !== null)).toBe(true);
  });
});
