// AGENT-3: where the server to install comes from: an entry of any agent (the one that agent
// uses now, or of a named layer), a registry `server.json` file, or an entry given as it is.
// Each becomes the canonical entry (shared/install/canonical.ts).
import { readBoundedFile } from '../config/bounded-read';
import type { ConfigService } from '../config/config-service';
import { canonicalOf, type CanonicalEntry } from '../../../shared/install/canonical';
import type { InstallSource } from '../../../shared/schemas/install';
import type { EffectiveServer, LayerKind, Profile } from '../../../shared/schemas/server';

export class InstallSourceError extends Error {
  constructor(
    readonly code: 'not_found' | 'unreadable' | 'not_server_json' | 'no_transport' | 'ambiguous',
    message: string,
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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Registry arguments: `{type: positional, value}` and `{type: named, name, value}`. */
function argsOf(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((a) => {
    if (!isRecord(a)) return [];
    const value = str(a.value) ?? str(a.default) ?? (str(a.valueHint) ? `\${${String(a.valueHint).toUpperCase().replace(/[^A-Z0-9]+/g, '_')}}` : undefined);
    if (a.type === 'named' && str(a.name)) return value === undefined ? [String(a.name)] : [String(a.name), value];
    return value === undefined ? [] : [value];
  });
}

/** How a registry package is started (registryType → runner), as the registry's own docs name them. */
function packageCommand(p: Record<string, unknown>): { command: string; args: string[] } | null {
  const id = str(p.identifier);
  if (!id) return null;
  const version = str(p.version);
  const runtime = argsOf(p.runtimeArguments);
  const pkg = argsOf(p.packageArguments);
  switch (p.registryType) {
    case 'npm':
      return { command: str(p.runtimeHint) ?? 'npx', args: [...(runtime.length ? runtime : ['-y']), version ? `${id}@${version}` : id, ...pkg] };
    case 'pypi':
      return { command: str(p.runtimeHint) ?? 'uvx', args: [...runtime, version ? `${id}==${version}` : id, ...pkg] };
    case 'oci':
      return { command: 'docker', args: ['run', '-i', '--rm', ...runtime, version && !id.includes(':') ? `${id}:${version}` : id, ...pkg] };
    case 'nuget':
      return { command: str(p.runtimeHint) ?? 'dnx', args: [...runtime, version ? `${id}@${version}` : id, '--yes', ...pkg] };
    default:
      return null;
  }
}

/** `{NAME: ${NAME}}` for each variable the registry entry names (values come from the user's environment or keychain). */
function envOf(list: unknown): Record<string, string> | undefined {
  if (!Array.isArray(list)) return undefined;
  const out: Record<string, string> = {};
  for (const v of list) if (isRecord(v) && str(v.name)) out[String(v.name)] = str(v.value) && !v.isSecret ? String(v.value) : `\${${String(v.name)}}`;
  return Object.keys(out).length ? out : undefined;
}

/** `Bearer {token}` style registry header values: each `{x}` placeholder becomes `${X}`. */
function headerValue(v: Record<string, unknown>): string {
  const raw = str(v.value) ?? `{${String(v.name)}}`;
  return raw.replace(/\{([A-Za-z_][A-Za-z0-9_-]*)\}/g, (_w, n: string) => `\${${n.toUpperCase().replace(/-/g, '_')}}`);
}

/** A registry `server.json` (modelcontextprotocol/registry: `packages[]` started locally, `remotes[]` reached by URL). */
export function fromServerJson(value: unknown, path: string, nameArg?: string): ResolvedSource {
  if (!isRecord(value) || (!Array.isArray(value.packages) && !Array.isArray(value.remotes))) {
    throw new InstallSourceError('not_server_json', `${path} is not a registry server.json (no "packages" or "remotes")`);
  }
  const server = nameArg ?? (str(value.name)?.split('/').pop() || 'server');
  const packages = (Array.isArray(value.packages) ? value.packages : []).filter(isRecord);
  const remotes = (Array.isArray(value.remotes) ? value.remotes : []).filter(isRecord);
  for (const p of packages) {
    const transport = isRecord(p.transport) ? p.transport.type : 'stdio';
    const cmd = transport === 'stdio' ? packageCommand(p) : null;
    if (!cmd) continue;
    const env = envOf(p.environmentVariables);
    return { server, source: { kind: 'file', path }, canonical: { transport: 'stdio', ...cmd, ...(env ? { env } : {}), enabled: true }, from: null };
  }
  for (const r of remotes) {
    const url = str(r.url);
    if (!url) continue;
    const transport = r.type === 'sse' ? 'sse' : 'http';
    const headers: Record<string, string> = {};
    for (const h of Array.isArray(r.headers) ? r.headers : []) if (isRecord(h) && str(h.name)) headers[String(h.name)] = headerValue(h);
    return { server, source: { kind: 'file', path }, canonical: { transport, url, ...(Object.keys(headers).length ? { headers } : {}), enabled: true }, from: null };
  }
  throw new InstallSourceError('no_transport', `${path} has no package the panel knows how to start (npm, pypi, oci, nuget over stdio) and no remote URL`);
}

export async function fromFile(path: string, nameArg?: string): Promise<ResolvedSource> {
  const read = await readBoundedFile(path);
  if (read.state !== 'ok') throw new InstallSourceError('unreadable', `${path}: ${read.state === 'missing' ? 'no such file' : read.error}`);
  let value: unknown;
  try {
    value = JSON.parse(read.bytes.toString('utf8'));
  } catch (err) {
    throw new InstallSourceError('not_server_json', `${path} is not JSON: ${(err as Error).message}`);
  }
  return fromServerJson(value, path, nameArg);
}
