// BRIDGE-4 service: the offer for a row (advice from the real config + keychain names), and the
// live list watched from the records folder, as the api and the tray hear it.
import { mkdir, writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBridgeService } from '../../../electron/services/bridge/install-service';
import type { LiveBridge } from '../../../shared/schemas/bridge';
import { COMMAND, tempHome, type Home } from './install-helpers';
import { agentVerdict } from '../../../electron/services/agent-view/verdict';
import { rulesFor } from '../../../electron/services/agent-view/registry';
import type { EffectiveServer } from '../../../shared/schemas/server';
import type { AuthDemand } from '../../../shared/schemas/agent-view';

/** The row's verdict as the api computes it (agent-view/), with what the server asked of the panel. */
const issues = (s: EffectiveServer, auth: AuthDemand) => agentVerdict({ rules: rulesFor('minimax'), server: s, state: null, connectMs: null, auth, held: new Set(), env: {}, workspace: h.workspace }).issues;

let h: Home;
beforeEach(async () => {
  h = await tempHome();
});
afterEach(async () => {
  await h.dispose();
});

const service = () =>
  createBridgeService({
    env: h.env,
    dataDir: h.deps.dataDir,
    config: h.config,
    writer: h.deps.writer,
    command: COMMAND,
  });

describe('bridge service', () => {
  it('offers the bridge for a MiniMax OAuth server, with the line; then says it is installed', async () => {
    await h.put('minimax', 'user', JSON.stringify({ mcpServers: { docs: { url: 'https://docs.example/mcp' }, fs: { command: 'fs-mcp' } } }, null, 2));
    const s = service();
    const view = await h.config.load('minimax', h.workspace);
    const scope = { profile: 'minimax' as const, workspace: h.workspace };
    const docs = view.servers.find((x) => x.name === 'docs')!;
    expect(await s.offer(scope, docs, issues(docs, 'oauth'))).toEqual({
      server: 'docs', profile: 'minimax', layer: 'user', path: docs.path, installed: null, unavailable: null, sharedWith: [], machineSpecific: [],
      advice: [{ code: 'no_oauth', params: { agent: 'MiniMax Code' }, fixes: [{ kind: 'bridge', params: {} }] }],
      line: { command: COMMAND.command, args: ['bridge', 'docs', '--profile', 'minimax'] },
    });
    // A public server (it answered without asking for a login) needs nothing.
    expect((await s.offer(scope, docs, issues(docs, 'none'))).advice).toEqual([]);
    // A stdio server: the offer says why no line can be written (install refuses it too).
    const fs = view.servers.find((x) => x.name === 'fs')!;
    expect(await s.offer(scope, fs, issues(fs, 'none'))).toMatchObject({ advice: [], line: null, unavailable: 'stdio_target' });
    expect((await s.install(scope, 'docs')).ok).toBe(true);
    const after = (await h.config.load('minimax', h.workspace)).servers.find((x) => x.name === 'docs')!;

    expect(await s.offer(scope, after)).toMatchObject({ installed: { layer: 'user', installedAt: expect.any(Number) }, advice: [], line: null });
  });

  it("kimi's project file: the offer names the other agents that read it and the machine-only path in the line", async () => {
    await h.config.trust.trust(h.workspace);
    await h.put('kimi', 'project', JSON.stringify({ mcpServers: { repo: { url: 'https://repo.example/mcp' } } }, null, 2));
    const repo = (await h.config.load('kimi', h.workspace)).servers.find((x) => x.name === 'repo')!;
    const offer = await service().offer({ profile: 'kimi', workspace: h.workspace }, repo, []);
    expect(offer).toMatchObject({
      // Claude Code, Copilot CLI and Qwen Code read the repository's .mcp.json too.
      sharedWith: [
        { profile: 'minimax', layer: 'project', agent: 'MiniMax Code' },
        { profile: 'claude-code', layer: 'project', agent: 'Claude Code' },
        { profile: 'copilot', layer: 'project', agent: 'GitHub Copilot CLI' },
        { profile: 'qwen', layer: 'project', agent: 'Qwen Code' },
      ],
      machineSpecific: [h.workspace],
      line: { command: 'mcp-panel', args: ['bridge', 'repo', '--profile', 'kimi', '--workspace', h.workspace] },
    });
  });

  it('minara: the offer says why no line can be installed', async () => {
    await h.put('minara', 'user', JSON.stringify({ mcpServers: { slack: { url: 'https://slack.example/mcp' } } }));
    const view = await h.config.load('minara', h.workspace);
    expect(await service().offer({ profile: 'minara', workspace: h.workspace }, view.servers[0]!)).toMatchObject({ line: null, unavailable: 'stdio_unsupported' });
  });

  it('watch hears a bridge start and end', async () => {
    const s = service();
    const seen: LiveBridge[][] = [];
    let wake: () => void = () => {};
    const next = () => new Promise<void>((r) => (wake = r));
    const stop = s.watch((b) => {
      seen.push(b);
      wake();
    });
    try {
      const rec: LiveBridge = { pid: process.pid, agentPid: process.ppid, agentName: 'node', server: 'docs', profile: 'minimax', workspace: null, origin: 'https://docs.example', since: 1, calls: 0, lastError: null, updatedAt: 1 };
      const file = join(h.deps.dataDir, 'bridges', `${process.pid}.json`);
      let started = next();
      await mkdir(join(h.deps.dataDir, 'bridges'), { recursive: true });
      await writeFile(file, JSON.stringify(rec));
      await started;
      expect(seen.at(-1)).toEqual([rec]);
      expect(await s.list()).toEqual([rec]);
      started = next();
      await rm(file);
      await started;
      expect(seen.at(-1)).toEqual([]);
    } finally {
      stop();
    }
  });
});
