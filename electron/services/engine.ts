// The engines every front door shares, wired once: the keychain-backed token broker, the
// config engine that knows which variables the keychain holds, and pools that use both.
// The desktop/web composition root (lifecycle.ts) and the CLI build on this, so a login made
// in one is honoured by the other.
import { ConfigService } from './config';
import { ConnectionPool, sweepStaleGroups, type Logger } from './connections';
import { openSecretStore, TokenBroker } from './auth';
import { KeychainConfigSecrets } from './auth/config-secrets';
import { panelDataDir } from './paths';

export interface Engine {
  broker: TokenBroker;
  configSecrets: KeychainConfigSecrets;
  config: ConfigService;
  createPool(opts?: { workspace?: string | null; logger?: Logger }): ConnectionPool;
}

export async function createEngine(opts: { env: NodeJS.ProcessEnv; cwd: string }): Promise<Engine> {
  const { env, cwd } = opts;
  const dataDir = panelDataDir(env);
  // SEC-7: end the stdio servers a killed host left behind, before this host starts its own.
  const swept = sweepStaleGroups(dataDir);
  // AUTH-3/AUTH-5: the keychain when it works, memory otherwise (said plainly by `auth status`).
  const broker = new TokenBroker({ store: await openSecretStore() });
  const configSecrets = new KeychainConfigSecrets(broker.store, env);
  // CFG-3/CFG-8: a `${VAR}` kept in the keychain is set as far as the config check goes; its
  // value reaches the server only at connect time (injectEnv below).
  const config = new ConfigService({ env, cwd, hostVariables: (p) => configSecrets.variableNames(p) });
  await swept;
  return {
    broker,
    configSecrets,
    config,
    createPool: ({ workspace, logger } = {}) =>
      new ConnectionPool({
        dataDir,
        env,
        ...(workspace ? { workspaceRoot: workspace } : {}),
        ...(logger ? { logger } : {}),
        authProvider: broker.authProviderFor, // AUTH-1: stored tokens; a 401 → needs-auth
        injectEnv: (spec) => configSecrets.envFor(spec), // CFG-8: keychain-held config secrets
      }),
  };
}
