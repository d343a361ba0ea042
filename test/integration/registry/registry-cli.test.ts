// REG-1 and REG-4 with the real CLI against a registry on 127.0.0.1: `registry search` and
// `registry show` as a person reads them (status badges, the namespace, the form each way to
// install asks for, the versions), registry text shown escaped (bidi and control characters, a
// repository URL that is not http(s) not shown), a deleted entry shown as deleted and not
// offered, a second registry added by URL, and the catalogue answering with the registry gone.
// Then `install --from-registry` says what is missing and which flag gives it, before anything
// is written, and takes `--agent A --agent B`.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../config/helpers';
import { runCli } from '../../helpers/run-cli';
import { homeHashes } from '../../helpers/home-hashes';
import { startTestRegistry, TEAM_NOTES, type TestRegistry } from '../../fixtures/registry/server';

let sb: Sandbox;
let reg: TestRegistry;
let second: TestRegistry;
let env: NodeJS.ProcessEnv;
const cli = (args: string[], stdin?: string) => runCli(args, { env, cwd: sb.ws, timeoutMs: 120_000, ...(stdin !== undefined ? { stdin } : {}) });
const ok = async (args: string[]): Promise<string> => {
  const r = await cli(args);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
};

// What a hostile publisher might send: a right-to-left override, an escape sequence, a zero-width mark, a script URL.
const EVIL = {
  name: 'io.github.evil/bidi',
  title: 'Bi\u200Fdi',
  description: 'Safe \u202Eexe.txt\u001b[31m red',
  version: '1.0.0',
  repository: { url: 'javascript:alert(1)', source: 'github' },
  packages: [{ registryType: 'npm', identifier: '@evil/bidi', version: '1.0.0', transport: { type: 'stdio' } }],
};

beforeAll(async () => {
  sb = await sandbox();
  reg = await startTestRegistry({ synthetic: 120, extra: [EVIL, TEAM_NOTES] });
  second = await startTestRegistry({ synthetic: 0, extra: [{ name: 'com.example.internal/ledger', description: 'The company ledger', version: '4.2.0', packages: [{ registryType: 'npm', identifier: '@example/ledger-mcp', version: '4.2.0', transport: { type: 'stdio' } }] }] });
  env = { ...process.env, ...sb.env, MCP_PANEL_REGISTRY: reg.url };
  await sb.write(join(sb.home, '.claude.json'), `{\n  "mcpServers": {}\n}\n`);
  await sb.write(join(sb.home, '.codex', 'config.toml'), `model = "gpt-5"\n`);
}, 60_000);
afterAll(async () => {
  await reg?.stop();
  await second?.stop();
  await sb?.dispose();
});

describe('mcp-panel registry', () => {
  it('search and show: badges, namespace, the form per way to install, versions; registry text escaped', async () => {
    const weather = await ok(['registry', 'search', 'weather', '--limit', '50']);
    expect(weather).toMatch(/io\.github\.example\/old-weather {2}\S+ {2}\[deprecated: Use io\.github\.example\/weather-mcp instead\]/);
    expect(weather).toMatch(/127\.0\.0\.1:\d+: \d+ entries, read \d{4}-/);

    const evil = await ok(['registry', 'show', 'io.github.evil/bidi']);
    expect(evil).toContain('Safe \\u202eexe.txt\\x1b[31m red');
    expect(evil).toContain('(Bi\\u200fdi)');
    for (const raw of ['\u202e', '\u200f', '\u001b']) expect(evil).not.toContain(raw);
    expect(evil).toContain('repository (not an http(s) URL: not shown)');
    expect(evil).toContain('warning: title, description hold invisible or direction-changing characters (shown escaped)');
    expect(await ok(['registry', 'search', 'bidi'])).toMatch(/Safe \\u202eexe\.txt.*\n {4}warning: title, description hold invisible/);
    expect(await ok(['registry', 'show', 'io.github.modelcontextprotocol/memory'])).not.toContain('warning:');
    expect(evil).not.toContain('javascript:');

    const fs = await ok(['registry', 'show', 'io.github.modelcontextprotocol/filesystem']);
    expect(fs).toContain('namespace io.github.modelcontextprotocol');
    expect(fs).toMatch(/--use package:1 {2}npm @modelcontextprotocol\/server-filesystem@2026\.8\.31 {2}\(needs npx\)\n {6}target_dir {2}\(package; required, filepath\)/);
    expect(fs).toMatch(/LOG_LEVEL {2}\(env; optional, default info, one of debug, info, warn, error\)/);
    expect(fs).toMatch(/--use package:2 {2}oci docker\.io\/mcp\/filesystem:1\.0\.2 {2}\(needs docker\)/);

    const memory = JSON.parse(await ok(['registry', 'show', 'io.github.modelcontextprotocol/memory', '--json'])) as { versions: { version: string; isLatest: boolean }[]; choices: { fields: { key: string }[] }[] };
    expect(memory.versions.map((v) => [v.version, v.isLatest])).toEqual([['2026.8.31', true], ['2025.9.25', false]]);
    expect(memory.choices[0]!.fields.map((f) => f.key)).toEqual(['MEMORY_FILE_PATH']);
    expect(await ok(['registry', 'show', 'io.github.modelcontextprotocol/memory@2025.9.25'])).toContain('--from-registry io.github.modelcontextprotocol/memory@2025.9.25');
  }, 120_000);

  it('a deleted entry is shown as deleted, not offered by search, and not installed', async () => {
    expect(await ok(['registry', 'search', 'withdrawn-memory'])).not.toContain('withdrawn-memory');
    const shown = await ok(['registry', 'show', 'io.github.example/withdrawn-memory']);
    expect(shown).toMatch(/version 0\.1\.0, deleted: Withdrawn by its publisher/);
    expect(shown).not.toContain('--from-registry');
    const install = await cli(['install', '--from-registry', 'io.github.example/withdrawn-memory', '--agent', 'codex']);
    expect([install.code, install.stderr]).toEqual([1, expect.stringMatching(/was deleted from .*Withdrawn by its publisher/)]);
    const unknown = await cli(['registry', 'show', 'io.github.example/never-was']);
    expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringMatching(/no server io\.github\.example\/never-was .*registry search/)]);
  }, 120_000);
});

