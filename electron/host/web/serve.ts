// Services + web host in one call: what `serve`, `npm start` (fallback) and the e2e tests run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Profile } from '../../../shared/schemas/server';
import { startServices, type Services } from '../../services/lifecycle';
import { startWebHost, type WebHost } from '../web-host';
import { ensureRendererBuilt, repoRoot } from './build';

export interface ServeOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  port?: number;
  profile?: Profile | null;
  workspace?: string | null;
  logger?: (line: string) => void;
}

export interface Served {
  host: WebHost;
  services: Services;
  close(): Promise<void>;
}

export function appVersion(root = repoRoot()): string {
  try {
    return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export async function serve(opts: ServeOptions): Promise<Served> {
  const dir = ensureRendererBuilt(repoRoot(), opts.logger);
  const services = await startServices({
    host: 'web',
    env: opts.env,
    cwd: opts.cwd,
    version: appVersion(),
    profile: opts.profile ?? null,
    workspace: opts.workspace ?? null,
    logger: opts.logger,
  });
  let host: WebHost;
  try {
    host = await startWebHost({ dispatch: services.dispatch, events: services.api.events, rendererDir: dir, port: opts.port, logger: opts.logger });
  } catch (err) {
    await services.dispose();
    throw err;
  }
  return {
    host,
    services,
    async close() {
      await host.close();
      await services.dispose();
    },
  };
}
