// The launch doctor over the api's read model and pool: a diagnosis per stdio
// server (the pool's own when the start failed, else what can be seen without starting it),
// and "try launch" of one server outside the pool.
import { type AppContract, TRY_LAUNCH_DEFAULT_MS } from '../../../shared/contract';
import { hostError } from './refusal';
import type { Handlers } from '../../../shared/rpc';
import type { ApiCore } from '../api/core';
import type { EffectiveServer } from '../../../shared/schemas/server';
import { serverId } from '../api/rows';
import type { LaunchDoctor } from '../doctor';

type DoctorHandlers = Pick<Handlers<AppContract>, 'doctor.run' | 'doctor.tryLaunch'>;

export function doctorHandlers(core: ApiCore, doctor: LaunchDoctor): DoctorHandlers {
  return {
    'doctor.run': async ({ id }) => {
      await core.current();
      const servers = id ? [trustedServer(core, id)] : (core.view()?.servers ?? []).filter((s) => s.transport === 'stdio' && s.trusted && s.enabled);
      if (id && servers[0]?.transport !== 'stdio') throw hostError('unsupported', 'host.doctor_not_stdio', { name: servers[0]?.name ?? id });
      return {
        launchEnv: doctor.info(),
        servers: await Promise.all(
          servers.map(async (s) => {
            const sid = serverId(s);
            const state = core.info(sid)?.state;
            const diagnosis = await doctor.diagnose(s, state);
            const era = state?.kind === 'connected' ? { era: state.era ?? null, protocolVersion: state.protocolVersion ?? null } : { era: null, protocolVersion: null };
            return { id: sid, name: s.name, state: state?.kind ?? (s.spec ? 'pending' : 'failed'), diagnosis, ...era };
          }),
        ),
      };
    },
    'doctor.tryLaunch': async ({ id, timeoutMs }) => {
      await core.current();
      const s = trustedServer(core, id);
      if (s.transport !== 'stdio') throw hostError('unsupported', 'host.try_not_stdio', { name: s.name });
      if (!s.spec) {
        const diagnosis = await doctor.diagnose(s, undefined);
        return { command: '', args: [], cwd: '', started: false, answered: false, exit: null, timedOut: false, ms: 0, stdout: [], stderr: [], diagnosis };
      }
      const r = await doctor.tryLaunch(s.spec, timeoutMs ?? TRY_LAUNCH_DEFAULT_MS);
      return { ...r, exit: r.exit ? { code: r.exit.code, signal: r.exit.signal } : null };
    },
  };
}

/**
 * SEC-5/CFG-10: an untrusted workspace stays inert for the doctor too. Trying a launch starts
 * the entry's command, and a diagnosis runs `node --version` from the entry's own PATH.
 */
function trustedServer(core: ApiCore, id: string): EffectiveServer {
  const s = core.findServer(id);
  if (!s.trusted) throw hostError('refused', 'host.doctor_untrusted', { name: s.name });
  return s;
}
