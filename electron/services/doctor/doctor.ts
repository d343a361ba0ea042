// The launch doctor as the api uses it: the environment servers start in,
// a diagnosis per stdio server, and the one-off "try launch". Built on the host's launch
// environment (launch-env/) and its keychain injection, so it sees what the pool gives a server.
import { type ConnectionSpec, type EffectiveServer, isLaunchDiagnosis, type ServerState } from '../../../shared/schemas/server';
import { expandVars } from '../config/expand';
import type { LaunchEnvironment } from '../launch-env';
import { type Diagnosis, diagnoseLaunch, type DoctorEnv } from './diagnose';
import { tryLaunch, type TryLaunchResult } from './try-launch';

export interface LaunchEnvInfo {
  source: LaunchEnvironment['source'];
  shell: string | null;
  ms: number;
  note: LaunchEnvironment['note'];
  /** The PATH stdio servers start with (before an entry's own env). */
  path: string;
}

export interface LaunchDoctor {
  info(): LaunchEnvInfo;
  /** Why this stdio server does not start, or null when nothing is wrong that the doctor can see. */
  diagnose(server: EffectiveServer, state: ServerState | undefined): Promise<Diagnosis | null>;
  tryLaunch(spec: ConnectionSpec, timeoutMs: number): Promise<TryLaunchResult>;
}

export interface DoctorDeps {
  launch: Pick<LaunchEnvironment, 'env' | 'source' | 'shell' | 'ms' | 'note' | 'loginPath'>;
  /** The keychain's values for a server (CFG-8), as the pool injects them. */
  injectEnv?: (spec: ConnectionSpec) => Promise<Record<string, string>>;
}

export function createLaunchDoctor(deps: DoctorDeps): LaunchDoctor {
  const { launch } = deps;
  const denv = async (spec: ConnectionSpec): Promise<DoctorEnv> => ({
    env: launch.env,
    injected: deps.injectEnv ? await deps.injectEnv(spec) : {},
    loginPath: launch.loginPath,
  });
  return {
    info: () => ({ source: launch.source, shell: launch.shell, ms: launch.ms, note: launch.note, path: launch.env.PATH ?? '' }),
    async diagnose(server, state) {
      const spec = server.spec;
      if (!spec) {
        // CFG-3: an entry whose `${VAR}` is unset never became a spec; say which variable.
        const [variable] = expandVars(server.entry, launch.env).missing;
        if (variable !== undefined) return { code: 'variable_unset', params: { variable }, reason: '' };
        return server.error ? { code: 'config_error', params: {}, reason: server.error } : null;
      }
      if (state?.kind === 'failed' && isLaunchDiagnosis(state.code)) return { code: state.code, params: state.params ?? {}, reason: state.reason };
      if (state?.kind === 'connected') return null;
      // Not started yet, or failed for another reason: what can be seen without starting it.
      const found = await diagnoseLaunch(spec, await denv(spec));
      if (found) return found;
      return state?.kind === 'failed' ? { code: state.code, params: state.params ?? {}, reason: state.reason } : null;
    },
    async tryLaunch(spec, timeoutMs) {
      return tryLaunch(spec, await denv(spec), { timeoutMs });
    },
  };
}
