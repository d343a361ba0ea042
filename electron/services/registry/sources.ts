// REG-1: the registries the panel reads. The official MCP Registry is there by default
// (MCP_PANEL_REGISTRY replaces it: a company's mirror, or a test's registry on 127.0.0.1);
// others (a company's subregistry, the GitHub MCP registry) are added by URL and kept in the
// panel's data folder, through its own-folder checks (SEC-8), like every record there.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { readOwnJson, writeOwnFile } from '../own-folder';
import { LOOPBACK_HOSTS } from '../../../shared/registry/identifiers';

export const OFFICIAL_REGISTRY = 'https://registry.modelcontextprotocol.io';

export interface RegistrySource {
  /** Stable and file-name safe: the catalogue's file is named by it. */
  id: string;
  url: string;
  name: string;
  builtin: boolean;
}

export class RegistrySourceError extends Error {}

/**
 * A registry's base URL as the panel keeps it: https (http only on this machine's loopback),
 * no credentials, no query; a pasted `/v0.1` or `/v0.1/servers` is taken off.
 */
export function normalizeRegistryUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw new RegistrySourceError(`"${raw}" is not a URL; give the registry's base URL, e.g. ${OFFICIAL_REGISTRY}`);
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname))) {
    throw new RegistrySourceError(`${u.origin} is not https; a registry is read over https (plain http only on 127.0.0.1)`);
  }
  if (u.username || u.password) throw new RegistrySourceError('a registry URL carries no user name or password');
  if (u.search || u.hash) throw new RegistrySourceError('give the registry\'s base URL without a query or #fragment');
  const path = u.pathname.replace(/\/+$/, '').replace(/\/v0(\.1)?(\/servers)?$/, '');
  return `${u.origin}${path}`;
}

const idOf = (url: string) => createHash('sha256').update(url).digest('hex').slice(0, 12);

const StoredSchema = z.object({ sources: z.array(z.object({ url: z.string(), name: z.string() })) });

export class RegistrySources {
  private readonly file: string;
  private readonly defaultUrl: string;

  constructor(
    private readonly dataDir: string,
    env: NodeJS.ProcessEnv = {},
  ) {
    this.file = join(dataDir, 'registry', 'sources.json');
    this.defaultUrl = normalizeRegistryUrl(env.MCP_PANEL_REGISTRY || OFFICIAL_REGISTRY);
  }

  private stored(): Array<{ url: string; name: string }> {
    const parsed = StoredSchema.safeParse(readOwnJson(this.dataDir, this.file));
    return parsed.success ? parsed.data.sources : [];
  }

  list(): RegistrySource[] {
    const builtin: RegistrySource = { id: idOf(this.defaultUrl), url: this.defaultUrl, name: new URL(this.defaultUrl).host, builtin: true };
    const added = this.stored()
      .filter((s) => s.url !== this.defaultUrl)
      .map((s) => ({ id: idOf(s.url), url: s.url, name: s.name, builtin: false }));
    return [builtin, ...added];
  }

  /** The source named by its name, id or URL; every source when `which` is undefined. */
  pick(which?: string): RegistrySource[] {
    const all = this.list();
    if (which === undefined) return all;
    let url: string | null = null;
    try {
      url = normalizeRegistryUrl(which);
    } catch {
      // a name or an id
    }
    const found = all.filter((s) => s.name === which || s.id === which || s.url === url);
    if (found.length === 0) throw new RegistrySourceError(`no registry "${which}"; known: ${all.map((s) => s.name).join(', ')} (add one with mcp-panel registry add-source URL)`);
    return found;
  }

  async add(rawUrl: string, name?: string): Promise<{ source: RegistrySource; added: boolean }> {
    const url = normalizeRegistryUrl(rawUrl);
    const label = name?.trim() || new URL(url).host;
    const existing = this.list();
    const same = existing.find((s) => s.url === url);
    if (same) return { source: same, added: false };
    if (existing.some((s) => s.name === label)) throw new RegistrySourceError(`a registry is already called "${label}"; pass --name to call this one something else`);
    await writeOwnFile(this.dataDir, this.file, `${JSON.stringify({ sources: [...this.stored(), { url, name: label }] }, null, 2)}\n`);
    return { source: { id: idOf(url), url, name: label, builtin: false }, added: true };
  }

  async remove(which: string): Promise<RegistrySource> {
    const [found] = this.pick(which);
    if (!found || found.builtin) throw new RegistrySourceError(`${which} is the default registry; it cannot be removed (MCP_PANEL_REGISTRY replaces it)`);
    await writeOwnFile(this.dataDir, this.file, `${JSON.stringify({ sources: this.stored().filter((s) => s.url !== found.url) }, null, 2)}\n`);
    return found;
  }
}
