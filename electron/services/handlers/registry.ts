// REG-1/REG-2 over the api (shared/contract/registry.ts): the same RegistryService the CLI's
// `registry …` commands use, its answers as the Discover view reads them. Registry errors
// (a bad URL, a registry that cannot be reached for a version asked by name) become data.
import type { AppContract, RegistryEntry, RegistryHit } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import { choicesOf } from '../../../shared/registry/form';
import { httpUrl, invisibleFields, registryFindings } from '../../../shared/registry/identifiers';
import type { Handlers } from '../../../shared/rpc';
import type { RegistryRecord } from '../registry/client';
import { RegistryError } from '../registry/client';
import { describeWay } from '../registry/install-source';
import type { RegistryService } from '../registry/service';
import { RegistrySourceError, type RegistrySource } from '../registry/sources';

type RegistryHandlers = Pick<Handlers<AppContract>, 'registry.sources' | 'registry.addSource' | 'registry.search' | 'registry.show'>;

const namespaceOf = (name: string) => name.slice(0, Math.max(0, name.indexOf('/')));

function hit(source: RegistrySource, r: RegistryRecord, icon: string | null): RegistryHit {
  const s = r.server;
  return {
    source: source.name,
    registry: source.url,
    name: s.name,
    namespace: namespaceOf(s.name),
    title: s.title ?? null,
    description: s.description,
    version: s.version,
    status: r.meta.status ?? 'active',
    statusMessage: r.meta.statusMessage ?? null,
    repository: httpUrl(s.repository?.url),
    invisible: invisibleFields(s),
    ...registryFindings(s),
    icon,
  };
}

async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof RegistrySourceError) throw new AppError('invalid-input', err.message, { reason: 'source' });
    if (err instanceof RegistryError) throw new AppError(err.code === 'not_found' ? 'not-found' : 'unavailable', err.message, { reason: err.code });
    throw err;
  }
}

export function registryHandlers(svc: RegistryService | undefined, env: NodeJS.ProcessEnv): RegistryHandlers {
  const need = (): RegistryService => {
    if (!svc) throw new AppError('unavailable', 'the registries are not wired on this host');
    return svc;
  };
  const states = <S extends { records?: unknown; refreshed?: unknown }>(list: readonly S[]) => list.map(({ records: _r, refreshed: _f, ...s }) => s);
  return {
    'registry.sources': () => guarded(async () => ({ sources: states(await need().catalogues('never')) })),
    'registry.addSource': ({ url, name }) => guarded(() => need().sources.add(url, name)),
    'registry.search': ({ query, limit, source, refresh }) =>
      guarded(async () => {
        const r = await need().search(query, { policy: refresh, source, limit });
        // A row shows an icon already kept; only an entry's detail fetches one.
        return { results: r.results.map((x) => hit(x.source, x.record, need().icons.cached(x.record.server))), sources: states(r.sources) };
      }),
    'registry.show': ({ name, version, source, refresh }) =>
      guarded(async (): Promise<RegistryEntry> => {
        const r = await need().show(name, { ...(version ? { version } : {}), source, policy: refresh });
        if (!r) throw new AppError('not-found', `no server ${name}${version ? `@${version}` : ''} in the registries`, { reason: 'not_found' });
        const { record, source: from } = r.found;
        const s = record.server;
        // The icon is fetched beside the ways (a bundle may be downloaded there), never after them.
        const [icon, ways] = await Promise.all([need().icons.get(s), Promise.all(choicesOf(s).map((c) => describeWay(need(), r.found, c, env)))]);
        return {
          source: from.name,
          registry: from.url,
          namespace: namespaceOf(s.name),
          server: s,
          meta: record.meta,
          repository: httpUrl(s.repository?.url),
          website: httpUrl(s.websiteUrl),
          invisible: invisibleFields(s),
          ...registryFindings(s),
          icon,
          ways,
          versions: r.versions?.map((v) => ({ version: v.server.version, status: v.meta.status ?? 'active', isLatest: v.meta.isLatest ?? false, publishedAt: v.meta.publishedAt ?? null })) ?? null,
          versionsError: r.versionsError,
        };
      }),
  };
}
