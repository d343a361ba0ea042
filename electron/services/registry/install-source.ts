// REG-2: the one way from a registry name to the source an install starts from, for the CLI
// (`install --from-registry`) and the page (`install.preview`/`install.apply` with a registry
// entry) alike: the entry found (a given version asked of the registry, a deleted one known as
// deleted), the way to install it chosen, the runtime it needs checked before anything else,
// then the form filled (source.ts). Nothing here reads a secret: the caller brings the values.
import { choicesOf, defaultChoice, type RegistryChoice } from '../../../shared/registry/form';
import { fromRegistry, InstallSourceError, type RegistryFormInput, type ResolvedSource } from '../install/source';
import { runtimeProblem } from './runtime';
import type { Found, RefreshPolicy, RegistryService } from './service';

export interface RegistryWanted {
  name: string;
  version?: string | undefined;
  /** A source's name or URL; every source in turn when absent. */
  source?: string | undefined;
  policy?: RefreshPolicy;
}

/** One version of a registry entry; `not_found` when no registry has it. */
export async function findRegistryEntry(svc: RegistryService, want: RegistryWanted): Promise<Found> {
  const shown = await svc.show(want.name, { ...(want.version ? { version: want.version } : {}), source: want.source, policy: want.policy ?? 'auto' });
  if (!shown) throw new InstallSourceError('not_found', `no server ${want.name}${want.version ? `@${want.version}` : ''} in the registries; \`mcp-panel registry search\` (or Discover) finds names`);
  return shown.found;
}

/** The chosen way to install it (the first the panel can install when none is given). */
export const choiceFor = (found: Found, choice?: RegistryChoice): RegistryChoice | null => choice ?? defaultChoice(found.record.server);

/** The runtime the chosen way needs, on `env`'s PATH (a deleted entry is refused by name instead, in fromRegistry). */
export function registryRuntimeCheck(found: Found, choice: RegistryChoice | null, env: NodeJS.ProcessEnv): void {
  if (found.record.meta.status === 'deleted' || !choice) return;
  const runtime = choicesOf(found.record.server).find((c) => c.choice.kind === choice.kind && c.choice.index === choice.index)?.runtime;
  const problem = runtimeProblem(runtime, env);
  if (problem) throw new InstallSourceError('runtime', problem);
}

/** The install's source: the runtime checked first (against `env`'s PATH), then the form filled. */
export function registrySource(found: Found, env: NodeJS.ProcessEnv, form: RegistryFormInput, nameArg?: string): ResolvedSource {
  const choice = choiceFor(found, form.choice);
  registryRuntimeCheck(found, choice, env);
  return fromRegistry(found.source.url, found.record, nameArg, { ...form, ...(choice ? { choice } : {}) });
}
