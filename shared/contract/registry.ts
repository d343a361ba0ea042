// REG-1/REG-2 over the api, for the Discover view: the registries and their cached catalogues,
// search over them (offline too: a refresh that fails leaves the last good catalogue and says
// why), one entry with its versions, the ways to install it and the form each asks for. The
// install itself is `install.preview`/`install.apply` with `from: {kind: 'registry', …}`
// (contract/install.ts). Registry text is data here: the page escapes it when it shows it
// (REG-4); a repository or website URL crosses only when it is http(s).
import { z } from 'zod';
import { ACTION, method, READ } from '../rpc';
import { OfficialMetaSchema, RegistryStatusSchema, ServerJsonSchema } from '../registry/server-json';
import { FindingSchema } from '../trust/finding';

export const RegistryRefreshSchema = z.enum(['auto', 'always', 'never']);

export const RegistrySourceSchema = z.object({ id: z.string(), url: z.string(), name: z.string(), builtin: z.boolean() });

/** How a registry's catalogue stands: its time, whether every page was read, and the error the last refresh met. */
export const RegistrySourceStateSchema = z.object({
  source: RegistrySourceSchema,
  fetchedAt: z.string().nullable(),
  partial: z.boolean(),
  entries: z.number(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

/** One search result: what a list row shows. */
/** A cached icon, inlined: the page never fetches a registry's URL (its CSP allows data: images only). */
const IconDataUrl = z.string().max(400_000).regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/);

export const RegistryHitSchema = z.object({
  source: z.string(),
  registry: z.string(),
  name: z.string(),
  /** `io.github.owner` or a reverse-DNS domain: the part the registry verified. */
  namespace: z.string(),
  title: z.string().nullable(),
  description: z.string(),
  version: z.string(),
  status: RegistryStatusSchema,
  statusMessage: z.string().nullable(),
  repository: z.string().nullable(),
  /** REG-4: the texts holding invisible or direction-changing characters (shown escaped, the entry flagged). */
  invisible: z.array(z.string()),
  /** REG-4 / CONN-11: the poisoning checks' findings on the entry's texts (absent when none). */
  findings: z.array(FindingSchema).optional(),
  /** REG-1: the entry's icon from the panel's own cache, as a data URL (PNG, JPEG or WebP), or null. */
  icon: IconDataUrl.nullable(),
});
export type RegistryHit = z.infer<typeof RegistryHitSchema>;

export const RegistryChoiceSchema = z.object({ kind: z.enum(['package', 'remote']), index: z.number().int().min(0).max(63) });

/** One field of the form (shared/registry/form.ts FormField). */
export const RegistryFieldSchema = z.object({
  key: z.string(),
  group: z.enum(['runtime', 'package', 'env', 'headers', 'url', 'config']),
  label: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  secret: z.boolean(),
  format: z.enum(['string', 'number', 'boolean', 'filepath']),
  default: z.string().nullable(),
  choices: z.array(z.string()).nullable(),
  placeholder: z.string().nullable(),
  repeated: z.boolean(),
  variable: z.string(),
});

/** One way to install the entry: its label, the runtime it needs (and whether this machine lacks it), why not, its form. */
export const RegistryWaySchema = z.object({
  choice: RegistryChoiceSchema,
  label: z.string(),
  runtime: z.string().nullable(),
  /** The runtime is not on PATH: what to install (null when it is there, or none is needed). */
  runtimeProblem: z.string().nullable(),
  problem: z.string().nullable(),
  fields: z.array(RegistryFieldSchema),
});

export const RegistryEntrySchema = z.object({
  source: z.string(),
  registry: z.string(),
  namespace: z.string(),
  server: ServerJsonSchema,
  meta: OfficialMetaSchema,
  repository: z.string().nullable(),
  website: z.string().nullable(),
  invisible: z.array(z.string()),
  findings: z.array(FindingSchema).optional(),
  icon: IconDataUrl.nullable(),
  ways: z.array(RegistryWaySchema),
  versions: z.array(z.object({ version: z.string(), status: RegistryStatusSchema, isLatest: z.boolean(), publishedAt: z.string().nullable() })).nullable(),
  versionsError: z.string().nullable(),
});
export type RegistryEntry = z.infer<typeof RegistryEntrySchema>;

const Name = z.string().min(1).max(200);
const Pick = { source: z.string().min(1).max(2048).optional(), refresh: RegistryRefreshSchema.default('auto') };

export const registryMethods = {
  /** The registries the panel reads, with their catalogues (nothing is fetched). */
  'registry.sources': method(z.object({}), z.object({ sources: z.array(RegistrySourceStateSchema) }), READ, ['not-found', 'unavailable']),
  /** A registry added by its URL (https, or http on this machine). */
  'registry.addSource': method(z.object({ url: z.string().min(1).max(2048), name: z.string().min(1).max(64).optional() }), z.object({ source: RegistrySourceSchema, added: z.boolean() }), ACTION, ['not-found', 'unavailable']),
  /** Search over the cached catalogues (refreshed per `refresh`); deleted entries are not offered. */
  'registry.search': method(z.object({ query: z.string().max(200), limit: z.number().int().min(1).max(500).default(50), ...Pick }), z.object({ results: z.array(RegistryHitSchema), sources: z.array(RegistrySourceStateSchema) }), READ, ['not-found', 'unavailable']),
  /** One entry (a version, or the latest), its versions and the form of each way to install it. */
  'registry.show': method(z.object({ name: Name, version: z.string().min(1).max(100).optional(), ...Pick }), RegistryEntrySchema, READ, ['not-found', 'unavailable']),
};
