// The panel's own engine for the conformance client: config (a temp HOME with a minimax
// user config naming the server) → ConfigService → ConnectionPool (needs-auth on 401) →
// LoginService with the headless person → reconnect → calls. Step-up: a call that comes back
// `needs-auth` logs in again with the scope the server asked for, at most MAX_LOGINS times.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigService } from '../../electron/services/config/config-service';
import { ConnectionPool } from '../../electron/services/connections/pool';
import { HeadlessPerson, LoginService, MemorySecretStore, TokenBroker, type PreRegisteredClient } from '../../electron/services/auth';

const MAX_LOGINS = 3;
/** Inside the suite's 30 s client timeout, with room for the login and the calls. */
const SETTLE_MS = 20_000;

export interface EngineOptions {
  preRegistered?: PreRegisteredClient;
  clientMetadataUrl?: string;
}

export async function withPanelEngine<T>(url: string, opts: EngineOptions, body: (api: PanelApi) => Promise<T>): Promise<T> {
  const home = await mkdtemp(join(tmpdir(), 'mcp-panel-conformance-'));
  const env = { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: join(home, '.mcp-panel') };
  await mkdir(join(home, '.minimax-code'), { recursive: true });
  await writeFile(join(home, '.minimax-code/mcp.json'), JSON.stringify({ mcpServers: { server: { type: 'http', url } } }));
  const view = await new ConfigService({ env, cwd: home }).load('minimax', null);
  const spec = view.servers.find((s) => s.name === 'server')?.spec;
  if (!spec) throw new Error(`config engine did not produce the server: ${JSON.stringify(view.problems)}`);
  const broker = new TokenBroker({ store: new MemorySecretStore() });
  const logins = new LoginService({ broker, timeoutMs: 20_000 });
  const pool = new ConnectionPool({ dataDir: env.MCP_PANEL_DATA_DIR, env, authProvider: broker.authProviderFor });
  pool.setServers([spec]);
  let loginCount = 0;
  const ensureLoggedIn = async () => {
    if (pool.state(spec.id)?.kind !== 'needs-auth') return;
    if (++loginCount > MAX_LOGINS) throw new Error(`gave up after ${MAX_LOGINS} logins (the server keeps asking for more)`);
    const person = new HeadlessPerson();
    const out = await logins.login(spec, { opener: person, ...opts });
    await person.finished();
    if (out.type === 'failed') throw new Error(`login failed: ${out.reason}`);
    await pool.reconnect(spec.id);
  };
  const api: PanelApi = {
    async connect() {
      // A one-shot client has no next discovery round (CONN-3): settle instead of the 2 s
      // budget, which 26 clients starting at once on 2 cores (`--suite all`) can miss.
      await pool.discover({ settleWithinMs: SETTLE_MS });
      for (let i = 0; i <= MAX_LOGINS && pool.state(spec.id)?.kind === 'needs-auth'; i++) await ensureLoggedIn();
      const st = pool.state(spec.id);
      if (st?.kind !== 'connected') throw new Error(`not connected: ${JSON.stringify(st)}`);
    },
    async listTools() {
      return (await pool.listTools(spec.id)).map((t) => t.name);
    },
    async call(tool, args = {}) {
      for (;;) {
        const r = await pool.callTool(spec.id, tool, args);
        if (r.error?.code !== 'needs-auth') {
          if (r.error) throw new Error(`${tool}: ${r.error.message}`);
          return r;
        }
        await ensureLoggedIn();
      }
    },
  };
  try {
    return await body(api);
  } finally {
    await pool.dispose();
    await rm(home, { recursive: true, force: true });
  }
}

export interface PanelApi {
  connect(): Promise<void>;
  listTools(): Promise<string[]>;
  call(tool: string, args?: Record<string, unknown>): Promise<unknown>;
}
