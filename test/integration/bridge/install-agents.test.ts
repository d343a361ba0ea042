// BRIDGE-4 / AGENT-4: the bridge line goes into every agent's file in that agent's own format,
// place and spelling (Codex TOML, OpenCode's `mcp` with an argv array, Claude Code's local scope
// `projects[<dir>].mcpServers`, Goose YAML, Gemini's `httpUrl`), and uninstall puts the file back
// byte for byte. Before, the installer read every file as JSON under `mcpServers`: Codex answered
// `unknown_server`, OpenCode `exists`.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installBridge, uninstallBridge } from '../../../electron/services/bridge/install';
import { canonicalOf } from '../../../shared/install/canonical';
import type { LayerKind, Profile } from '../../../shared/schemas/server';
import { COMMAND, tempHome, type Home } from './install-helpers';

let h: Home;
beforeEach(async () => {
  h = await tempHome();
});
afterEach(async () => {
  await h.dispose();
});

const CODEX = `# mine
model = "o4"

[mcp_servers.docs]
url = "https://docs.example/mcp" # remote
tool_timeout_sec = 30

[mcp_servers.local]
command = "npx"
args = ["-y", "thing"]
`;

const OPENCODE = `{
  "$schema": "https://opencode.ai/config.json",
  // servers
  "mcp": {
    "docs": { "type": "remote", "url": "https://docs.example/mcp", "enabled": true },
  },
}
`;

const GOOSE = `extensions:
  docs:
    name: docs
    type: streamable_http
    uri: https://docs.example/mcp
    enabled: true
    timeout: 300
GOOSE_MODE: smart_approve
`;

const GEMINI = `{
  "mcpServers": {
    "docs": { "httpUrl": "https://docs.example/mcp", "timeout": 5000 }
  }
}
`;

async function roundTrip(profile: Profile, layer: LayerKind, text: string, kept: Record<string, unknown>, more: string[] = []): Promise<void> {
  const path = await h.put(profile, layer, text);
  const r = await installBridge(h.deps, { profile, server: 'docs', layer, workspace: h.workspace });
  expect(r).toMatchObject({ ok: true, value: { path, layer, changed: true, replaced: true } });
  const view = await h.config.load(profile, h.workspace);
  const docs = view.servers.find((s) => s.name === 'docs' && s.layer === layer)!;
  // The agent reads a stdio line that starts the bridge, with the entry's other fields kept.
  expect(canonicalOf(profile, docs.entry)).toMatchObject({ transport: 'stdio', command: COMMAND.command, args: ['bridge', 'docs', '--profile', profile, ...more] });
  expect(docs.entry).toMatchObject(kept);
  expect(docs.error).toBeNull();
  const u = await uninstallBridge(h.deps, { profile, server: 'docs' });
  expect(u).toMatchObject({ ok: true, value: { path, restored: 'exact' } });
  expect(await h.read(path)).toBe(text);
}

describe('bridge install into every format', () => {
  it('Codex config.toml: a TOML table, the timeout kept', async () => {
    await roundTrip('codex', 'user', CODEX, { tool_timeout_sec: 30 });
  });
  it("OpenCode's `mcp` (JSONC): the argv array and type local, `enabled` kept", async () => {
    await roundTrip('opencode', 'user', OPENCODE, { type: 'local', enabled: true });
  });
  it('Goose config.yaml: `cmd`, its name and timeout kept', async () => {
    await roundTrip('goose', 'user', GOOSE, { name: 'docs', timeout: 300, type: 'stdio' });
  });
  it("Gemini's httpUrl is connection: replaced, the timeout kept", async () => {
    await roundTrip('gemini', 'user', GEMINI, { timeout: 5000 });
  });
  it("Claude Code's local scope: projects[<dir>].mcpServers in ~/.claude.json", async () => {
    const text = JSON.stringify({ numStartups: 3, projects: { [h.workspace]: { mcpServers: { docs: { type: 'http', url: 'https://docs.example/mcp' } }, allowedTools: [] } } }, null, 2) + '\n';
    // This machine's command (the file is not the workspace's), and the workspace whose entry the bridge reads.
    await roundTrip('claude-code', 'project-local', text, { type: 'stdio' }, ['--workspace', h.workspace]);
  });
  it('a TOML entry changed by hand after install: the original goes back by value, the edit outside it stays', async () => {
    const path = await h.put('codex', 'user', CODEX);
    expect((await installBridge(h.deps, { profile: 'codex', server: 'docs', layer: 'user', workspace: h.workspace })).ok).toBe(true);
    await h.put('codex', 'user', (await h.read(path)).replace('model = "o4"', 'model = "o5"'));
    const u = await uninstallBridge(h.deps, { profile: 'codex', server: 'docs' });
    expect(u).toMatchObject({ ok: true, value: { restored: 'entry' } });
    const view = await h.config.load('codex', h.workspace);
    expect(view.servers.find((s) => s.name === 'docs')!.entry).toEqual({ url: 'https://docs.example/mcp', tool_timeout_sec: 30 });
    expect(await h.read(path)).toContain('model = "o5"');
  });
});