describe('install --from-registry on the command line', () => {
  it('says what is missing and which flag gives it, refuses a secret on the command line, writes nothing', async () => {
    const before = await homeHashes(sb.home);
    const missing = await cli(['install', '--from-registry', 'io.github.modelcontextprotocol/filesystem', '--agent', 'codex']);
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringMatching(/target_dir is required \(Path to access\): --set target_dir=/)]);
    const wrong = await cli(['install', '--from-registry', 'io.github.modelcontextprotocol/filesystem', '--set', 'target_dir=/srv', '--set', 'LOG_LEVEL=loud', '--set', 'colour=red', '--agent', 'codex']);
    expect(wrong.stderr).toMatch(/asks for no "colour"; it asks for: target_dir, LOG_LEVEL/);
    expect(wrong.stderr).toMatch(/LOG_LEVEL must be one of debug, info, warn, error; got "loud"/);
    const notes = await cli(['install', '--from-registry', String(TEAM_NOTES.name), '--agent', 'codex'], '');
    expect(notes.stderr).toMatch(/port is required \(Port of the notes service\): --set port=…/);
    expect(notes.stderr).toMatch(/api_token is required \(Your notes token\): a secret: pipe it on stdin/);
    const onLine = await cli(['install', '--from-registry', String(TEAM_NOTES.name), '--set', 'port=1', '--set', 'api_token=t0ken', '--agent', 'codex']);
    expect(onLine.stderr).toMatch(/api_token is a secret: give it on stdin \(or at the prompt\), not with --set/);
    // The runtime first: a machine without uv is told how to get it before anything is asked.
    const noUv = await runCli(['install', '--from-registry', 'io.github.example/weather-mcp', '--agent', 'codex'], { env: { ...env, PATH: sb.root }, cwd: sb.ws, stdin: '' });
    expect([noUv.code, noUv.stderr]).toEqual([1, expect.stringMatching(/uvx is not on PATH, and this server starts with it; install uv \(it brings uvx\)/)]);
    const bad = await cli(['install', '--from-registry', 'io.github.modelcontextprotocol/filesystem', '--use', 'packages:1']);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringMatching(/--use takes package:N or remote:N/)]);
    expect(await homeHashes(sb.home)).toEqual(before);
  }, 180_000);

  it('--agent A --agent B previews both, the version pinned, the filled value in place', async () => {
    const r = await cli(['install', '--from-registry', 'io.github.modelcontextprotocol/filesystem@2026.8.31', '--set', 'target_dir=/srv/data', '--agent', 'claude-code', '--agent', 'codex', '--dry-run', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const preview = JSON.parse(r.stdout) as { source: unknown; targets: { profile: string; entry: Record<string, unknown> }[] };
    expect(preview.source).toEqual({ kind: 'registry', registry: reg.url, name: 'io.github.modelcontextprotocol/filesystem', version: '2026.8.31' });
    expect(preview.targets.map((t) => t.profile).sort()).toEqual(['claude-code', 'codex']);
    expect(preview.targets.find((t) => t.profile === 'codex')!.entry).toEqual({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem@2026.8.31', '/srv/data'], env: { LOG_LEVEL: 'info' } });
  }, 120_000);
});

describe('the catalogues without the network', () => {
  it('a registry added by URL is searched beside the default; with both gone the catalogues still answer', async () => {
    expect(await ok(['registry', 'add-source', second.url, '--name', 'company'])).toMatch(/added company/);
    expect(await ok(['registry', 'add-source', second.url])).toMatch(/already there, as company/);
    const sources = JSON.parse(await ok(['registry', 'sources', '--json'])) as { sources: { source: { name: string; url: string } }[] };
    expect(sources.sources.map((s) => s.source.url)).toEqual([reg.url, second.url]);
    expect(await ok(['registry', 'search', 'ledger', '--source', 'company'])).toContain('com.example.internal/ledger  4.2.0');
    const before = JSON.parse(await ok(['registry', 'search', 'memory', '--json'])) as { results: { name: string }[] };

    // The network gone (the last test: both registries stay stopped; afterAll's stop is then a no-op).
    await Promise.all([reg.stop(), second.stop()]);
    const offline = await cli(['registry', 'search', 'memory', '--refresh', '--json']);
    expect(offline.code, offline.stderr).toBe(0);
    const after = JSON.parse(offline.stdout) as { results: { name: string }[]; sources: { error: { code: string } | null }[] };
    expect(after.results).toEqual(before.results);
    expect(after.sources.map((s) => s.error?.code)).toEqual(['unreachable', 'unreachable']);
    const human = await ok(['registry', 'search', 'ledger', '--refresh']);
    expect(human).toContain('com.example.internal/ledger');
    expect(human).toMatch(/company: \d+ entries, read .*\n {2}could not refresh: /);
  }, 120_000);
});
