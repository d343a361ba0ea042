// Issue 14 item 4: a connected server at MCP Inspector level. Each method runs one SDK request
// over the server's session (pool.request: connects on first use, CONN-2) and answers plain data;
// failures cross as codes with a `reason` the page translates (shared/i18n/messages/detail.ts).
import { MAX_TEMPLATE_PARAMS, TEMPLATE_MAX_CHARS, TEXT_PREVIEW_CHARS, type AppContract } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import type { Handlers } from '../../../shared/rpc';
import type { ApiCore } from '../api/core';
import { isRunnable } from '../api/rows';
import { errorMessage } from '../connections/errors';
import { base64Bytes, convertResult, MAX_BINARY_BYTES } from '../connections/results';
import { classifyMcpError, expandTemplate, type ListCached, type Session, templateVariables, type WholeLists } from '../mcp';
import { notRunnable } from './refusal';

type InspectHandlers = Pick<
  Handlers<AppContract>,
  'inspect.server' | 'inspect.ping' | 'inspect.setLogLevel' | 'inspect.resources' | 'inspect.templates' | 'inspect.read' | 'inspect.prompts' | 'inspect.getPrompt'
>;
type Capability = 'resources' | 'prompts' | null;

/** The optional string fields of an SDK answer that are present (absent ones stay absent). */
function pick<T extends Record<string, unknown>>(o: T, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) if (typeof o[k] === 'string') out[k] = o[k];
  return out;
}

/**
 * A template's variables for the page's form, bounded (SEC-4, issue 21 F7: 20,000 of them took
 * 17 s to render and 5.7 s per keystroke). A template the SDK cannot parse has no fields.
 */
function templateParams(uriTemplate: string): { params: string[]; paramCount?: number } {
  let names: string[];
  try {
    names = uriTemplate.length > TEMPLATE_MAX_CHARS ? [] : templateVariables(uriTemplate);
  } catch {
    names = [];
  }
  return names.length > MAX_TEMPLATE_PARAMS ? { params: names.slice(0, MAX_TEMPLATE_PARAMS), paramCount: names.length } : { params: names };
}

/** PROTO-4: the 2026-07-28 revision has no ping and no logging/setLevel; asked anyway, the page is told so (not a failure). */
function modernDropped(s: Session, method: 'ping' | 'logging/setLevel'): void {
  if (s.era === 'modern') throw new AppError('unsupported', `the 2026-07-28 protocol has no ${method}; this server speaks it`, { reason: 'modern-dropped', method });
}

/**
 * PROTO-2: a list from its start is the whole list, which the session may serve from the cache
 * the server allowed (`ttlMs`); a later page (a cursor) always asks the server.
 */
async function listed<K extends keyof WholeLists>(s: Session, list: K, cursor: string | undefined, page: () => Promise<WholeLists[K]>): Promise<{ value: WholeLists[K]; cached: { cached?: ListCached } }> {
  if (cursor !== undefined) return { value: await page(), cached: {} };
  const { value, cached } = await s.wholeList(list);
  return { value, cached: cached ? { cached } : {} };
}

/** One request over `id`'s session (connecting it first, CONN-2); the capability is checked first so the page can say so. */
export async function overSession<T>(core: ApiCore, id: string, capability: Capability, fn: (s: Session) => Promise<T>): Promise<T> {
  const server = core.findServer(id);
  if (!isRunnable(server)) throw notRunnable(server);
  let connected = false;
  try {
    return await core.inputs.during(id, () => core.pool().request(id, async (s) => {
      connected = true;
      if (capability && !s.capabilities()[capability]) {
        throw new AppError('unsupported', `"${server.name}" does not offer ${capability} (not in its declared capabilities)`, { reason: 'capability', capability });
      }
      return fn(s);
    }));
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (!connected) throw new AppError('unavailable', `could not connect to "${server.name}": ${errorMessage(err)}`, { reason: 'disconnected' });
    const kind = classifyMcpError(err);
    if (kind === 'method-not-found') {
      throw new AppError('unsupported', `"${server.name}" does not implement this method: ${errorMessage(err)}`, { reason: 'method-not-found' });
    }
    if (kind === 'protocol' || kind === 'unsupported-version') {
      throw new AppError('refused', `"${server.name}" answered with an error: ${errorMessage(err)}`, { reason: 'server-error' });
    }
    throw new AppError('unavailable', `"${server.name}" did not answer: ${errorMessage(err)}`, { reason: 'disconnected' });
  }
}

