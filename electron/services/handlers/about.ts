// app.about (issue 22): Settings' facts about this panel, from the engines that own them: the
// keychain's own status, its list of kept secrets (names and owners, never values) and the
// trust store. Without the port (test fakes) the method answers `unavailable`.
import type { AppContract, HostKind } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import type { Handlers } from '../../../shared/rpc';
import type { KeychainConfigSecrets } from '../auth/config-secrets';
import type { TrustStore } from '../config/trust-store';
import type { SecretsPort } from '../api/ports';

/** The panel's data folder, its kept secrets and its trusted workspaces (compose.ts wires them). */
export interface AboutPort {
  dataDir: string;
  secrets: KeychainConfigSecrets['list'];
  trusted: TrustStore['list'];
}

type AboutHandlers = Pick<Handlers<AppContract>, 'app.about'>;

export function aboutHandlers(deps: { version: string; host: HostKind; secrets: SecretsPort; about?: AboutPort }): AboutHandlers {
  return {
    'app.about': async () => {
      const about = deps.about;
      if (!about) throw new AppError('unavailable', 'this host does not say where it keeps its data');
      const [keychain, kept, trusted] = await Promise.all([deps.secrets.status(), about.secrets().catch(() => []), about.trusted()]);
      return {
        version: deps.version,
        host: deps.host,
        dataDir: about.dataDir,
        keychain,
        secrets: kept.map((s) => ({ profile: s.profile, server: s.name, variable: s.variable, layer: s.owner?.layer ?? null, path: s.owner?.path ?? null })),
        trusted,
      };
    },
  };
}
