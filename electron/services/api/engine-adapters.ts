// Thin adapters from the engines' real APIs to the api's ports (issue 7 views). Anything an
// engine lacks is bridged here, never patched into the engine folders.
import type { ConnectionPool } from '../connections';
import { serverIdentity, type LoginService, type SecretStore, type BrowserOpener } from '../auth';
import { minimaxRegistryPath, NameRegistryStore } from '../naming/registry-store';
import type { ConnectionSpec, Profile } from '../../../shared/schemas/server';
import type { AuthPort, KeychainStatus, RegistryPort, SecretsPort, ToolsPort } from './ports';

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

/**
 * CFG-8 keychain field. A config secret is one SecretStore account per variable, under the
 * server's identity (profile + configured id, no URL: the variable belongs to the entry):
 * `<identity>:env:<VARIABLE>`. The pool injects them as environment at connect time
 * (CONN-4 host-injected env, which `${VAR}` in env and headers also resolve against).
 */
export function configSecretIdentity(profile: Profile, server: string): string {
  return serverIdentity({ profile, id: `configured:${profile}:${server}`, url: undefined });
}

const ENV_MARK = ':env:';

export class KeychainConfigSecrets implements SecretsPort {
  constructor(private readonly store: SecretStore) {}

  async storeEnvSecret(profile: Profile, server: string, variable: string, secret: string): Promise<void> {
    await this.store.set(`${configSecretIdentity(profile, server)}${ENV_MARK}${variable}`, secret);
  }

  /**
   * ConfigServiceOptions.hostVariables (CFG-3): per server name, the variables kept here.
   * Lists account names only; no secret is read.
   */
  async variableNames(profile: Profile): Promise<Map<string, Set<string>>> {
    // Every config-secret identity of this profile starts so; OAuth accounts share the prefix
    // and are told apart by recomputing the identity from the decoded name.
    const prefix = configSecretIdentity(profile, '').split('#')[0] ?? '';
    const out = new Map<string, Set<string>>();
    for (const account of await this.store.list(prefix)) {
      const at = account.indexOf(ENV_MARK);
      if (at < 0) continue;
      const identity = account.slice(0, at);
      const hash = identity.lastIndexOf('#');
      let server: string;
      try {
        server = decodeURIComponent(identity.slice(prefix.length, hash < 0 ? undefined : hash));
      } catch {
        continue; // not an identity we wrote
      }
      if (configSecretIdentity(profile, server) !== identity) continue;
      const set = out.get(server) ?? new Set<string>();
      set.add(account.slice(at + ENV_MARK.length));
      out.set(server, set);
    }
    return out;
  }

  async status(): Promise<KeychainStatus> {
    const s = await this.store.status();
    return { available: s.available, backend: s.backend, reason: s.reason ?? null, fix: s.fix ?? null };
  }

  /** PoolOptions.injectEnv: every stored variable of this server. */
  async envFor(spec: Pick<ConnectionSpec, 'profile' | 'name'>): Promise<Record<string, string>> {
    const prefix = `${configSecretIdentity(spec.profile, spec.name)}${ENV_MARK}`;
    const out: Record<string, string> = {};
    for (const account of await this.store.list(prefix)) {
      const v = await this.store.get(account);
      if (v !== undefined) out[account.slice(prefix.length)] = v;
    }
    return out;
  }
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
