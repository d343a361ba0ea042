// REG-1: one registry that speaks the MCP Registry's generic API (OpenAPI `/v0.1`: `GET
// /v0.1/servers` with `search`, `cursor`, `limit`, `updated_since`, `version`; `GET
// /v0.1/servers/{name}/versions`), asked within bounds. Every answer is held to `maxBytes`
// (the same counting fetch as a remote MCP server's answers: mcp/bounded-fetch.ts) and to
// `timeoutMs`; what comes back is checked (ServerListSchema), and each entry is parsed on its own:
// a malformed one is set aside with its reason, the rest of the page is kept.
import { boundedFetch, isMessageTooLarge } from '../mcp/bounded-fetch';
import { OFFICIAL_META, ServerListSchema, ServerResponseSchema, type OfficialMeta, type ServerJson } from '../../../shared/registry/server-json';

export type RegistryErrorCode = 'timeout' | 'too_big' | 'unreachable' | 'http' | 'not_json' | 'not_registry' | 'not_found';

export class RegistryError extends Error {
  constructor(
    readonly code: RegistryErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface RegistryBounds {
  /** `limit` per page (the official registry serves at most 100). */
  pageSize: number;
  /** Pages one refresh reads before it stops (and resumes there next time). */
  maxPages: number;
  /** Bytes of one answer. */
  maxBytes: number;
  /** Milliseconds for one answer, headers and body. */
  timeoutMs: number;
}

export const DEFAULT_BOUNDS: RegistryBounds = { pageSize: 100, maxPages: 100, maxBytes: 4 * 1024 * 1024, timeoutMs: 20_000 };

/** One entry as the registry gave it: the server.json and the registry's own word on it. */
export interface RegistryRecord {
  server: ServerJson;
  meta: OfficialMeta;
}

export interface SkippedRecord {
  /** The entry's name when it had a readable one. */
  name: string | null;
  reason: string;
}

export interface RegistryPage {
  records: RegistryRecord[];
  skipped: SkippedRecord[];
  nextCursor: string | null;
}

export interface ListQuery {
  cursor?: string;
  search?: string;
  updatedSince?: string;
  version?: string;
  limit?: number;
}

/** A malformed entry's reason: the first few issues, path and message. */
function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(entry)'}: ${i.message}`)
    .join('; ');
}

export function parseRecord(raw: unknown): { ok: true; record: RegistryRecord } | { ok: false; skipped: SkippedRecord } {
  const r = ServerResponseSchema.safeParse(raw);
  if (r.success) return { ok: true, record: { server: r.data.server, meta: r.data._meta?.[OFFICIAL_META] ?? {} } };
  const server = typeof raw === 'object' && raw !== null ? (raw as { server?: { name?: unknown } }).server : undefined;
  const name = typeof server?.name === 'string' ? server.name.slice(0, 200) : null;
  return { ok: false, skipped: { name, reason: describeIssues(r.error.issues) } };
}

export class RegistryClient {
  private readonly fetch: typeof fetch;

  constructor(
    /** The registry's base URL, without `/v0.1`. */
    readonly baseUrl: string,
    private readonly bounds: RegistryBounds = DEFAULT_BOUNDS,
    base: typeof fetch = fetch,
  ) {
    this.fetch = boundedFetch(base, bounds.maxBytes);
  }

  private url(path: string, query: Record<string, string | undefined> = {}): string {
    const u = new URL(`${this.baseUrl.replace(/\/+$/, '')}/v0.1${path}`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) u.searchParams.set(k, v);
    return u.toString();
  }

  /** One GET, bounded in time and bytes, as JSON; every failure a RegistryError that says what to do. */
  private async getJson(url: string): Promise<unknown> {
    const where = this.baseUrl;
    const signal = AbortSignal.timeout(this.bounds.timeoutMs);
    let text: string;
    try {
      const res = await this.fetch(url, { signal, headers: { accept: 'application/json' }, redirect: 'error' });
      if (res.status === 404) {
        await res.body?.cancel().catch(() => undefined);
        throw new RegistryError('not_found', `${where} has no such server or version (404)`);
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new RegistryError('http', `${where} answered ${res.status} ${res.statusText}; the last good catalogue is kept; try again later, or check the registry's URL (mcp-panel registry sources)`);
      }
      text = await res.text();
    } catch (err) {
      if (err instanceof RegistryError) throw err;
      if (isMessageTooLarge(err)) throw new RegistryError('too_big', `${where} sent an answer over ${Math.round(this.bounds.maxBytes / 1024)} KB, the limit for one page; the last good catalogue is kept (is this a registry?)`);
      if (signal.aborted) throw new RegistryError('timeout', `${where} did not answer within ${Math.round(this.bounds.timeoutMs / 1000)} s; the last good catalogue is kept, try again later`);
      throw new RegistryError('unreachable', `cannot reach ${where}: ${(err as Error).message}; the last good catalogue is kept (offline?)`);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new RegistryError('not_json', `${where} answered something that is not JSON; the last good catalogue is kept (is ${where} an MCP registry? It should serve /v0.1/servers)`);
    }
  }

  private page(value: unknown): RegistryPage {
    const list = ServerListSchema.safeParse(value);
    if (!list.success) throw new RegistryError('not_registry', `${this.baseUrl} answered JSON that is not a server list (${describeIssues(list.error.issues)}); the last good catalogue is kept (is it an MCP registry?)`);
    const records: RegistryRecord[] = [];
    const skipped: SkippedRecord[] = [];
    for (const raw of list.data.servers) {
      const r = parseRecord(raw);
      if (r.ok) records.push(r.record);
      else skipped.push(r.skipped);
    }
    const next = list.data.metadata?.nextCursor;
    return { records, skipped, nextCursor: typeof next === 'string' && next !== '' ? next : null };
  }

  async list(q: ListQuery = {}): Promise<RegistryPage> {
    const url = this.url('/servers', {
      cursor: q.cursor,
      search: q.search,
      updated_since: q.updatedSince,
      version: q.version,
      limit: String(q.limit ?? this.bounds.pageSize),
    });
    return this.page(await this.getJson(url));
  }

  /** Every version of one server, newest first (as the registry orders them). */
  async versions(name: string): Promise<RegistryPage> {
    // Deleted versions too: shown with their status, and refused by name rather than "not found" (REG-4).
    return this.page(await this.getJson(this.url(`/servers/${encodeURIComponent(name)}/versions`, { include_deleted: 'true' })));
  }

  /** One version (`latest` for the newest). */
  async get(name: string, version = 'latest'): Promise<RegistryRecord> {
    const value = await this.getJson(this.url(`/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`, { include_deleted: 'true' }));
    const r = parseRecord(value);
    if (!r.ok) throw new RegistryError('not_registry', `${name}@${version} from ${this.baseUrl} is not a valid server.json: ${r.skipped.reason}`);
    return r.record;
  }
}
