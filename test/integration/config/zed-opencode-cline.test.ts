// AGENT-1/2 for Zed, OpenCode and Cline: their files written as their docs show them (comments
// and trailing commas where the format has them, odd spacing, fields the panel does not know),
// read by each profile (fields onto the spec, variables as the agent spells them, the switch), an
// untrusted project layer starting nothing (SEC-5), and edits that change the one span only.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigWriter } from '../../../electron/services/config/writer';
import { useSandbox } from './helpers';

const sb = useSandbox('each');

/** One span changed: the longest common prefix and suffix leave little of `before` replaced, and the new text holds `inserted`. */
function expectOneSpan(before: string, after: string, inserted: string): void {
  let p = 0;
  while (p < before.length && before[p] === after[p]) p++;
  let s = 0;
  while (s < before.length - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
  expect(after.slice(p, after.length - s)).toContain(inserted);
  expect(before.length - p - s).toBeLessThan(40);
}

const ZED = `// Zed settings
//
// For information on how to configure Zed, see the Zed documentation.
{
  "theme": "One Dark",   // odd spacing kept
  "context_servers": {
    "docs": {
      "command": "node",
      "args": ["docs-server.js", "--stdio"],
      "env": { "LOG": "\${LOG_LEVEL}" },
      "timeout": 90,
    },
    // the older form Zed's migrator flattens
    "legacy": { "source": "custom", "command": { "path": "uvx", "args": ["mcp-server-git"], "env": {} } },
    "remote": { "url": "https://mcp.example.com/mcp", "headers": { "X-Team": "core" }, "enabled": false, "unknown_field": 1 },
    "github": { "settings": { "github_personal_access_token": "from-extension" } },
  },
}
`;

describe('Zed (settings.json context_servers, JSONC)', () => {
  it('reads stdio, the nested command form, remote and extension entries; expands nothing; the project layer waits for trust', async () => {
    await sb.write(join(sb.home, '.config', 'zed', 'settings.json'), ZED);
    await sb.write(join(sb.ws, '.zed', 'settings.json'), '{ "context_servers": { "proj": { "command": "proj-server" } } }\n');
    let view = await sb.service({ LOG_LEVEL: 'debug' }).load('zed', sb.ws);
    const by = Object.fromEntries(view.servers.map((s) => [s.name, s]));
    // `${LOG_LEVEL}` is sent as written: Zed expands nothing, and the panel says so.
    expect(by.docs!.spec).toMatchObject({ transport: 'stdio', command: 'node', args: ['docs-server.js', '--stdio'], env: { LOG: '${LOG_LEVEL}' }, callTimeoutMs: 90_000 });
    expect(view.problems.some((p) => p.severity === 'warning' && /LOG_LEVEL/.test(p.message))).toBe(true);
    expect(by.legacy!.spec).toMatchObject({ transport: 'stdio', command: 'uvx', args: ['mcp-server-git'], callTimeoutMs: 60_000 });
    expect(by.remote).toMatchObject({ transport: 'http', enabled: false, error: null });
    // A Zed extension's server is Zed's own (issue 42 item 4): no error, nothing for the panel to start.
    expect(by.github).toMatchObject({ error: null, agentOwn: 'Zed', spec: null });
    expect(view.layers.map((l) => [l.layer, l.state])).toEqual([
      ['user', 'ok'],
      ['project', 'untrusted'],
    ]);
    expect(by.proj!.trusted).toBe(false);

    await sb.trust();
    view = await sb.service().load('zed', sb.ws);
    expect(view.servers.find((s) => s.name === 'proj')).toMatchObject({ trusted: true, layer: 'project' });
  });

  it('an add, a disable and a remove each change one span; comments, order and unknown fields stay', async () => {
    const file = await sb.write(join(sb.home, '.config', 'zed', 'settings.json'), ZED);
    const w = new ConfigWriter({ env: sb.env, home: sb.home });
    const target = { profile: 'zed' as const, layer: 'user' as const };
    expect((await w.add(target, 'fetch', { command: 'uvx', args: ['mcp-server-fetch'] })).ok).toBe(true);
    const added = await readFile(file, 'utf8');
    expectOneSpan(ZED, added, '"fetch"');
    expect((await w.disable(target, 'docs')).ok).toBe(true);
    const disabled = await readFile(file, 'utf8');
    expectOneSpan(added, disabled, '"enabled": false');
    expect((await w.enable(target, 'docs')).ok).toBe(true);
    expect((await w.remove(target, 'fetch')).ok).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(ZED);
  });
});

const OPENCODE = `{
  "$schema": "https://opencode.ai/config.json",
  "theme": "opencode",
  // MCP servers, as opencode.ai/docs/mcp-servers shows them
  "mcp": {
    "local-tools": {
      "type": "local",
      "command": ["npx", "-y", "@acme/mcp-server", "--token", "{env:ACME_TOKEN}"],
      "environment": { "ACME_REGION": "{env:ACME_REGION}" },
      "enabled": true,
    },
    "context7": {
      "type":   "remote",
      "url": "https://mcp.context7.com/mcp",
      "headers": { "CONTEXT7_API_KEY": "{env:CONTEXT7_API_KEY}" },
      "timeout": 8000
    },
    "off": { "type": "remote", "url": "https://off.example/mcp", "enabled": false, "oauth": false },
    "secrets": { "type": "remote", "url": "https://s.example/mcp", "headers": { "Authorization": "Bearer {file:~/.secrets/s}" } },
  },
  "agent": { "build": { "tools": { "context7_*": false } } },
}
`;

describe('OpenCode (opencode.json mcp, JSONC, {env:VAR})', () => {
  it('maps command arrays, environment and remotes; {env:X} expands everywhere; {file:…} is not read; the project file waits for trust', async () => {
    await sb.write(join(sb.home, '.config', 'opencode', 'opencode.json'), OPENCODE);
    await sb.write(join(sb.ws, 'opencode.json'), '{"mcp":{"proj":{"type":"local","command":["proj-server"]}}}');
    const view = await sb.service({ ACME_TOKEN: 't0k', ACME_REGION: 'eu', CONTEXT7_API_KEY: 'k' }).load('opencode', sb.ws);
    const by = Object.fromEntries(view.servers.map((s) => [s.name, s]));
    expect(by['local-tools']!.spec).toMatchObject({ transport: 'stdio', command: 'npx', args: ['-y', '@acme/mcp-server', '--token', 't0k'], env: { ACME_REGION: '${ACME_REGION}' }, callTimeoutMs: 5000 });
    expect(by.context7!.spec).toMatchObject({ transport: 'http', url: 'https://mcp.context7.com/mcp', headers: { CONTEXT7_API_KEY: '${CONTEXT7_API_KEY}' }, callTimeoutMs: 8000 });
    expect(by.off).toMatchObject({ enabled: false, error: null });
    expect(by.secrets!.error).toMatch(/\{file:…\}/);
    expect(by.proj!.trusted).toBe(false);
    // An unset {env:X}: OpenCode would send "", the panel starts nothing and names the variable.
    const unset = await sb.service({ ACME_TOKEN: 't0k' }).load('opencode', null);
    expect(unset.servers.find((s) => s.name === 'local-tools')!.error).toMatch(/ACME_REGION/);
  });

  it('opencode.jsonc is the file when it exists; a new server lands in one span, `{env:X}` as OpenCode spells it', async () => {
    const jsonc = await sb.write(join(sb.home, '.config', 'opencode', 'opencode.jsonc'), OPENCODE);
    await sb.write(join(sb.home, '.config', 'opencode', 'opencode.json'), '{"mcp":{"ignored":{"type":"local","command":["x"]}}}');
    expect((await sb.service().load('opencode', null)).servers.map((s) => s.name)).not.toContain('ignored');
    const w = new ConfigWriter({ env: sb.env, home: sb.home });
    const r = await w.add({ profile: 'opencode', layer: 'user' }, 'fetch', { type: 'local', command: ['uvx', 'mcp-server-fetch'], environment: { KEY: '{env:FETCH_KEY}' } });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const after = await readFile(jsonc, 'utf8');
    expectOneSpan(OPENCODE, after, '"fetch"');
    expect((await w.remove({ profile: 'opencode', layer: 'user' }, 'fetch')).ok).toBe(true);
    expect(await readFile(jsonc, 'utf8')).toBe(OPENCODE);
  });
});

const CLINE = `{
  "mcpServers": {
    "github": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-github"],
      "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "\${env:GH_TOKEN}" },
      "alwaysAllow": [],
      "autoApprove": ["get_me", "search_repositories"],
      "disabled": false,
      "timeout": 120
    },
    "legacy-sse": { "url": "https://sse.example/sse", "disabled": true },
    "streamable": { "type": "streamableHttp", "url": "https://mcp.example/mcp", "headers": { "X-Key": "\${env:NOT_SET}" } },
    "from-cli": { "transport": { "type": "stdio", "command": "uvx", "args": ["mcp-server-time"] }, "disabled": false }
  }
}
`;

describe('Cline (cline_mcp_settings.json mcpServers)', () => {
  it('maps stdio, SSE (a bare url), streamable HTTP and the CLI\'s nested transport; `disabled`; ${env:X} kept as written when unset', async () => {
    await sb.write(join(sb.home, '.cline', 'data', 'settings', 'cline_mcp_settings.json'), CLINE);
    const view = await sb.service({ GH_TOKEN: 'g' }).load('cline', sb.ws);
    const by = Object.fromEntries(view.servers.map((s) => [s.name, s]));
    expect(view.layers.map((l) => l.layer)).toEqual(['user']);
    expect(by.github!.spec).toMatchObject({ transport: 'stdio', command: 'npx', env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${GH_TOKEN}' }, callTimeoutMs: 120_000 });
    expect(by['legacy-sse']).toMatchObject({ transport: 'sse', enabled: false });
    expect(by.streamable).toMatchObject({ transport: 'http', error: null });
    expect(view.problems.some((p) => p.severity === 'warning' && /NOT_SET/.test(p.message))).toBe(true);
    expect(by['from-cli']!.spec).toMatchObject({ transport: 'stdio', command: 'uvx', args: ['mcp-server-time'] });
  });

  it('the VS Code extension\'s globalStorage file is the layer while it is the only one; disable writes `disabled: true` in one span', async () => {
    const legacy = await sb.write(join(sb.home, '.config', 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'), CLINE);
    const view = await sb.service().load('cline', null);
    expect(view.layers[0]).toMatchObject({ path: legacy, state: 'ok' });
    const w = new ConfigWriter({ env: sb.env, home: sb.home });
    expect((await w.disable({ profile: 'cline', layer: 'user' }, 'streamable')).ok).toBe(true);
    const after = await readFile(legacy, 'utf8');
    expectOneSpan(CLINE, after, '"disabled": true');
    expect((await sb.service().load('cline', null)).servers.find((s) => s.name === 'streamable')?.enabled).toBe(false);
    // `disabled: false` already there: enabling github is no edit at all; disabling flips that value.
    expect((await w.disable({ profile: 'cline', layer: 'user' }, 'github')).ok).toBe(true);
    expect(await readFile(legacy, 'utf8')).toBe(after.replace('"disabled": false,\n      "timeout": 120', '"disabled": true,\n      "timeout": 120'));
  });
});
