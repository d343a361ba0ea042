// BRIDGE-4/5 refusals: nothing is written (and nothing recorded) when install says no.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { installBridge, uninstallBridge } from '../../../electron/services/bridge/install';
import { installRecordsPath } from '../../../electron/services/bridge/install-records';
import { tempHome, type Home } from './install-helpers';

const PROJECT = `{
  "mcpServers": {
    "repo": { "url": "https://repo.example/mcp" } // from the repository
  }
}
`;

let h: Home;
beforeEach(async () => {
  h = await tempHome();
});
afterEach(async () => {
  await h.dispose();
});

async function unchanged(path: string, text: string): Promise<void> {
  expect(await h.read(path)).toBe(text);
  expect(existsSync(installRecordsPath(h.deps.dataDir))).toBe(false);
}

describe('bridge install refusals', () => {
  it('an untrusted workspace', async () => {
    const path = await h.put('kimi', 'project', PROJECT);
    const r = await installBridge(h.deps, { profile: 'kimi', server: 'repo', layer: 'project', workspace: h.workspace });
    expect(r).toMatchObject({ ok: false, error: { code: 'untrusted_workspace', params: { workspace: h.workspace } } });
    await unchanged(path, PROJECT);
  });

  it('an unknown server', async () => {
    const path = await h.put('kimi', 'user', PROJECT);
    const r = await installBridge(h.deps, { profile: 'kimi', server: 'nope', layer: 'user', workspace: h.workspace });
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown_server', params: { server: 'nope' } } });
    await unchanged(path, PROJECT);
  });

  it("a read-only layer (MiniMax's project file): the writer's refusal", async () => {
    await h.config.trust.trust(h.workspace);
    const path = await h.put('minimax', 'project', PROJECT);
    const r = await installBridge(h.deps, { profile: 'minimax', server: 'repo', workspace: h.workspace });
    expect(r).toMatchObject({ ok: false, error: { code: 'write', write: { code: 'read_only' } } });
    expect(await h.read(path)).toBe(PROJECT);
  });

  it('an entry holding a literal secret is never copied into the records', async () => {
    const text = JSON.stringify({ mcpServers: { gh: { url: 'https://gh.example/mcp', headers: { Authorization: 'Bearer ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345' } } } }, null, 2);
    const path = await h.put('minimax', 'user', text);
    const r = await installBridge(h.deps, { profile: 'minimax', server: 'gh' });
    expect(r).toMatchObject({ ok: false, error: { code: 'inline_secret' } });
    expect(JSON.stringify(r)).not.toContain('ghp_');
    await unchanged(path, text);
  });

  it('a stdio server: refused with the reason (the bridge forwards to remote servers only), the entry kept', async () => {
    const text = JSON.stringify({ mcpServers: { fs: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] } } }, null, 2);
    for (const profile of ['minimax', 'kimi'] as const) {
      const path = await h.put(profile, 'user', text);
      const r = await installBridge(h.deps, { profile, server: 'fs' });
      expect(r).toMatchObject({ ok: false, error: { code: 'stdio_target', params: { server: 'fs' } } });
      if (!r.ok) expect(r.error.message).toContain('local (stdio) server');
      await unchanged(path, text);
    }
  });

  it("kimi's git-root .mcp.json is also MiniMax's project file: a server that is not in it is never added there", async () => {
    await h.config.trust.trust(h.workspace);
    const user = JSON.stringify({ mcpServers: { docs: { url: 'https://docs.example/mcp' } } }, null, 2);
    await h.put('kimi', 'user', user);
    const path = await h.put('kimi', 'project', PROJECT);
    // The same file, read by both agents (the workspace is its git root).
    expect(path).toBe(await h.pathOf('minimax', 'project'));
    const r = await installBridge(h.deps, { profile: 'kimi', server: 'docs', layer: 'project', workspace: h.workspace });
    expect(r).toMatchObject({ ok: false, error: { code: 'shared_file_add', params: { server: 'docs', agents: 'MiniMax Code, Claude Code, GitHub Copilot CLI, Qwen Code' } } });
    await unchanged(path, PROJECT);
    // An entry that is in the file already may be replaced (the offer names who else reads it).
    expect(await installBridge(h.deps, { profile: 'kimi', server: 'repo', layer: 'project', workspace: h.workspace })).toMatchObject({ ok: true });
  });

  it('minara starts no local process: refused with the reason', async () => {
    const text = JSON.stringify({ mcpServers: { slack: { url: 'https://slack.example/mcp', authTokenEnv: 'SLACK' } } });
    const path = await h.put('minara', 'user', text);
    const r = await installBridge(h.deps, { profile: 'minara', server: 'slack' });
    expect(r).toMatchObject({ ok: false, error: { code: 'stdio_unsupported' } });
    await unchanged(path, text);
  });

  it('no mcp-panel command to write', async () => {
    const path = await h.put('kimi', 'user', PROJECT);
    const r = await installBridge({ ...h.deps, command: null }, { profile: 'kimi', server: 'repo', layer: 'user' });
    expect(r).toMatchObject({ ok: false, error: { code: 'no_command' } });
    await unchanged(path, PROJECT);
  });

  it('uninstall of something never installed', async () => {
    expect(await uninstallBridge(h.deps, { profile: 'kimi', server: 'repo' })).toMatchObject({ ok: false, error: { code: 'not_installed' } });
  });
});
