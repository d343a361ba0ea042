// REG-1/REG-2 over the api the Discover view uses, through the real composition and dispatch
// against a registry on 127.0.0.1: search and show (namespace, status, the form of each way to
// install it, the runtime checked, a non-http repository URL not sent), a form with what is
// missing answered as per-field data, and an install from the registry whose secret goes to the
// real keychain (scripts/with-keyring.sh) bound to the written entry and into no file; undo puts
// the file back byte for byte and takes the secret with it. REG-3: an MCPB bundle's way has its
// manifest's user_config as its form; a bundle refused (a changed byte) is a way with that problem
// and an install.preview refused as data.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK, type RegistryEntry, type RegistryHit } from '../../../shared/contract';
import { startServices, type Services } from '../../../electron/services/compose';
import { sandbox, type Sandbox } from '../config/helpers';
import { filesHolding, homeHashes } from '../../helpers/home-hashes';
import { startTestRegistry, TEAM_NOTES, type TestRegistry } from '../../fixtures/registry/server';
import { bundleServer, packEchoBundle } from '../../fixtures/registry/bundle';

const ctx = { host: 'web' } as const;
const TOKEN = `api-tok-${process.pid}-${'y'.repeat(12)}`;
let sb: Sandbox;
let reg: TestRegistry;
let services: Services;

async function call<T>(method: string, input: unknown): Promise<T> {
  const r = await services.dispatch(method, input, ctx);
  if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
  return r.value as T;
}

const EVIL = { name: 'io.github.evil/link', title: 'Li\u202Enk', description: 'A script URL', version: '1.0.0', repository: { url: 'javascript:alert(1)', source: 'github' }, packages: [{ registryType: 'npm', identifier: '@evil/link', version: '1.0.0', transport: { type: 'stdio' } }] };

beforeAll(async () => {
  sb = await sandbox();
  reg = await startTestRegistry({ synthetic: 40, extra: [TEAM_NOTES, EVIL] });
  await sb.write(join(sb.home, '.codex', 'config.toml'), `# mine\nmodel = "gpt-5"\n`);
  const bundle = await packEchoBundle(join(sb.root, 'build'));
  reg.files.set('echo.mcpb', bundle.bytes);
  reg.files.set('changed.mcpb', Buffer.concat([bundle.bytes, Buffer.from([0])]));
  reg.publish(bundleServer('io.github.example/echo-bundle', `${reg.url}/bundles/echo.mcpb`, bundle.sha256), '2026-01-01T00:00:00Z');
  reg.publish(bundleServer('io.github.example/echo-changed', `${reg.url}/bundles/changed.mcpb`, bundle.sha256.replace(/^./, (c) => (c === '0' ? '1' : '0'))), '2026-01-01T00:00:00Z');
  const env = { ...process.env, ...sb.env, MCP_PANEL_REGISTRY: reg.url };
  services = await startServices({ host: 'web', pickFolder: null, discovery: false, env, cwd: sb.ws, version: '0.0.0', profile: 'codex', workspace: sb.ws });
}, 60_000);
afterAll(async () => {
  await services?.dispose();
  await reg?.stop();
  await sb?.dispose();
});

