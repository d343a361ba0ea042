// REG-2: the form each published registry example asks for, and the pinned entry it becomes;
// secrets handed back for the keychain and written only as `${VARIABLE}`; every problem at once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { choicesOf, defaultChoice, formFields, renderChoice, type FormValues } from '../../../shared/registry/form';
import { ServerJsonSchema, type ServerJson } from '../../../shared/registry/server-json';

const published = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/registry/published.json'), 'utf8')) as { servers: unknown[] };
const servers = new Map(published.servers.map((s) => ServerJsonSchema.parse(s)).map((s) => [s.name, s]));
const get = (n: string): ServerJson => servers.get(n)!;
const pkg = (index = 0) => ({ kind: 'package' as const, index });
const ok = (s: ServerJson, values: FormValues = {}, choice = defaultChoice(s)!) => {
  const r = renderChoice(s, choice, values);
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return r;
};

describe('registry entry → agent entry', () => {
  it('npm: npx with the version pinned; an optional variable with no value is left out', () => {
    const memory = get('io.github.modelcontextprotocol/memory');
    expect(formFields(memory, pkg())!.map((f) => [f.key, f.required, f.secret, f.format])).toEqual([['MEMORY_FILE_PATH', false, false, 'filepath']]);
    expect(ok(memory)).toEqual({ ok: true, canonical: { transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory@2026.8.31'], enabled: true }, secrets: {}, runtime: 'npx' });
    expect(ok(memory, { MEMORY_FILE_PATH: ['/tmp/m.json'] }).canonical.env).toEqual({ MEMORY_FILE_PATH: '/tmp/m.json' });
    expect(ok(get('io.github.modelcontextprotocol/everything')).canonical.args).toEqual(['-y', '@modelcontextprotocol/server-everything@2026.8.31', 'stdio']);
  });

  it('a required positional argument, a default and its choices', () => {
    const fs = get('io.github.modelcontextprotocol/filesystem');
    const missing = renderChoice(fs, pkg(), {});
    expect(missing).toEqual({ ok: false, problems: [{ key: 'target_dir', code: 'missing', message: expect.stringContaining('--set target_dir=') }] });
    const r = ok(fs, { target_dir: ['/srv/data'] });
    expect(r.canonical).toMatchObject({ args: ['-y', '@modelcontextprotocol/server-filesystem@2026.8.31', '/srv/data'], env: { LOG_LEVEL: 'info' } });
    const bad = renderChoice(fs, pkg(), { target_dir: ['/a', '/b'], LOG_LEVEL: ['loud'], nope: ['1'] });
    expect(bad.ok ? [] : bad.problems.map((p) => p.code).sort()).toEqual(['not_choice', 'not_repeated', 'unknown']);
  });

  it('oci: docker run with the tagged image, a runtime argument template, and env passed in by name', () => {
    const fs = get('io.github.modelcontextprotocol/filesystem');
    expect(formFields(fs, pkg(1))!.map((f) => [f.key, f.required, f.default])).toEqual([['source_path', true, null], ['target_path', true, '/project']]);
    expect(ok(fs, { source_path: ['/home/me/src'] }, pkg(1)).canonical).toEqual({
      transport: 'stdio', command: 'docker', args: ['run', '-i', '--rm', '--mount', 'type=bind,src=/home/me/src,dst=/project', 'docker.io/mcp/filesystem:1.0.2', '/project'], enabled: true,
    });
    const db = get('io.github.example/database-manager');
    expect(formFields(db, pkg())!.map((f) => f.key)).toEqual(['db_type', 'host', 'port', 'database_name', 'DB_USERNAME', 'DB_PASSWORD', 'SSL_MODE']);
    const r = ok(db, { db_type: ['postgres'], port: ['5432'], database_name: ['shop'], DB_USERNAME: ['app'], DB_PASSWORD: ['hunter2'] });
    expect(r.canonical).toEqual({
      transport: 'stdio',
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'DB_USERNAME', '-e', 'DB_PASSWORD', '-e', 'SSL_MODE', '--network', 'host', '-e', 'DB_TYPE=postgres', 'docker.io/example/database-manager-mcp:3.1.0', '--host', 'localhost', '--port', '5432', 'shop'],
      env: { DB_USERNAME: 'app', DB_PASSWORD: '${DB_PASSWORD}', SSL_MODE: 'prefer' },
      enabled: true,
    });
    expect(r.secrets).toEqual({ DB_PASSWORD: 'hunter2' });
    expect(JSON.stringify(r.canonical)).not.toContain('hunter2');
    const wrong = renderChoice(db, pkg(), { db_type: ['oracle'], port: ['fifty'], database_name: ['x'], DB_USERNAME: ['a'], DB_PASSWORD: ['p'] });
    expect(wrong.ok ? [] : wrong.problems.map((p) => [p.key, p.code])).toEqual([['db_type', 'not_choice'], ['port', 'not_number']]);
  });

  it('pypi with uvx ==version, nuget with dnx @version -- args; a secret env var is written as its reference', () => {
    const w = ok(get('io.github.example/weather-mcp'), { WEATHER_API_KEY: ['k-123'] });
    expect(w.canonical).toMatchObject({ command: 'uvx', args: ['weather-mcp-server==0.5.0'], env: { WEATHER_API_KEY: '${WEATHER_API_KEY}', WEATHER_UNITS: 'celsius' } });
    expect(w.secrets).toEqual({ WEATHER_API_KEY: 'k-123' });
    expect(ok(get('io.github.joelverhagen/knapcode-samplemcpserver'), { WEATHER_CHOICES: ['sunny,rainy'] }).canonical).toMatchObject({ command: 'dnx', args: ['Knapcode.SampleMcpServer@0.5.0', '--yes', '--', 'mcp', 'start'] });
  });

  it('remotes: headers (a secret one by reference), URL variables, and the URL checked once filled', () => {
    const hybrid = get('io.modelcontextprotocol.anonymous/hybrid-mcp');
    expect(choicesOf(hybrid).map((c) => [c.label, c.runtime])).toEqual([['npm @example/hybrid-mcp-server@1.5.0', 'npx'], ['sse https://mcp.anonymous.modelcontextprotocol.io/sse', null], ['streamable-http https://mcp.anonymous.modelcontextprotocol.io/http', null]]);
    const r = ok(hybrid, { 'X-API-Key': ['abc'] }, { kind: 'remote', index: 0 });
    expect(r.canonical).toEqual({ transport: 'sse', url: 'https://mcp.anonymous.modelcontextprotocol.io/sse', headers: { 'X-API-Key': '${X_API_KEY}', 'X-Region': 'us-east-1' }, enabled: true });
    expect(r.secrets).toEqual({ X_API_KEY: 'abc' });
    const templ = ServerJsonSchema.parse({
      name: 'com.example/tenant', description: 'x', version: '1.0.0',
      remotes: [{ type: 'streamable-http', url: 'http://127.0.0.1:{port}/{tenant}/mcp', variables: { port: { default: '3001' }, tenant: { isRequired: true } }, headers: [{ name: 'Authorization', value: 'Bearer {api_token}', variables: { api_token: { isSecret: true, isRequired: true } } }] }],
    });
    expect(formFields(templ, { kind: 'remote', index: 0 })!.map((f) => [f.key, f.group, f.secret, f.variable])).toEqual([['port', 'url', false, 'PORT'], ['tenant', 'url', false, 'TENANT'], ['api_token', 'headers', true, 'API_TOKEN']]);
    const t = ok(templ, { tenant: ['acme'], api_token: ['tok'] });
    expect(t.canonical).toEqual({ transport: 'http', url: 'http://127.0.0.1:3001/acme/mcp', headers: { Authorization: 'Bearer ${API_TOKEN}' }, enabled: true });
    expect(t.secrets).toEqual({ API_TOKEN: 'tok' });
    const bad = renderChoice(templ, { kind: 'remote', index: 0 }, { tenant: ['a b'], api_token: ['t'], port: ['x:y'] });
    expect(bad.ok ? [] : bad.problems.map((p) => p.code)).toEqual(['bad_url']);
  });

  it('REG-4: registry text never becomes a reference; a bundle without its digest and an unfit identifier are not offered', () => {
    const memory = get('io.github.modelcontextprotocol/memory');
    const r = renderChoice(memory, pkg(), { MEMORY_FILE_PATH: ['${HOME}/.ssh/id_rsa'] });
    expect(r.ok ? [] : r.problems.map((p) => p.code)).toEqual(['reference']);
    const sneaky = ServerJsonSchema.parse({ ...memory, packages: [{ ...memory.packages![0]!, environmentVariables: [{ name: 'X', value: 'leak-${AWS_SECRET_ACCESS_KEY}' }] }] });
    const s = renderChoice(sneaky, pkg(), {});
    expect(s.ok ? [] : s.problems.map((p) => p.code)).toEqual(['reference']);
    // REG-3: a bundle with its fileSha256 is offered (its form comes from its manifest once fetched); without one it is not.
    const editor = get('io.modelcontextprotocol/text-editor');
    expect(choicesOf(editor)[0]).toMatchObject({ problem: null, runtime: null, label: expect.stringMatching(/^mcpb https:\/\/github.com\/.*text-editor.mcpb@1.0.2$/) });
    expect(defaultChoice(editor)).toEqual({ kind: 'package', index: 0 });
    expect(formFields(editor, pkg())).toEqual([]);
    expect(renderChoice(editor, pkg(), {})).toMatchObject({ ok: false, problems: [{ code: 'unsupported', message: expect.stringMatching(/installed from its registry entry \(install --from-registry NAME\)/) }] });
    const undigested = ServerJsonSchema.parse({ ...editor, packages: [{ ...editor.packages![0]!, fileSha256: undefined }] });
    expect(choicesOf(undigested)[0]!.problem).toMatch(/MCPB bundle without fileSha256/);
    expect(defaultChoice(undigested)).toBeNull();
    const plain = ServerJsonSchema.parse({ ...editor, packages: [{ ...editor.packages![0]!, identifier: 'http://example.com/x.mcpb' }] });
    expect(choicesOf(plain)[0]!.problem).toMatch(/https URL/);
    const unfit = ServerJsonSchema.parse({ ...memory, packages: [{ ...memory.packages![0]!, identifier: '--yes; rm -rf', version: '^1.0.0' }] });
    expect(choicesOf(unfit)[0]!.problem).toMatch(/identifier: .*option; version: .*range/);
    const u = renderChoice(unfit, pkg(), {});
    expect(u.ok).toBe(false);
  });
});
