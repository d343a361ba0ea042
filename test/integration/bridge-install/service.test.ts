// BRIDGE-4 service: the offer for a row (advice from the real config + keychain names), and the
// live list watched from the records folder, as the api and the tray hear it.
import { mkdir, writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBridgeService } from '../../../electron/services/bridge/install-service';
import type { LiveBridge } from '../../../shared/schemas/bridge';
import { COMMAND, tempHome, type Home } from './helpers';

let h: Home;
beforeEach(async () => {
  h = await tempHome();
});
afterEach(async () => {
  await h.dispose();
});

const service = (held: string[] = []) =>
  createBridgeService({
    env: h.env,
    dataDir: h.deps.dataDir,
    config: h.config,
    writer: h.deps.writer,
    command: COMMAND,
    secrets: { variableNames: async () => ({ byOwner: new Map([['*', new Set(held)]]), byName: new Map() }) },
  });

describe('bridge service', () => {
  it('offers the bridge for a MiniMax OAuth server, with the line; then says it is installed', async () => {
    await h.put('minimax', 'user', JSON.stringify({ mcpServers: { docs: { url: 'https://docs.example/mcp' }, fs: { command: 'fs-mcp' } } }, null, 2));
    const s = service();
    const view = await h.config.load('minimax', h.workspace);
    const scope = { profile: 'minimax' as const, workspace: h.workspace };
    const docs = view.servers.find((x) => x.name === 'docs')!;
    expect(await s.offer(scope, docs)).toEqual({
      server: 'docs', profile: 'minimax', layer: 'user', installed: null, unavailable: null,
      advice: [{ code: 'minimax_oauth', variables: [] }],
      line: { command: COMMAND.command, args: ['bridge', 'docs', '--profile', 'minimax'] },
    });
    expect((await s.offer(scope, view.servers.find((x) => x.name === 'fs')!)).advice).toEqual([]);
    expect((await s.install(scope, 'docs')).ok).toBe(true);
    const after = (await h.config.load('minimax', h.workspace)).servers.find((x) => x.name === 'docs')!;
    expect(await s.offer(scope, after)).toMatchObject({ installed: { layer: 'user', installedAt: expect.any(Number) }, advice: [], line: null });
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
