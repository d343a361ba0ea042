// AGENT-3: where the server to install comes from: an entry of any agent (the one that agent
// uses now, or of a named layer), a registry `server.json` file, or an entry given as it is.
// Each becomes the canonical entry (shared/install/canonical.ts).
import { z } from 'zod';
import { readBoundedFile } from '../config/bounded-read';
import { choicesOf, defaultChoice, renderChoice, type FormProblem, type FormValues, type RegistryChoice } from '../../../shared/registry/form';
import { ServerJsonSchema } from '../../../shared/registry/server-json';
import type { ConfigService } from '../config/config-service';
import { canonicalOf, type CanonicalEntry } from '../../../shared/install/canonical';
import type { RegistryRecord } from '../registry/client';
import type { InstallSource } from '../../../shared/schemas/install';
import type { EffectiveServer, LayerKind, Profile } from '../../../shared/schemas/server';

export class InstallSourceError extends Error {
  constructor(
    readonly code: 'not_found' | 'unreadable' | 'not_server_json' | 'no_transport' | 'ambiguous' | 'form' | 'deleted' | 'runtime' | 'bundle',
    message: string,
    /** `form`: each field's problem (key, code, message), for a page to show beside its field. */
    readonly problems: readonly FormProblem[] = [],
  ) {
    super(message);
  }
}

export interface ResolvedSource {
  server: string;
  source: InstallSource;
  canonical: CanonicalEntry;
  /** The agent's entry the canonical one came from (for the bridge line and the tool cache). */
  from: { profile: Profile; server: EffectiveServer } | null;
  /** REG-2: secret values by variable, for the keychain (bound to each written entry); never written to a file. */
  secrets?: Record<string, string>;
  /** The command the entry starts with that must be on this machine (npx, uvx, docker, dnx). */
  runtime?: string | null;
}

/** The entry `name` of `profile` (the effective one, or the one of `layer`). */
export async function fromProfile(config: ConfigService, profile: Profile, name: string, workspace: string | null, layer?: LayerKind): Promise<ResolvedSource> {
  const view = await config.load(profile, workspace);
  const found = layer ? view.servers.find((s) => s.name === name && s.layer === layer) : view.servers.find((s) => s.name === name);
  if (!found) throw new InstallSourceError('not_found', `${profile} has no server named ${name}${layer ? ` in its ${layer} layer` : ''}; known: ${[...new Set(view.servers.map((s) => s.name))].join(', ') || '(none)'}`);
  const canonical = canonicalOf(profile, found.entry);
  if (!canonical) throw new InstallSourceError('no_transport', `${name} in ${found.path} names no transport the panel can connect over`);
  return { server: name, source: { kind: 'profile', profile, layer: found.layer, name }, canonical, from: { profile, server: found } };
}

/** The first agent (in `order`) that has a server called `name`: `install NAME` without --from. */
export async function findSource(config: ConfigService, name: string, workspace: string | null, order: readonly Profile[]): Promise<ResolvedSource> {
  for (const p of order) {
    const view = await config.load(p, workspace);
    if (view.servers.some((s) => s.name === name)) return fromProfile(config, p, name, workspace);
  }
  throw new InstallSourceError('not_found', `no agent has a server named ${name}; name the source with --from PROFILE or --from-file server.json`);
}

/** A person's own server.json may leave out what a registry requires (its description and version). */
const FileServerJsonSchema = ServerJsonSchema.extend({ description: z.string().optional(), version: z.string().optional() });

export interface RegistryFormInput {
  /** The form's values by field key (`--set KEY=value`, the page's form, secrets from stdin). */
  values?: FormValues;
  /** The package or remote to install; the first the panel can install when not given. */
  choice?: RegistryChoice;
}

/**
 * REG-2: a registry `server.json` (modelcontextprotocol/registry: `packages[]` started locally,
 * `remotes[]` reached by URL) through the form (shared/registry/form.ts): the chosen package or
 * remote, its variables, arguments and headers filled, the version pinned, secrets handed back
 * for the keychain. Every problem is said at once, with what to set.
 */
export function fromServerJson(value: unknown, path: string, nameArg?: string, form: RegistryFormInput = {}, source: InstallSource = { kind: 'file', path }): ResolvedSource {
  if (typeof value !== 'object' || value === null || (!('packages' in value) && !('remotes' in value))) {
    throw new InstallSourceError('not_server_json', `${path} is not a registry server.json (no "packages" or "remotes")`);
  }
  const parsed = FileServerJsonSchema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.map(String).join('.') || '(top)'}: ${i.message}`);
    throw new InstallSourceError('not_server_json', `${path} is not a valid server.json: ${issues.join('; ')}`);
  }
  const doc = parsed.data;
  const server = nameArg ?? (doc.name.split('/').pop() || 'server');
  const choice = form.choice ?? defaultChoice(doc);
  if (!choice) {
    const why = choicesOf(doc).map((c) => `${c.label}: ${c.problem}`).join('; ');
    throw new InstallSourceError('no_transport', `${path} has no package the panel knows how to start (npm, pypi, oci, nuget over stdio, an MCPB bundle with its SHA-256) and no remote URL${why ? ` (${why})` : ''}`);
  }
  const r = renderChoice(doc, choice, form.values ?? {});
  if (!r.ok) throw new InstallSourceError('form', r.problems.map((p) => p.message).join('; '), r.problems);
  return { server, source, canonical: r.canonical, from: null, secrets: r.secrets, runtime: r.runtime };
}

/** REG-2/REG-4: one version from a registry; a deleted entry is refused, whatever its file says. */
export function fromRegistry(registry: string, record: RegistryRecord, nameArg?: string, form: RegistryFormInput = {}): ResolvedSource {
  const { server, meta } = record;
  const at = `${server.name}@${server.version}`;
  if (meta.status === 'deleted') throw new InstallSourceError('deleted', `${at} was deleted from ${registry}${meta.statusMessage ? ` (${meta.statusMessage})` : ''}; the panel does not install it`);
  return fromServerJson(server, at, nameArg, form, { kind: 'registry', registry, name: server.name, version: server.version });
}

export async function fromFile(path: string, nameArg?: string, form: RegistryFormInput = {}): Promise<ResolvedSource> {
  const read = await readBoundedFile(path);
  if (read.state !== 'ok') throw new InstallSourceError('unreadable', `${path}: ${read.state === 'missing' ? 'no such file' : read.error}`);
  let value: unknown;
  try {
    value = JSON.parse(read.bytes.toString('utf8'));
  } catch (err) {
    throw new InstallSourceError('not_server_json', `${path} is not JSON: ${(err as Error).message}`);
  }
  return fromServerJson(value, path, nameArg, form);
}
