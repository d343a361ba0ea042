// Thin adapters from the engines' real APIs to the api's ports (issue 7 views). Anything an
// engine lacks is bridged here, never patched into the engine folders.
import type { ConnectionPool } from '../connections';
import type { LoginService, BrowserOpener } from '../auth';
import { minimaxRegistryPath, NameRegistryStore } from '../naming/registry-store';
import type { AuthPort, RegistryPort, ToolsPort } from './ports';

export function poolTools(pool: ConnectionPool): ToolsPort {
  return {
    // Only what discovery already holds: listing must never start a server (CONN-2 lazy).
    tools: async (id) => (pool.state(id)?.kind === 'connected' ? pool.listTools(id) : []),
    callTool: (id, tool, args) => pool.callTool(id, tool, args),
    acceptSnapshot: (id) => pool.acceptSnapshot(id),
    details(id) {
      const i = pool.info(id);
      if (!i) return undefined;
      return { stderr: i.stderrTail, traffic: i.traffic, live: i.live, pid: i.pid, diff: i.snapshotDiff };
    },
  };
}

export function loginAuth(login: LoginService): AuthPort {
  return {
    status: (spec) => login.status(spec),
    login: (spec, opts) => {
      const opener: BrowserOpener = { open: opts.opener };
      return login.login(spec, { opener, signal: opts.signal, onEvent: opts.onEvent });
    },
    logout: (spec) => login.logout(spec),
  };
}

/** NAME-1 preview: the agent's registry as it is; nothing claimed, nothing written. */
export function registryReader(env: NodeJS.ProcessEnv): RegistryPort {
  return () => new NameRegistryStore({ file: minimaxRegistryPath(env) }).read();
}
