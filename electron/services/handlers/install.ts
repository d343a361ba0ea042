// AGENT-3 over the api: install one server (a row, an agent's entry, or the editor's draft) into
// the agents the page picks, with the same preview and writes as `mcp-panel install`; undo; the
// "Servers across agents" rows over every detected agent.
import type { AppContract, InstallFrom } from '../../../shared/contract';
import { canonicalOf } from '../../../shared/install/canonical';
import { AppError } from '../../../shared/errors';
import type { Handlers } from '../../../shared/rpc';
import type { Profile } from '../../../shared/schemas/server';
import type { ApiCore } from '../api/core';
import type { DetectPort } from '../api/ports';
import type { ConfigService } from '../config/config-service';
import { acrossAgents, agentServers } from '../install/across';
import { UnknownInstallError } from '../install/apply';
import { KeychainUnavailableError, type InstallService } from '../install/service';
import { RegistryError } from '../registry/client';
import { findRegistryEntry, registrySource } from '../registry/install-source';
import type { RegistryService } from '../registry/service';
import { fromProfile, InstallSourceError, type ResolvedSource } from '../install/source';

type InstallHandlers = Pick<Handlers<AppContract>, 'install.preview' | 'install.apply' | 'install.undo' | 'install.list' | 'install.across' | 'install.agentServers'>;

/** What the api needs (compose.ts wires the real service; absent, these methods answer `unavailable`). */
export interface InstallPort {
  service: Pick<InstallService, 'preview' | 'install' | 'undo' | 'list'>;
  config: Pick<ConfigService, 'load'>;
  /** REG-2: the registries an entry is installed from (absent: `from.kind: registry` is unavailable). */
  registries?: RegistryService;
  /** Whose PATH a registry entry's runtime must be on. */
  env?: NodeJS.ProcessEnv;
}

/** REG-2: the entry of a registry, through its form (the same resolver as `install --from-registry`). */
async function registryFrom(port: InstallPort, from: Extract<InstallFrom, { kind: 'registry' }>): Promise<ResolvedSource> {
  if (!port.registries) throw new AppError('unavailable', 'the registries are not wired on this host');
  const found = await findRegistryEntry(port.registries, { name: from.registry, version: from.version, source: from.source });
  return registrySource(port.registries, found, port.env ?? {}, { values: from.values, ...(from.choice ? { choice: from.choice } : {}) }, from.name);
}

export function installHandlers(core: ApiCore, port: InstallPort | undefined, detect: DetectPort): InstallHandlers {
  const need = (): InstallPort => {
    if (!port) throw new AppError('unavailable', 'installing into other agents is not wired on this host');
    return port;
  };
  const source = async (from: InstallFrom): Promise<ResolvedSource> => {
    const { workspace } = core.selection();
    try {
      if (from.kind === 'server') {
        const s = core.findServer(from.id);
        return await fromProfile(need().config as ConfigService, core.selection().profile, s.name, workspace, s.layer);
      }
      if (from.kind === 'profile') return await fromProfile(need().config as ConfigService, from.profile, from.name, workspace, from.layer);
      if (from.kind === 'registry') return await registryFrom(need(), from);
      const canonical = canonicalOf(from.profile, from.entry);
      if (!canonical) throw new AppError('invalid-input', `${from.name} names no transport the panel can connect over`, { reason: 'no_transport' });
      return { server: from.name, source: { kind: 'entry' }, canonical, from: null };
    } catch (err) {
      // `form`: each field's problem, for the page to show beside its field.
      if (err instanceof InstallSourceError) throw new AppError(err.code === 'not_found' ? 'not-found' : 'invalid-input', err.message, { reason: err.code, ...(err.problems.length ? { problems: [...err.problems] } : {}) });
      if (err instanceof RegistryError) throw new AppError(err.code === 'not_found' ? 'not-found' : 'unavailable', err.message, { reason: err.code });
      throw err;
    }
  };
  const request = async (input: { from: InstallFrom; agents: Profile[]; layer: 'user' | 'project'; replace: boolean; bridge: 'auto' | 'never' | 'always' }) => ({
    source: await source(input.from),
    targets: input.agents,
    layer: input.layer,
    workspace: core.selection().workspace,
    replace: input.replace,
    bridge: input.bridge,
  });
  return {
    'install.preview': async (input) => need().service.preview(await request(input)),
    'install.apply': async (input) => {
      let r;
      try {
        r = await need().service.install({ ...(await request(input)), baseHashes: input.baseHashes as Partial<Record<Profile, string | null>> });
      } catch (err) {
        if (err instanceof KeychainUnavailableError) throw new AppError('unavailable', err.message, { reason: 'keychain' });
        throw err;
      }
      if (r.written.length > 0) await core.changed(`${r.preview.server} installed into ${r.written.length} file(s)`);
      return { id: r.id, written: r.written, failed: r.failed, secretsKept: r.secretsKept };
    },
    'install.undo': async ({ id }) => {
      try {
        const r = await need().service.undo(id);
        if (r.restored.length > 0) await core.changed(`install ${id} undone`);
        return r;
      } catch (err) {
        if (err instanceof UnknownInstallError) throw new AppError('not-found', err.message, { reason: 'unknown_install' });
        throw err;
      }
    },
    'install.list': async () => ({ installs: await need().service.list() }),
    'install.across': async () => {
      const found = await detect();
      const profiles = found.filter((d) => d.detected).map((d) => d.profile);
      return acrossAgents(need().config as ConfigService, profiles, core.selection().workspace);
    },
    'install.agentServers': async () => {
      const found = await detect();
      const { profile, workspace } = core.selection();
      const others = found.filter((d) => d.detected && d.profile !== profile).map((d) => d.profile);
      return agentServers(need().config as ConfigService, profile, others, workspace);
    },
  };
}
