// SEC-2: no secret value reaches the page. One redaction, built on the config secret rules
// (config/secrets: the same rules the writer refuses by and the scan reports), applied at
// the contract boundary: every method output, thrown error and event payload passes through
// redactHandlers / redactEvents (api.ts), whatever handler or engine produced it.
import { SECRET_MASK, contract, type AppContract } from '../../../shared/contract';
import { AppError, ErrorDataSchema } from '../../../shared/errors';
import { isFailure, type EventHub, type Handlers } from '../../../shared/rpc';
import type { ConnectionSpec, EffectiveView } from '../../../shared/schemas/server';
import { entrySecretValues, maskEntrySecrets } from '../../../shared/secrets/secret-rules';
import { redactText } from '../../../shared/secrets/secret-text';
import { isEnvReferenceValue, maskPieces } from '../../../shared/secrets/secret-values';

/**
 * An entry as the page sees it: each secret piece the rules find replaced by SECRET_MASK, and
 * every env/header value that is not a `${VAR}` reference masked whole. Those two fields exist
 * to carry credentials, and a heuristic that misses one (`DB_PASS: hunter2`) must not be the
 * only thing between it and the page; the editor puts an unchanged mask back (unmask.ts).
 */
export function redactEntry(entry: Record<string, unknown>): Record<string, unknown> {
  const out = maskEntrySecrets(entry, SECRET_MASK);
  for (const field of ['env', 'headers'] as const) {
    const rec = out[field];
    if (!rec || typeof rec !== 'object' || Array.isArray(rec)) continue;
    for (const [k, v] of Object.entries(rec as Record<string, unknown>)) {
      if (typeof v === 'string' && (v.includes(SECRET_MASK) || isEnvReferenceValue(v))) continue;
      Object.defineProperty(rec, k, { value: v === null || v === undefined ? v : SECRET_MASK, enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}

/** Arguments for display, masked by the same argument rules as an entry's `args`. */
export function redactArgs(args: readonly unknown[]): unknown[] {
  return maskEntrySecrets({ args: [...args] }, SECRET_MASK).args;
}


/** A URL for display: no user info, no query (tokens hide there), no fragment. */
export function displayUrl(raw: string): string {
  // A `${VAR}` reference is the user's text: the URL parser would lower-case it as a host name
  // (`${NOTES_HOST}` → `${notes_host}`), so it is cut by hand like one that does not parse.
  if (!raw.includes('${')) {
    try {
      const u = new URL(raw);
      return `${u.protocol}//${u.host}${u.pathname}${u.search ? '?…' : ''}`;
    } catch {
      /* by hand, below */
    }
  }
  // Drop user info and query by hand.
  return raw.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1').replace(/[?#].*$/, (q) => (q.startsWith('?') ? '?…' : ''));
}

/** The spec as an entry, so the same rules find what loading resolved (`${VAR}` values included). */
function specAsEntry(spec: ConnectionSpec): Record<string, unknown> {
  return { command: spec.command, args: spec.args, env: spec.env, url: spec.url, headers: spec.headers, authToken: spec.bearerToken };
}

const knownCache = new WeakMap<EffectiveView, string[]>();

/** Every literal secret of the loaded configuration, as written and as resolved. */
export function knownSecrets(view: EffectiveView | null): string[] {
  if (!view) return [];
  let known = knownCache.get(view);
  if (!known) {
    known = [...new Set(view.servers.flatMap((s) => [...entrySecretValues(s.entry), ...(s.spec ? entrySecretValues(specAsEntry(s.spec)) : [])]))];
    knownCache.set(view, known);
  }
  return known;
}

/** Identifiers and file locations the page addresses things by: never rewritten. */
const VERBATIM = new Set(['id', 'name', 'path', 'pointer', 'workspace', 'hash', 'profile', 'layer', 'recentWorkspaces']);

/** Any output or payload: `entry` objects by the entry rules, every other string as text. */
export function redactValue(value: unknown, known: readonly string[], key = ''): unknown {
  if (typeof value === 'string') return VERBATIM.has(key) ? value : redactText(value, known);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, known, key));
  if (value === null || typeof value !== 'object') return value;
  if (key === 'entry') return redactEntry(value as Record<string, unknown>);
  // The authorization link of a login in progress is built for the page to open (PKCE: it
  // holds no secret); a client_id shaped like a JWT must not turn it into a broken link.
  const link = (value as { type?: unknown }).type === 'waiting-for-browser';
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const safe = link && k === 'url' ? v : redactValue(v, known, k);
    Object.defineProperty(out, k, { value: safe, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function redactError(err: unknown, known: readonly string[]): unknown {
  if (err instanceof AppError) return new AppError(err.code, redactText(err.message, known), ErrorDataSchema.optional().parse(redactValue(err.data, known)));
  if (err instanceof Error) err.message = redactText(err.message, known);
  return err;
}

/** Exact known secrets only, for content that servers wrote (not the user's config). */
function redactKnownOnly(value: unknown, known: readonly string[]): unknown {
  const pieces = known.filter((k) => k.length >= 4);
  // Nothing to look for: the answer is returned as it is (a copy of every tool schema of a
  // 10,000-tool list would change nothing and cost a walk over all of it on every call).
  return pieces.length ? maskKnown(value, pieces) : value;
}

function maskKnown(value: unknown, pieces: readonly string[]): unknown {
  if (typeof value === 'string') return maskPieces(value, pieces, SECRET_MASK);
  if (Array.isArray(value)) return value.map((v) => maskKnown(v, pieces));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskKnown(v, pieces)]));
}

/**
 * Tool definitions and results are what servers say (the methods the contract marks
 * `redaction: 'server'`), often about tokens and headers: the patterns for config text would
 * rewrite them (and cost a pass over megabytes of schemas), so they only lose the user's own
 * known secrets.
 */
const SERVER_CONTENT = new Set(Object.entries(contract.methods).filter(([, def]) => def.meta.redaction === 'server').map(([name]) => name));
/** PROTO-3: what a server asks of the person (a URL to open must reach the page as sent). */
const SERVER_CONTENT_EVENTS = new Set(['inputs.requested']);

/** Every handler's answer and error through redactValue (SEC-2 at the contract boundary). */
export function redactHandlers(handlers: Handlers<AppContract>, view: () => EffectiveView | null): Handlers<AppContract> {
  const table = handlers as unknown as Record<string, (input: unknown, ctx: unknown) => unknown>;
  const out: Record<string, (input: unknown, ctx: unknown) => Promise<unknown>> = {};
  for (const [name, handler] of Object.entries(table)) {
    const redact = SERVER_CONTENT.has(name) ? redactKnownOnly : redactValue;
    out[name] = async (input, ctx) => {
      try {
        const value = await handler(input, ctx);
        // A failure answered rather than thrown (shared/rpc.ts HandlerAnswer) is redacted as a thrown one is.
        if (isFailure(value)) return { ok: false, error: redactValue(value.error, knownSecrets(view())) };
        return redact(value, knownSecrets(view()));
      } catch (err) {
        throw redactError(err, knownSecrets(view()));
      }
    };
  }
  return out as unknown as Handlers<AppContract>;
}

/** The event hub every engine emits on, with each payload redacted before any host sends it. */
export function redactEvents(hub: EventHub<AppContract>, view: () => EffectiveView | null): EventHub<AppContract> {
  return {
    ...hub,
    emit: (event, payload) => hub.emit(event, (SERVER_CONTENT_EVENTS.has(event) ? redactKnownOnly : redactValue)(payload, knownSecrets(view())) as typeof payload),
  };
}
