// Issue 14 item 4: one connected server at MCP Inspector level (server info, resources and
// templates, prompts, ping). Tool calls stay on tools.call (progress, cancel). Answers carry what
// the server said; errors cross as codes: `unsupported` with {capability} when the server did not
// declare it, `refused` with {state} when it does not run, `unavailable` when it cannot connect.
import { z } from 'zod';
import { method, ACTION, READ, SERVED, serverContent } from '../rpc';
import { PartSchema } from './tools';
import { ProtocolEraSchema } from '../schemas/server';

const IdSchema = z.object({ id: z.string().min(1) });
const PageInputSchema = IdSchema.extend({ cursor: z.string().max(10_000).optional() });
const Opt = z.string().optional();

/** logging/setLevel's severities (RFC 5424), lowest first. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const InspectServerSchema = z.object({
  name: z.string(),
  version: z.string(),
  title: z.string().nullable(),
  protocolVersion: z.string().nullable(),
  /** PROTO-1: the era the connection speaks; PROTO-4: what it lacks follows from it (ping, logging/setLevel). */
  era: ProtocolEraSchema,
  /** The capabilities object the server declared, as it sent it. */
  capabilities: z.record(z.string(), z.unknown()),
  instructions: z.string().nullable(),
});

const ResourceSchema = z.object({ uri: z.string(), name: z.string(), title: Opt, description: Opt, mimeType: Opt, size: z.number().optional() });

const TemplateSchema = z.object({
  uriTemplate: z.string(),
  name: z.string(),
  title: Opt,
  description: Opt,
  mimeType: Opt,
  /** RFC 6570 variable names, parsed on the host by the SDK's UriTemplate; at most MAX_TEMPLATE_PARAMS of them. */
  params: z.array(z.string()),
  /** SEC-4 (issue 21 F7): how many the template really has, when that is more than `params` holds. */
  paramCount: z.number().int().optional(),
});

/** SEC-4: a form with more fields than this is no form; the rest of a template's variables stay empty. */
export const MAX_TEMPLATE_PARAMS = 64;
/** SEC-4: the first part of a text resource the page gets (and shows) when the whole is too long. */
export const TEXT_PREVIEW_CHARS = 256 * 1024;
/** inspect.read takes a template of at most this many characters: a longer one cannot be filled in. */
export const TEMPLATE_MAX_CHARS = 10_000;
export type InspectTemplate = z.infer<typeof TemplateSchema>;

const ContentsSchema = z.discriminatedUnion('kind', [
  /** `size`: the whole text's length in characters, when `text` is only its first part (`truncated`, over CONN-9's 10 MB). */
  z.object({ kind: z.literal('text'), uri: z.string(), mimeType: Opt, text: z.string(), size: z.number().int().optional(), truncated: z.boolean().optional() }),
  /** `blob` is base64; `size` its decoded bytes; `omitted`: over CONN-9's 10 MB, blob left empty. */
  z.object({ kind: z.literal('blob'), uri: z.string(), mimeType: Opt, blob: z.string(), size: z.number().int(), omitted: z.boolean().optional() }),
]);
export type InspectContents = z.infer<typeof ContentsSchema>;

const PromptSchema = z.object({
  name: z.string(),
  title: Opt,
  description: Opt,
  arguments: z.array(z.object({ name: z.string(), description: Opt, required: z.boolean() })),
});
export type InspectPrompt = z.infer<typeof PromptSchema>;

const MessageSchema = z.object({ role: z.string(), content: PartSchema });

/**
 * PROTO-2: the whole list came from the panel's cache, kept as long as the server's `ttlMs` allows
 * (2026-07-28): when the server sent it and until when it may be kept. Absent: the server answered
 * now. `servers.refreshLists` drops what is kept.
 */
export const ListCachedSchema = z.object({ at: z.number(), expiresAt: z.number() });
const Cached = { cached: ListCachedSchema.optional() };

export const inspectMethods = {
  'inspect.server': method(IdSchema, InspectServerSchema, serverContent(READ), ['not-found', 'refused', 'unsupported', 'unavailable']),
  /** Round trip of one `ping`, in ms. A modern (2026-07-28) connection has none: `unsupported`, reason `modern-dropped`. */
  'inspect.ping': method(IdSchema, z.object({ ms: z.number() }), serverContent(READ), ['not-found', 'refused', 'unsupported', 'unavailable']),
  /** logging/setLevel (legacy era; `unsupported` `modern-dropped` on 2026-07-28, `capability` without `logging`). */
  'inspect.setLogLevel': method(IdSchema.extend({ level: z.enum(LOG_LEVELS) }), z.object({ level: z.enum(LOG_LEVELS) }), serverContent(ACTION), ['not-found', 'refused', 'unsupported', 'unavailable']),
  'inspect.resources': method(PageInputSchema, z.object({ resources: z.array(ResourceSchema), nextCursor: z.string().nullable(), ...Cached }), serverContent(SERVED), ['not-found', 'refused', 'unsupported', 'unavailable']),
  'inspect.templates': method(PageInputSchema, z.object({ templates: z.array(TemplateSchema), nextCursor: z.string().nullable(), ...Cached }), serverContent(SERVED), ['not-found', 'refused', 'unsupported', 'unavailable']),
  /** Reads a URI, or a template filled with values (expanded on the host). */
  'inspect.read': method(
    z.union([
      IdSchema.extend({ uri: z.string().min(1).max(10_000) }),
      IdSchema.extend({ template: z.string().min(1).max(TEMPLATE_MAX_CHARS), values: z.record(z.string(), z.string().max(10_000)) }),
    ]),
    z.object({ uri: z.string(), contents: z.array(ContentsSchema) }), serverContent(READ),
    ['not-found', 'refused', 'unsupported', 'unavailable'],
  ),
  'inspect.prompts': method(PageInputSchema, z.object({ prompts: z.array(PromptSchema), nextCursor: z.string().nullable(), ...Cached }), serverContent(SERVED), ['not-found', 'refused', 'unsupported', 'unavailable']),
  'inspect.getPrompt': method(
    IdSchema.extend({ name: z.string().min(1), arguments: z.record(z.string(), z.string().max(100_000)).default({}) }),
    z.object({ description: z.string().nullable(), messages: z.array(MessageSchema) }), serverContent(READ),
    ['not-found', 'refused', 'unsupported', 'unavailable'],
  ),
};
