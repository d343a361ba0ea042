// REG-1: the panel's zod schemas for server.json (shared/registry/server-json.ts) agree with the
// registry's published JSON Schema (test/fixtures/registry/server.schema.json) on every document
// here: the registry's published examples, the fixture registry's entries, and one document per
// rule the schema states (the registry's own invalid examples among them), each broken once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { ServerJsonSchema } from '../../../shared/registry/server-json';
import { syntheticServer } from '../../fixtures/registry/server';

const DIR = join(import.meta.dirname, '../../fixtures/registry');
const schema = JSON.parse(readFileSync(join(DIR, 'server.schema.json'), 'utf8')) as Record<string, unknown>;
const published = JSON.parse(readFileSync(join(DIR, 'published.json'), 'utf8')) as { servers: Record<string, unknown>[]; deprecated: object; deleted: object; malformed: object };
const ajv = new Ajv({ strict: false, allErrors: true });
// ajv-formats is CommonJS: its default export arrives as the module object under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (a: Ajv) => void;
addFormats(ajv);
const validate = ajv.compile(schema);

const base = published.servers[1]!;
const pkg = (base.packages as Record<string, unknown>[])[0]!;
const withPkg = (p: Record<string, unknown>) => ({ ...base, packages: [{ ...pkg, ...p }] });
const remote = (r: Record<string, unknown>) => ({ name: 'com.example/remote', description: 'A remote', version: '1.0.0', remotes: [{ type: 'streamable-http', url: 'https://mcp.example.com/mcp', ...r }] });

const valid: Array<[string, unknown]> = [
  ...published.servers.map((s) => [String(s.name), s] as [string, unknown]),
  ['deprecated', published.deprecated],
  ['deleted', published.deleted],
  ...Array.from({ length: 12 }, (_, i) => [`synthetic ${i}`, syntheticServer(i)] as [string, unknown]),
  ['minimal', { name: 'io.github.user/weather', description: 'Weather', version: '1.0.0' }],
  ['url template variable', remote({ url: '{base_url}/mcp', variables: { base_url: { isRequired: true } } })],
  ['remote headers', remote({ headers: [{ name: 'Authorization', value: 'Bearer {token}', variables: { token: { isSecret: true } } }] })],
  ['icons', { ...base, icons: [{ src: 'https://example.com/i.png', sizes: ['48x48', 'any'], theme: 'dark', mimeType: 'image/png' }] }],
  ['unknown fields kept', { ...base, _meta: { 'com.example': { x: 1 } }, extra: true }],
];

const invalid: Array<[string, unknown]> = [
  ['malformed fixture', published.malformed],
  ['missing name', { description: 'x', version: '1.0.0' }],
  ['bad name pattern', { ...base, name: 'no-slash-here' }],
  ['two slashes', { ...base, name: 'io.github.a/b/c' }],
  ['description too long', { ...base, description: 'x'.repeat(101) }],
  ['empty description', { ...base, description: '' }],
  ['title too long', { ...base, title: 'x'.repeat(101) }],
  ['no version', { name: 'a.b/c', description: 'x' }],
  ['package version latest', withPkg({ version: 'latest' })],
  ['package without transport', { ...base, packages: [{ registryType: 'npm', identifier: 'x', version: '1.0.0' }] }],
  ['package without identifier', withPkg({ identifier: undefined })],
  ['positional argument missing value', withPkg({ packageArguments: [{ type: 'positional', description: 'no value' }] })],
  ['named argument missing name', withPkg({ packageArguments: [{ type: 'named', value: 'x' }] })],
  ['argument of another type', withPkg({ packageArguments: [{ type: 'flag', name: '--x' }] })],
  ['bad input format', withPkg({ environmentVariables: [{ name: 'X', format: 'date' }] })],
  ['env var without name', withPkg({ environmentVariables: [{ description: 'x' }] })],
  ['bad fileSha256', withPkg({ fileSha256: 'ABC' })],
  ['transport of another type', withPkg({ transport: { type: 'websocket' } })],
  ['remote url without scheme', remote({ url: 'mcp.example.com/mcp' })],
  ['remote of type stdio', remote({ type: 'stdio' })],
  ['remote without url', remote({ url: undefined })],
  ['icon size', { ...base, icons: [{ src: 'https://example.com/i.png', sizes: ['big'] }] }],
  ['icon theme', { ...base, icons: [{ src: 'https://example.com/i.png', theme: 'blue' }] }],
  ['repository without source', { ...base, repository: { url: 'https://github.com/a/b' } }],
  ['websiteUrl not a URL', { ...base, websiteUrl: 'not a url' }],
];

const clean = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('server.json: the zod schemas and the published JSON Schema agree', () => {
  it.each(valid)('%s is valid for both', (_n, doc) => {
    const d = clean(doc);
    expect(validate(d), JSON.stringify(validate.errors)).toBe(true);
    expect(ServerJsonSchema.safeParse(d).error?.issues).toBeUndefined();
  });
  it.each(invalid)('%s is refused by both', (_n, doc) => {
    const d = clean(doc);
    expect(validate(d)).toBe(false);
    expect(ServerJsonSchema.safeParse(d).success).toBe(false);
  });
});