describe('the Discover api', () => {
  it('registry.search and registry.show: namespace, status, versions, the ways to install and their forms', async () => {
    const found = await call<{ results: RegistryHit[]; sources: { entries: number; error: unknown }[] }>('registry.search', { query: 'memory' });
    expect(found.results[0]).toMatchObject({ name: 'io.github.modelcontextprotocol/memory', namespace: 'io.github.modelcontextprotocol', status: 'active', version: '2026.8.31', repository: 'https://github.com/modelcontextprotocol/servers' });
    expect(found.results.map((r) => r.name)).not.toContain('io.github.example/withdrawn-memory');
    expect(found.sources[0]!.error).toBeNull();

    const fs = await call<RegistryEntry>('registry.show', { name: 'io.github.modelcontextprotocol/filesystem' });
    expect(fs.ways[0]).toMatchObject({ choice: { kind: 'package', index: 0 }, runtime: 'npx', runtimeProblem: null, problem: null });
    expect(fs.ways[0]!.fields.map((f) => [f.key, f.required, f.choices])).toEqual([['target_dir', true, null], ['LOG_LEVEL', false, ['debug', 'info', 'warn', 'error']]]);
    const memory = await call<RegistryEntry>('registry.show', { name: 'io.github.modelcontextprotocol/memory' });
    expect(memory.versions!.map((v) => [v.version, v.isLatest])).toEqual([['2026.8.31', true], ['2025.9.25', false]]);
    const evil = await call<RegistryEntry>('registry.show', { name: 'io.github.evil/link' });
    expect([evil.repository, evil.invisible]).toEqual([null, ['title']]);
    expect(found.results[0]!.invisible).toEqual([]);
    const deleted = await call<RegistryEntry>('registry.show', { name: 'io.github.example/withdrawn-memory' });
    expect(deleted.meta).toMatchObject({ status: 'deleted', statusMessage: 'Withdrawn by its publisher' });
    const none = await services.dispatch('registry.show', { name: 'io.github.example/never-was' }, ctx);
    expect(none).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('install.preview says each missing or wrong field as data, and writes nothing', async () => {
    const before = await homeHashes(sb.home);
    const r = await services.dispatch('install.preview', { from: { kind: 'registry', registry: 'io.github.modelcontextprotocol/filesystem', values: { LOG_LEVEL: ['loud'] } }, agents: ['codex'] }, ctx);
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid-input', data: { reason: 'form' } } });
    // The error's data is typed by the contract (shared/errors.ts ErrorDataSchema): no cast.
    const problems = (!r.ok && r.error.data?.problems) || [];
    expect(problems.map((p) => [p.key, p.code])).toEqual([['target_dir', 'missing'], ['LOG_LEVEL', 'not_choice']]);
    const deleted = await services.dispatch('install.preview', { from: { kind: 'registry', registry: 'io.github.example/withdrawn-memory' }, agents: ['codex'] }, ctx);
    expect(deleted).toMatchObject({ ok: false, error: { code: 'invalid-input', data: { reason: 'deleted' } } });
    const ok = await call<{ source: unknown; targets: { entry: Record<string, unknown> }[] }>('install.preview', { from: { kind: 'registry', registry: 'io.github.modelcontextprotocol/filesystem', values: { target_dir: ['/srv/data'] } }, agents: ['codex'] });
    expect(ok.source).toEqual({ kind: 'registry', registry: reg.url, name: 'io.github.modelcontextprotocol/filesystem', version: '2026.8.31' });
    // The api masks every literal env value it sends (SEC-2), the default `info` as well.
    expect(ok.targets[0]!.entry).toEqual({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem@2026.8.31', '/srv/data'], env: { LOG_LEVEL: SECRET_MASK } });
    expect(await homeHashes(sb.home)).toEqual(before);
  });

  it('REG-3: a bundle\'s form is its user_config; filled, it previews as a stdio entry run from its folder; a refused bundle is data', async () => {
    const before = await homeHashes(sb.home);
    const shown = await call<RegistryEntry>('registry.show', { name: 'io.github.example/echo-bundle' });
    expect(shown.ways[0]).toMatchObject({ runtime: 'node', runtimeProblem: null, problem: null });
    expect(shown.ways[0]!.fields.map((f) => [f.key, f.group, f.secret, f.required, f.default])).toEqual([['api_key', 'config', true, true, null], ['label', 'config', false, false, 'bundled']]);
    const missing = await services.dispatch('install.preview', { from: { kind: 'registry', registry: 'io.github.example/echo-bundle', values: { colour: ['red'] } }, agents: ['codex'] }, ctx);
    expect(missing).toMatchObject({ ok: false, error: { code: 'invalid-input', data: { reason: 'form' } } });
    expect(((!missing.ok && missing.error.data?.problems) || []).map((p) => [p.key, p.code])).toEqual([['colour', 'unknown'], ['api_key', 'missing']]);
    const ok = await call<{ targets: { entry: Record<string, unknown> }[] }>('install.preview', { from: { kind: 'registry', registry: 'io.github.example/echo-bundle', values: { api_key: [TOKEN] } }, agents: ['codex'] });
    const [dir] = await readdir(join(sb.home, '.mcp-panel', 'bundles'));
    expect(ok.targets[0]!.entry).toEqual({ command: 'node', args: [join(sb.home, '.mcp-panel', 'bundles', dir!, 'server', 'index.mjs'), 'stdio'], env: { ECHO_LABEL: SECRET_MASK, ECHO_HOME: SECRET_MASK }, env_vars: ['API_KEY'] });
    expect(JSON.stringify(ok)).not.toContain(TOKEN);
    const changed = await call<RegistryEntry>('registry.show', { name: 'io.github.example/echo-changed' });
    expect([changed.ways[0]!.problem, changed.ways[0]!.fields]).toEqual([expect.stringMatching(/was refused: its SHA-256 is/), []]);
    const refused = await services.dispatch('install.preview', { from: { kind: 'registry', registry: 'io.github.example/echo-changed', values: { api_key: [TOKEN] } }, agents: ['codex'] }, ctx);
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input', data: { reason: 'bundle' } } });
    expect(await readdir(join(sb.home, '.mcp-panel', 'bundles'))).toEqual([dir]);
    expect(await homeHashes(sb.home)).toEqual(before);
  }, 60_000);

  it('install.apply keeps the secret in the keychain for the written entry and in no file; undo takes both back', async () => {
    const before = await homeHashes(sb.home);
    const from = { kind: 'registry', registry: TEAM_NOTES.name, values: { port: ['4100'], api_token: [TOKEN] } };
    const preview = await call<{ targets: { entry: Record<string, unknown> }[] }>('install.preview', { from, agents: ['codex'] });
    expect(preview.targets[0]!.entry).toEqual({ url: 'http://127.0.0.1:4100/mcp', bearer_token_env_var: 'API_TOKEN' });
    expect(JSON.stringify(preview)).not.toContain(TOKEN);

    const done = await call<{ id: string; written: { profile: string }[]; secretsKept: { profile: string; variables: string[] }[] }>('install.apply', { from, agents: ['codex'] });
    expect(done.secretsKept).toEqual([{ profile: 'codex', variables: ['API_TOKEN'] }]);
    expect(await readFile(join(sb.home, '.codex', 'config.toml'), 'utf8')).toContain('[mcp_servers.team-notes]');
    expect(await filesHolding(sb.root, TOKEN)).toEqual([]);
    const about = await call<{ secrets: { profile: string; server: string; variable: string }[] }>('app.about', {});
    expect(about.secrets.filter((s) => s.server === 'team-notes').map((s) => [s.profile, s.variable])).toEqual([['codex', 'API_TOKEN']]);

    await call('install.undo', { id: done.id });
    expect(await homeHashes(sb.home)).toEqual(before);
    const after = await call<{ secrets: { server: string }[] }>('app.about', {});
    expect(after.secrets.filter((s) => s.server === 'team-notes')).toEqual([]);
  }, 60_000);

  it('VS Code: the secret as its own input; edited since, the undo takes the entry and that input back and keeps the edit', async () => {
    const file = join(sb.home, '.config', 'Code', 'User', 'mcp.json');
    await sb.write(file, `{\n  "servers": {}\n}\n`);
    const from = { kind: 'registry', registry: TEAM_NOTES.name, values: { port: ['4100'], api_token: [TOKEN] } };
    const done = await call<{ id: string; secretsKept: { profile: string }[] }>('install.apply', { from, agents: ['vscode'] });
    expect(done.secretsKept.map((k) => k.profile)).toEqual(['vscode']);
    const written = JSON.parse(await readFile(file, 'utf8')) as { servers: Record<string, { headers: Record<string, string> }>; inputs: { id: string; password: boolean }[] };
    expect([written.servers['team-notes']!.headers, written.inputs.map((i) => [i.id, i.password])]).toEqual([{ Authorization: 'Bearer ${input:api-token}' }, [['api-token', true]]]);
    expect(await filesHolding(sb.root, TOKEN)).toEqual([]);

    // The person adds a server by hand: the undo can no longer put the file back byte for byte.
    await sb.write(file, (await readFile(file, 'utf8')).replace('"servers": {', '"servers": {\n    "mine": { "command": "mine" },'));
    const undo = await call<{ restored: { how: string }[] }>('install.undo', { id: done.id });
    expect(undo.restored.map((r) => r.how)).toEqual(['removed']);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ servers: { mine: { command: 'mine' } }, inputs: [] });
    expect((await call<{ secrets: { server: string }[] }>('app.about', {})).secrets.filter((x) => x.server === 'team-notes')).toEqual([]);
  }, 60_000);
});