export function inspectHandlers(core: ApiCore): InspectHandlers {
  const over = <T>(id: string, capability: Capability, fn: (s: Session) => Promise<T>) => overSession(core, id, capability, fn);
  return {
    'inspect.server': ({ id }) =>
      over(id, null, async (s) => {
        const v = s.serverVersion();
        return {
          name: v?.name ?? '',
          version: v?.version ?? '',
          title: v?.title ?? null,
          protocolVersion: s.protocolVersion,
          era: s.era,
          capabilities: s.capabilities(),
          instructions: s.instructions(),
        };
      }),
    'inspect.ping': ({ id }) =>
      over(id, null, async (s) => {
        modernDropped(s, 'ping');
        const started = performance.now();
        await s.ping();
        return { ms: Math.round((performance.now() - started) * 10) / 10 };
      }),
    'inspect.setLogLevel': ({ id, level }) =>
      over(id, null, async (s) => {
        modernDropped(s, 'logging/setLevel');
        if (!s.capabilities().logging) throw new AppError('unsupported', `the server does not offer logging (not in its declared capabilities)`, { reason: 'capability', capability: 'logging' });
        await s.setLogLevel(level);
        return { level };
      }),
    'inspect.resources': ({ id, cursor }) =>
      over(id, 'resources', async (s) => {
        const { value: r, cached } = await listed(s, 'resources', cursor, () => s.listResources(cursor));
        return {
          ...cached,
          resources: r.resources.map((x) => ({ uri: x.uri, name: x.name, ...pick(x, ['title', 'description', 'mimeType']), ...(typeof x.size === 'number' ? { size: x.size } : {}) })),
          nextCursor: r.nextCursor ?? null,
        };
      }),
    'inspect.templates': ({ id, cursor }) =>
      over(id, 'resources', async (s) => {
        const { value: r, cached } = await listed(s, 'templates', cursor, () => s.listResourceTemplates(cursor));
        return {
          ...cached,
          templates: r.resourceTemplates.map((x) => ({ uriTemplate: x.uriTemplate, name: x.name, ...pick(x, ['title', 'description', 'mimeType']), ...templateParams(x.uriTemplate) })),
          nextCursor: r.nextCursor ?? null,
        };
      }),
    'inspect.read': (input) =>
      over(input.id, 'resources', async (s) => {
        const uri = 'uri' in input ? input.uri : expandTemplate(input.template, input.values);
        const r = await s.readResource(uri);
        return {
          uri,
          contents: r.contents.map((c) => {
            const base = { uri: c.uri, ...pick(c, ['mimeType']) };
            // SEC-4 (issue 21 F7): text is held to CONN-9's limit like a blob; over it, the
            // page gets the first part and the size (a 50 MB text froze it for a minute).
            if (!('blob' in c)) return c.text.length > MAX_BINARY_BYTES ? { kind: 'text' as const, ...base, text: c.text.slice(0, TEXT_PREVIEW_CHARS), size: c.text.length, truncated: true } : { kind: 'text' as const, ...base, text: c.text };
            const size = base64Bytes(c.blob);
            // CONN-9's binary limit: the size still shows, the bytes stay on the host.
            return size > MAX_BINARY_BYTES ? { kind: 'blob' as const, ...base, blob: '', size, omitted: true } : { kind: 'blob' as const, ...base, blob: c.blob, size };
          }),
        };
      }),
    'inspect.prompts': ({ id, cursor }) =>
      over(id, 'prompts', async (s) => {
        const { value: r, cached } = await listed(s, 'prompts', cursor, () => s.listPrompts(cursor));
        return {
          ...cached,
          prompts: r.prompts.map((p) => ({
            name: p.name,
            ...pick(p, ['title', 'description']),
            arguments: (p.arguments ?? []).map((a) => ({ name: a.name, ...pick(a, ['description']), required: a.required === true })),
          })),
          nextCursor: r.nextCursor ?? null,
        };
      }),
    'inspect.getPrompt': ({ id, name, arguments: args }) =>
      over(id, 'prompts', async (s) => {
        const r = await s.getPrompt(name, args);
        // Message content is the same part union as a tool result (CONN-9 conversion, one place).
        const parts = convertResult({ content: r.messages.map((m) => m.content) }).content;
        return { description: r.description ?? null, messages: r.messages.map((m, i) => ({ role: m.role, content: parts[i]! as never })) };
      }),
  };
}
