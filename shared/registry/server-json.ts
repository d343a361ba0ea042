// REG-1: the MCP Registry's `server.json` (schema 2025-12-11) and the generic API's answers
// (`/v0.1`), as zod. Written from the registry's own OpenAPI (modelcontextprotocol/registry,
// docs/reference/api/openapi.yaml, components.schemas) and checked against its published JSON
// Schema (test/unit/registry/server-json-schema.test.ts runs both over the same documents).
// Objects are loose: a registry may add fields (`_meta` extensions), and what the panel does not
// read it does not refuse. The limits here are the schema's; REG-4's stricter checks (an
// identifier that does not fit its registry type) are in identifiers.ts.
import { z } from 'zod';

/** `Input`: one value the user may be asked for. */
export const RegistryInputSchema = z.looseObject({
  description: z.string().optional(),
  isRequired: z.boolean().optional(),
  format: z.enum(['string', 'number', 'boolean', 'filepath']).optional(),
  value: z.string().optional(),
  isSecret: z.boolean().optional(),
  default: z.string().optional(),
  placeholder: z.string().optional(),
  choices: z.array(z.string()).optional(),
});
export type RegistryInput = z.infer<typeof RegistryInputSchema>;

/** `InputWithVariables`: `{name}` in `value` is filled from `variables`. */
const WithVariables = RegistryInputSchema.extend({ variables: z.record(z.string(), RegistryInputSchema).optional() });

const PositionalArgumentSchema = WithVariables.extend({
  type: z.literal('positional'),
  valueHint: z.string().optional(),
  isRepeated: z.boolean().optional(),
}).refine((a) => a.valueHint !== undefined || a.value !== undefined, { message: 'a positional argument needs valueHint or value' });

const NamedArgumentSchema = WithVariables.extend({
  type: z.literal('named'),
  name: z.string(),
  isRepeated: z.boolean().optional(),
});

export const RegistryArgumentSchema = z.discriminatedUnion('type', [PositionalArgumentSchema, NamedArgumentSchema]);
export type RegistryArgument = z.infer<typeof RegistryArgumentSchema>;

/** `KeyValueInput`: an environment variable or a header. */
export const KeyValueInputSchema = WithVariables.extend({ name: z.string() });
export type KeyValueInput = z.infer<typeof KeyValueInputSchema>;

/** The OpenAPI's URL template: a URL, or one starting with a `{variable}`. */
const UrlTemplate = z.string().regex(/^(https?:\/\/[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$/, 'a URL (http:// or https://) or one starting with a {variable}');

const Stdio = z.looseObject({ type: z.literal('stdio') });
const StreamableHttp = z.looseObject({ type: z.literal('streamable-http'), url: UrlTemplate, headers: z.array(KeyValueInputSchema).optional() });
const Sse = z.looseObject({ type: z.literal('sse'), url: UrlTemplate, headers: z.array(KeyValueInputSchema).optional() });
const Variables = { variables: z.record(z.string(), RegistryInputSchema).optional() };

export const LocalTransportSchema = z.discriminatedUnion('type', [Stdio, StreamableHttp, Sse]);
export const RemoteTransportSchema = z.discriminatedUnion('type', [StreamableHttp.extend(Variables), Sse.extend(Variables)]);
export type RemoteTransport = z.infer<typeof RemoteTransportSchema>;

export const RegistryPackageSchema = z.looseObject({
  registryType: z.string(),
  registryBaseUrl: z.url().optional(),
  identifier: z.string(),
  // "Must be a specific version": the schema itself refuses only `latest` (ranges are the registry's check, and REG-4's).
  version: z.string().min(1).max(255).refine((v) => v !== 'latest', { message: 'a package version must be a specific version, not "latest"' }).optional(),
  fileSha256: z.string().regex(/^[a-f0-9]{64}$/).optional(),
  runtimeHint: z.string().optional(),
  transport: LocalTransportSchema,
  runtimeArguments: z.array(RegistryArgumentSchema).optional(),
  packageArguments: z.array(RegistryArgumentSchema).optional(),
  environmentVariables: z.array(KeyValueInputSchema).optional(),
});
export type RegistryPackage = z.infer<typeof RegistryPackageSchema>;

const IconSchema = z.looseObject({
  src: z.url().max(255),
  mimeType: z.enum(['image/png', 'image/jpeg', 'image/jpg', 'image/svg+xml', 'image/webp']).optional(),
  sizes: z.array(z.string().regex(/^(\d+x\d+|any)$/)).optional(),
  theme: z.enum(['light', 'dark']).optional(),
});

const RepositorySchema = z.looseObject({ url: z.url(), source: z.string(), id: z.string().optional(), subfolder: z.string().optional() });

/** `ServerDetail`: one version of one server, as published. */
export const ServerJsonSchema = z.looseObject({
  $schema: z.url().optional(),
  name: z.string().min(3).max(200).regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/, 'a reverse-DNS namespace, one slash, and a name (io.github.user/weather)'),
  description: z.string().min(1).max(100),
  title: z.string().min(1).max(100).optional(),
  repository: RepositorySchema.optional(),
  version: z.string().max(255),
  websiteUrl: z.url().optional(),
  icons: z.array(IconSchema).optional(),
  packages: z.array(RegistryPackageSchema).optional(),
  remotes: z.array(RemoteTransportSchema).optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
export type ServerJson = z.infer<typeof ServerJsonSchema>;

export const REGISTRY_STATUSES = ['active', 'deprecated', 'deleted'] as const;
export const RegistryStatusSchema = z.enum(REGISTRY_STATUSES);

/** `_meta["io.modelcontextprotocol.registry/official"]`: what the registry (not the publisher) says. */
export const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';
export const OfficialMetaSchema = z.looseObject({
  status: RegistryStatusSchema.optional(),
  statusMessage: z.string().max(500).optional(),
  statusChangedAt: z.string().optional(),
  publishedAt: z.string().optional(),
  updatedAt: z.string().optional(),
  isLatest: z.boolean().optional(),
});
export type OfficialMeta = z.infer<typeof OfficialMetaSchema>;

/** `ServerResponse`: one element of `servers` (parsed one by one: a malformed entry does not sink its page). */
export const ServerResponseSchema = z.looseObject({
  server: ServerJsonSchema,
  _meta: z.looseObject({ [OFFICIAL_META]: OfficialMetaSchema.optional() }).optional(),
});

/** `ServerList`: the page around the entries. */
export const ServerListSchema = z.looseObject({
  servers: z.array(z.unknown()),
  metadata: z.looseObject({ nextCursor: z.string().nullish(), count: z.number().optional() }).optional(),
});
