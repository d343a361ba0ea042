// Services + web host in one call: what `serve`, `npm start` (fallback) and the e2e tests run.
import type { Profile } from '../../../shared/schemas/server';
import { startServices, type Services } from '../../services/compose';
import { startWebHost, type WebHost } from '../web-host';
import { appVersion, ensureRendererBuilt, repoRoot } from './build';
import { openPanelInBrowser, type Handoff } from './handoff';
import { listenForCli } from '../local-socket/listen';

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
  /**
   * Opens the panel in the system browser (or MCP_PANEL_BROWSER) through a handoff file, so
   * the link never appears on a command line (SEC-2). False when no browser was started.
   */
  openInBrowser(): Promise<boolean>;
  close(): Promise<void>;
}

// Where the CLI and the panel-call helper have always found it.
export { appVersion };

export async function serve(opts: ServeOptions): Promise<Served> {
  const dir = ensureRendererBuilt(repoRoot(), opts.logger);
  const services = await startServices({
    host: 'web',
    env: opts.env,
    cwd: opts.cwd,
    version: appVersion(),
    profile: opts.profile ?? null,
    workspace: opts.workspace ?? null,
    // A page cannot open the host's native folder chooser: workspace.pickFolder says so.
    pickFolder: null,
    logger: opts.logger,
  });
  let host: WebHost;
  try {
    host = await startWebHost({ dispatch: services.dispatch, events: services.api.events, rendererDir: dir, port: opts.port, logger: opts.logger });
  } catch (err) {
    await services.dispose();
    throw err;
  }
  // The CLI's read commands ask this panel instead of starting every server again (issue 22).
  const socket = await listenForCli(services, opts.env, opts.logger);
  const handoffs = new Set<Handoff>();
  return {
    host,
    services,
    async openInBrowser() {
      const h = await openPanelInBrowser((onUsed) => host.mintUrl(onUsed), { env: opts.env, log: opts.logger });
      if (h) handoffs.add(h);
      return h !== null;
    },
    async close() {
      for (const h of handoffs) h.dispose();
      await socket?.close();
      await host.close();
      await services.dispose();
    },
  };
}
