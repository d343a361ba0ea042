// REG-2: the one way from a registry name to the source an install starts from, for the CLI
// (`install --from-registry`) and the page (`install.preview`/`install.apply` with a registry
// entry) alike: the entry found (a given version asked of the registry, a deleted one known as
// deleted), the way to install it chosen, the runtime it needs checked before anything else,
// then the form filled (source.ts). REG-3: a way that is an MCPB bundle is fetched and verified
// first (mcpb/store.ts); its form and its entry come from its manifest (mcpb/config.ts). Nothing
// here reads a secret: the caller brings the values.
import { choicesOf, defaultChoice, formFields, type ChoiceSummary, type FormField, type RegistryChoice } from '../../../shared/registry/form';
import type { RegistryPackage } from '../../../shared/registry/server-json';
import { fromRegistry, InstallSourceError, type RegistryFormInput, type ResolvedSource } from '../install/source';
import { homeDir } from '../paths';
import { bundleFields, bundleRuntime, renderBundle } from './mcpb/config';
import type { OpenedBundle } from './mcpb/store';
import { BundleError } from './mcpb/unpack';
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

/** The MCPB package `choice` names (null: another way), refused when the panel cannot install it (no fileSha256, not an https URL). */
function bundleOf(found: Found, choice: RegistryChoice | null): RegistryPackage | null {
  if (!choice || choice.kind !== 'package' || found.record.meta.status === 'deleted') return null;
  const p = found.record.server.packages?.[choice.index];
  if (p?.registryType !== 'mcpb') return null;
  const problem = choicesOf(found.record.server).find((c) => c.choice.kind === 'package' && c.choice.index === choice.index)?.problem;
  if (problem) throw new InstallSourceError('no_transport', `${found.record.server.name}@${found.record.server.version}: ${problem}`);
  return p;
}

/** The bundle fetched, verified and unpacked (or found unpacked); its refusal as an install source's error. */
async function openBundle(svc: RegistryService, pkg: RegistryPackage): Promise<OpenedBundle> {
  try {
    return await svc.bundles.open(pkg);
  } catch (err) {
    if (err instanceof BundleError) throw new InstallSourceError('bundle', err.message);
    throw err;
  }
}

/** What the chosen way asks for and needs: its form, and the runtime it starts with (a bundle is fetched and verified for both). */
export async function wayOf(svc: RegistryService, found: Found, choice: RegistryChoice | null, platform: NodeJS.Platform = process.platform): Promise<{ fields: FormField[]; runtime: string | null }> {
  const pkg = bundleOf(found, choice);
  if (pkg) {
    const { manifest } = await openBundle(svc, pkg);
    return { fields: bundleFields(manifest), runtime: bundleRuntime(manifest, platform) };
  }
  const runtime = choice ? choicesOf(found.record.server).find((c) => c.choice.kind === choice.kind && c.choice.index === choice.index)?.runtime : null;
  return { fields: (choice && formFields(found.record.server, choice)) || [], runtime: runtime ?? null };
}

/**
 * One way to install an entry, with its form. REG-3: a bundle's form is its manifest's
 * user_config, so the bundle is fetched and verified here (once: it is kept by digest); a bundle
 * that is refused (its digest, an entry leaving its folder) is a way with that problem.
 */
export async function describeWay(svc: RegistryService, found: Found, c: ChoiceSummary, env: NodeJS.ProcessEnv): Promise<ChoiceSummary & { runtimeProblem: string | null; fields: FormField[] }> {
  const p = c.choice.kind === 'package' ? found.record.server.packages?.[c.choice.index] : undefined;
  if (p?.registryType !== 'mcpb' || c.problem || found.record.meta.status === 'deleted') return { ...c, runtimeProblem: runtimeProblem(c.runtime, env), fields: formFields(found.record.server, c.choice) ?? [] };
  try {
    const way = await wayOf(svc, found, c.choice);
    return { ...c, runtime: way.runtime, runtimeProblem: runtimeProblem(way.runtime, env), fields: way.fields };
  } catch (err) {
    if (err instanceof InstallSourceError) return { ...c, runtimeProblem: null, problem: err.message, fields: [] };
    throw err;
  }
}

/** The runtime `runtime` on `env`'s PATH, or the install is refused with the fix. */
export function requireRuntime(runtime: string | null, env: NodeJS.ProcessEnv): void {
  const problem = runtimeProblem(runtime, env);
  if (problem) throw new InstallSourceError('runtime', problem);
}

/** The runtime the chosen way needs, on `env`'s PATH (a deleted entry is refused by name instead, in fromRegistry). */
function registryRuntimeCheck(found: Found, choice: RegistryChoice | null, env: NodeJS.ProcessEnv): void {
  if (found.record.meta.status === 'deleted' || !choice) return;
  requireRuntime(choicesOf(found.record.server).find((c) => c.choice.kind === choice.kind && c.choice.index === choice.index)?.runtime ?? null, env);
}

/** The install's source: the runtime checked first (against `env`'s PATH), then the form filled; a bundle from its verified folder. */
export async function registrySource(svc: RegistryService, found: Found, env: NodeJS.ProcessEnv, form: RegistryFormInput, nameArg?: string): Promise<ResolvedSource> {
  const choice = choiceFor(found, form.choice);
  const pkg = bundleOf(found, choice);
  if (!pkg) {
    registryRuntimeCheck(found, choice, env);
    return fromRegistry(found.source.url, found.record, nameArg, { ...form, ...(choice ? { choice } : {}) });
  }
  const { server } = found.record;
  const bundle = await openBundle(svc, pkg);
  requireRuntime(bundleRuntime(bundle.manifest), env);
  const r = renderBundle(bundle.manifest, bundle.dir, form.values ?? {}, homeDir(env));
  if (!r.ok) throw new InstallSourceError('form', r.problems.map((p) => p.message).join('; '), r.problems);
  return {
    server: nameArg ?? (server.name.split('/').pop() || 'server'),
    source: { kind: 'registry', registry: found.source.url, name: server.name, version: server.version },
    canonical: r.canonical,
    from: null,
    secrets: r.secrets,
    runtime: r.runtime,
  };
}
