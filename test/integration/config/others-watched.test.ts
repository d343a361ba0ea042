// Issue 34 item 5 (the walkthrough): Across agents stayed stale after a CLI `install` into other
// agents. The host watches every detected agent's files, not only the selected one's: a write into
// another agent's file (here Cursor's, as `mcp-panel install` makes it) is announced as
// `install.agentsChanged`, and `install.across` then shows it. Waits on the event, never the clock.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppContract } from '../../../shared/contract';
import type { MethodOutput } from '../../../shared/rpc';
import { startServices, type Services } from '../../../electron/services/compose';
import { runCli } from '../../helpers/run-cli';

let dir: string;
let services: Services;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'others-watched-'));
  await mkdir(join(dir, 'home', '.minimax'), { recursive: true });
  await mkdir(join(dir, 'home', '.cursor'), { recursive: true });
  await mkdir(join(dir, 'ws'));
  await writeFile(join(dir, 'home', '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { docs: { url: 'https://docs.example/mcp' } } }));
  await writeFile(join(dir, 'home', '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: {} }));
  env = { PATH: process.env.PATH, HOME: join(dir, 'home'), MCP_PANEL_DATA_DIR: join(dir, 'data') };
  services = await startServices({ host: 'web', pickFolder: null, env, cwd: join(dir, 'ws'), version: '0.0.0', profile: 'minimax', workspace: join(dir, 'ws') });
}, 60_000);
afterAll(async () => {
  await services?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it("a CLI install into another agent's file reaches the running panel's Across agents", async () => {
  const across = async () => {
    const r = await services.dispatch('install.across', {}, { host: 'web' });
    if (!r.ok) throw new Error(r.error.message);
    return (r.value as MethodOutput<AppContract, 'install.across'>).rows;
  };
  expect((await across()).find((row) => row.name === 'docs')?.cells.find((c) => c.profile === 'cursor')?.cell).toBeNull();
  const heard = new Promise<void>((resolve) => {
    const off = services.api.events.subscribe((name) => {
      if (name !== 'install.agentsChanged') return;
      off();
      resolve();
    });
  });
  const r = await runCli(['install', 'docs', '--from', 'minimax', '--agents', 'cursor', '--json'], { env, cwd: join(dir, 'ws') });
  expect(r.code, r.stderr + r.stdout).toBe(0);
  await heard;
  expect((await across()).find((row) => row.name === 'docs')?.cells.find((c) => c.profile === 'cursor')?.cell).toMatchObject({ name: 'docs' });
}, 60_000);
