// The panel's own engine for the conformance client: config (a temp HOME with a minimax
// user config naming the server) → ConfigService → ConnectionPool (needs-auth on 401, era
// negotiated as for any server, PROTO-1) → LoginService with the headless person → reconnect →
// calls. Step-up (PROTO-5): a call that comes back `needs-auth` logs in again with the union of
// the scopes asked so far and the one the server challenges with, for as long as that union
// grows (auth/step-up.ts), so no count of logins is needed.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigService } from '../../electron/services/config/config-service';
import { ConnectionPool } from '../../electron/services/connections/pool';
import { HeadlessPerson, LoginService, MemorySecretStore, serverIdentity, TokenBroker, type PreRegisteredClient } from '../../electron/services/auth';
import { nextStepUp, scopeSet } from '../../electron/services/auth/step-up';
import type { ToolDef } from '../../shared/schemas/server';

/** Inside the suite's 30 s client timeout, with room for the login and the calls. */
const SETTLE_MS = 20_000;

export interface EngineOptions {
  preRegistered?: PreRegisteredClient;
  clientMetadataUrl?: string;
}

export async function withPanelEngine<T>(url: string, opts: EngineOptions, body: (api: PanelApi) => Promise<T>): Promise<T> {
  const home = await mkdtemp(join(tmpdir(), 'mcp-panel-conformance-'));
  const env = { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: join(home, '.mcp-panel') };
  await mkdir(join(home, '.minimax'), { recursive: true });
  await writeFile(join(home, '.minimax/mcp.json'), JSON.stringify({ mcpServers: { server: { type: 'http', url } } }));
  const view = await new ConfigService({ env, cwd: home }).load('minimax', null);
  const spec = view.servers.find((s) => s.name === 'server')?.spec;
  if (!spec) throw new Error(`config engine did not produce the server: ${JSON.stringify(view.problems)}`);
  const broker = new TokenBroker({ store: new MemorySecretStore() });
  const logins = new LoginService({ broker, timeoutMs: 20_000 });
  const pool = new ConnectionPool({ dataDir: env.MCP_PANEL_DATA_DIR, env, authProvider: broker.authProviderFor, authChallenge: broker.noteChallenge });
  pool.setServers([spec]);
  const identity = serverIdentity(spec);
  const asked = new Set<string>();
  let logins_ = 0;
  /** 401s right after a login of ours: its token was refused at once (twice: the login is broken). */
  let refusedAfterLogin = 0;
  const ensureLoggedIn = async () => {
    if (pool.state(spec.id)?.kind !== 'needs-auth') return;
    const stepUp = broker.challengeStatus(identity) === 403;
    // A 401 after a login is a new login (the server moved to another authorization server, the
    // token was revoked); a 403 asks for more scope, worth a login while the scope grows.
    const scope = stepUp || logins_ === 0 ? nextStepUp(asked, broker.requiredScope(identity), stepUp ? logins_ : 0) : [...asked].join(' ');
    if (scope === null) throw new Error(`the server still refuses after a login with every scope it asked for (${[...asked].join(' ') || 'none'}); not logging in again`);
    if (!stepUp && logins_ > 0 && ++refusedAfterLogin > 1) throw new Error('the server refused the token of two logins in a row; not logging in again');
    logins_++;
    for (const s of scopeSet(scope)) asked.add(s);
    const person = new HeadlessPerson();
    const out = await logins.login(spec, { opener: person, ...(scope ? { scope } : {}), ...opts });
    await person.finished();
    if (out.type === 'failed') throw new Error(`login failed (${out.code}): ${out.reason}`);
    await pool.reconnect(spec.id);
  };
  const api: PanelApi = {
    async connect() {
      // A one-shot client has no next discovery round (CONN-3): settle instead of the 2 s
      // budget, which every scenario starting at once on 2 cores can miss.
      await pool.discover({ settleWithinMs: SETTLE_MS });
      while (pool.state(spec.id)?.kind === 'needs-auth') await ensureLoggedIn();
      const st = pool.state(spec.id);
      if (st?.kind !== 'connected') throw new Error(`not connected: ${JSON.stringify(st)}`);
    },
    listTools: () => pool.listTools(spec.id),
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
  listTools(): Promise<ToolDef[]>;
  call(tool: string, args?: Record<string, unknown>): Promise<unknown>;
}
