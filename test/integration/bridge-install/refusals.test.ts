// BRIDGE-4/5 refusals: nothing is written (and nothing recorded) when install says no.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { installBridge, uninstallBridge } from '../../../electron/services/bridge/install';
import { installRecordsPath } from '../../../electron/services/bridge/install-records';
import { tempHome, type Home } from './helpers';

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
    const text = JSON.stringify({ mcpServers: { gh: { command: 'gh-mcp', env: { GITHUB_TOKEN: 'ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345' } } } }, null, 2);
    const path = await h.put('minimax', 'user', text);
    const r = await installBridge(h.deps, { profile: 'minimax', server: 'gh' });
    expect(r).toMatchObject({ ok: false, error: { code: 'inline_secret' } });
    expect(JSON.stringify(r)).not.toContain('ghp_');
    await unchanged(path, text);
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
