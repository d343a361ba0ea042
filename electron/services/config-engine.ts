// The part of the composition root that reads configuration and nothing more: the launch
// environment, the keychain store, the keychain-held config variables and the config engine.
// No MCP SDK, no OAuth, no connection pool: the CLI's commands that connect nothing
// (`status --no-connect`) start from this alone, and createEngine (compose.ts) builds the rest
// on the same pieces, so both read `${VAR}` and the keychain the same way.
import { ConfigService } from './config';
import { sweepStaleGroups } from './connections/group-records';
import { panelDataDir } from './paths';
import { openDataFolder } from './own-folder';
import { openSecretStore } from './auth/keytar-store';
import type { SecretStore } from './auth/secret-store';
import { KeychainConfigSecrets } from './auth/config-secrets';
import { type LaunchEnvironment, resolveLaunchEnvironment } from './launch-env';

export interface ConfigEngine {
  store: SecretStore;
  configSecrets: KeychainConfigSecrets;
  config: ConfigService;
  launch: LaunchEnvironment;
}

export async function createConfigEngine(opts: { env: NodeJS.ProcessEnv; cwd: string; launch?: LaunchEnvironment; store?: SecretStore }): Promise<ConfigEngine> {
  const { env, cwd } = opts;
  // SEC-8: the data folder is the user's alone (made 0700, repaired, or refused with the fix)
  // before anything in it is read; every record read after this checks again.
  const dataDir = openDataFolder(panelDataDir(env));
  // SEC-7: whichever front door starts first ends the stdio servers a killed host left behind.
  // Its refusal (a record another user planted) is thrown below, after the other awaits.
  const swept = sweepStaleGroups(dataDir).then(
    () => null,
    (err: unknown) => err,
  );
  // Servers start in the launch environment (the login shell's PATH and what
  // it adds, when the host asked for it); the config's `${VAR}` check reads the same one, so
  // "set" means what the server will get. The panel's own paths stay on the process env.
  const launch = opts.launch ?? (await resolveLaunchEnvironment({ env, loginShell: false }));
  // AUTH-3/AUTH-5: the keychain when it works, memory otherwise (said plainly by `auth status`).
  const store = opts.store ?? (await openSecretStore());
  const configSecrets = new KeychainConfigSecrets(store, env);
  // CFG-3/CFG-8: a `${VAR}` kept in the keychain is set as far as the config check goes; its
  // value reaches the server only at connect time (the pool's injectEnv).
  const config = new ConfigService({ env: launch.env, cwd, hostVariables: (p) => configSecrets.variableNames(p) });
  const sweepRefused = await swept;
  if (sweepRefused) throw sweepRefused;
  return { store, configSecrets, config, launch };
}
