// A temp home with the agents' files written as a person would (comments, odd layout), and the
// install deps over the real config engine, writer and trust store.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LayerKind, Profile } from '../../../shared/schemas/server';
import { ConfigService } from '../../../electron/services/config/config-service';
import { ConfigWriter } from '../../../electron/services/config/writer';
import type { BridgeInstallDeps } from '../../../electron/services/bridge/install';

export interface Home {
  home: string;
  workspace: string;
  env: NodeJS.ProcessEnv;
  deps: BridgeInstallDeps;
  config: ConfigService;
  pathOf(profile: Profile, layer: LayerKind): Promise<string>;
  put(profile: Profile, layer: LayerKind, text: string): Promise<string>;
  read(path: string): Promise<string>;
  dispose(): Promise<void>;
}

export const COMMAND = { command: '/opt/mcp-panel/bin/mcp-panel', prefix: [] };

export async function tempHome(): Promise<Home> {
  const home = await mkdtemp(join(tmpdir(), 'bridge-install-'));
  const workspace = join(home, 'code', 'app');
  await mkdir(join(workspace, '.git'), { recursive: true });
  const env: NodeJS.ProcessEnv = { HOME: home, PATH: process.env.PATH, MCP_PANEL_DATA_DIR: join(home, '.mcp-panel') };
  const config = new ConfigService({ env, cwd: workspace });
  const writer = new ConfigWriter({ env });
  const deps: BridgeInstallDeps = { dataDir: join(home, '.mcp-panel'), writer, config, isTrusted: (w) => config.trust.isTrusted(w), command: COMMAND, now: () => 1_700_000_000_000 };
  const pathOf = async (profile: Profile, layer: LayerKind) => {
    const f = await writer.resolve({ profile, layer, workspace });
    if (!f.ok) throw new Error(f.error.message);
    return f.value.path;
  };
  return {
    home,
    workspace,
    env,
    deps,
    config,
    pathOf,
    async put(profile, layer, text) {
      const p = await pathOf(profile, layer);
      await mkdir(dirname(p), { recursive: true });
      await writeFile(p, text);
      return p;
    },
    read: (p) => readFile(p, 'utf8'),
    dispose: () => rm(home, { recursive: true, force: true }),
  };
}
