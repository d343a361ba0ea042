// REG-3 end to end with the built CLI: an MCPB bundle packed in the test by the MCPB tool
// (`packExtension`, the echo fixture inside), served by the registry on 127.0.0.1 with its
// fileSha256. `registry show` fetches, verifies and unpacks it into the panel's data folder (one
// owner-only folder named by the digest) and lists its user_config as the form; `install
// --from-registry` into Claude Code (a trusted project's .mcp.json, where it expands `${VAR}`) and
// Codex runs it from that folder; the panel connects through each entry, the sensitive value
// comes on stdin, goes to the real keychain (scripts/with-keyring.sh) and reaches the server,
// and is in no file; undo gives every file back. Refused with nothing unpacked and the download
// gone: one byte changed, a `../` entry, a link pointing out, no digest; the size and entry
// bounds are the engine's own, checked against the same registry.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundleStore } from '../../../electron/services/registry/mcpb/store';
import { DEFAULT_BUNDLE_BOUNDS } from '../../../electron/services/registry/mcpb/entries';
import { sandbox, type Sandbox } from '../config/helpers';
import { runCli } from '../../helpers/run-cli';
import { filesHolding, homeHashes } from '../../helpers/home-hashes';
import { bundleServer, ECHO_MANIFEST, packEchoBundle, sha256, withEntry } from '../../fixtures/registry/bundle';
import { startTestRegistry, type TestRegistry } from '../../fixtures/registry/server';

const SECRET = `mcpb-key-${process.pid}-${'k'.repeat(12)}`;
const AT = '2026-01-01T00:00:00Z';
let sb: Sandbox;
let reg: TestRegistry;
let env: NodeJS.ProcessEnv;
let digest: string;
let tamperedDigest: string;
const bundles = () => join(sb.home, '.mcp-panel', 'bundles');
const listBundles = async () => (await readdir(bundles()).catch(() => [] as string[])).sort();
const cli = (args: string[], stdin?: string) => runCli(args, { env, cwd: sb.ws, timeoutMs: 180_000, ...(stdin !== undefined ? { stdin } : {}) });
const json = async <T,>(args: string[], stdin?: string): Promise<T> => {
  const r = await cli([...args, '--json'], stdin);
  expect(r.code, `${args.join(' ')}: ${r.stderr} ${r.stdout.slice(0, 3000)}`).toBe(0);
  return JSON.parse(r.stdout) as T;
};
/** A bundle served at /bundles/NAME and published as `io.github.example/NAME` with `sum` as its digest. */
const serve = (name: string, bytes: Buffer, sum: string | null = sha256(bytes)) => {
  reg.files.set(`${name}.mcpb`, bytes);
  const server = bundleServer(`io.github.example/${name}`, `${reg.url}/bundles/${name}.mcpb`, sum ?? '');
  if (sum === null) delete (server.packages as Array<{ fileSha256?: string }>)[0]!.fileSha256;
  reg.publish(server, AT);
};

beforeAll(async () => {
  sb = await sandbox();
  reg = await startTestRegistry({ synthetic: 0 });
  const good = await packEchoBundle(join(sb.root, 'build'));
  digest = good.sha256;
  serve('echo-bundle', good.bytes);
  // Another version (its digest not yet kept: a kept digest is never fetched again), one byte changed on the way.
  const next = await packEchoBundle(join(sb.root, 'build-next'), { ...ECHO_MANIFEST, version: '1.0.1' });
  tamperedDigest = next.sha256;
  const flipped = Buffer.from(next.bytes);
  const mid = flipped.length >> 1;
  flipped[mid] = flipped[mid]! ^ 0x01;
  serve('echo-tampered', flipped, next.sha256);
  serve('echo-dotdot', await withEntry(good.bytes, '../escape.txt', 'out'));
  serve('echo-link', await withEntry(good.bytes, 'server/passwd', '../../../../../../etc/passwd', { symlink: true }));
  serve('echo-undigested', good.bytes, null);
  env = { ...process.env, ...sb.env, MCP_PANEL_REGISTRY: reg.url };
  await sb.write(join(sb.home, '.claude.json'), { numStartups: 3, mcpServers: {}, projects: { [sb.ws]: { hasTrustDialogAccepted: true, enabledMcpjsonServers: ['echo-bundle'] } } });
  await sb.write(join(sb.home, '.codex', 'config.toml'), `# Codex\nmodel = "gpt-5"   # keep\n`);
}, 120_000);
afterAll(async () => {
  await reg?.stop();
  await sb?.dispose();
});

type Field = { key: string; secret: boolean; required: boolean; default: string | null; group: string };
type Shown = { choices: { label: string; problem: string | null; runtime: string | null; fields: Field[] }[] };
type Installed = { id: string; written: { profile: string; path: string }[]; secretsKept: { profile: string; variables: string[] }[]; preview: { targets: { profile: string; entry: Record<string, unknown> }[] } };
type Tools = { servers: { state: string }[]; tools: { name: string }[] };

describe('MCPB bundles from a registry', () => {
  it('show fetches and verifies the bundle into an owner-only folder named by its digest, and asks its user_config', async () => {
    expect(await listBundles()).toEqual([]);
    const shown = await json<Shown>(['registry', 'show', 'io.github.example/echo-bundle']);
    expect(shown.choices).toEqual([
      expect.objectContaining({
        label: `mcpb ${reg.url}/bundles/echo-bundle.mcpb@1.0.0`,
        problem: null,
        runtime: 'node',
        fields: [expect.objectContaining({ key: 'api_key', group: 'config', secret: true, required: true }), expect.objectContaining({ key: 'label', secret: false, required: false, default: 'bundled' })],
      }),
    ]);
    expect(await listBundles()).toEqual([digest]);
    const dir = join(bundles(), digest);
    expect((await stat(bundles())).mode & 0o777).toBe(0o700);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, 'server'))).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, 'server', 'index.mjs'))).mode & 0o077).toBe(0);
    expect(JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')).name).toBe('echo-bundle');
  }, 120_000);

  it('installs into Claude Code and Codex: runs from the bundle folder, the panel connects, the secret is in the keychain and no file; undo', async () => {
    expect((await cli(['trust', '--workspace', sb.ws])).code).toBe(0);
    const before = await homeHashes(sb.home);
    const name = 'io.github.example/echo-bundle';
    const missing = await cli(['install', '--from-registry', name, '--agents', 'codex', '--json'], '');
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringMatching(/api_key is required \(The key the server uses\): a secret: pipe it on stdin/)]);
    const onLine = await cli(['install', '--from-registry', name, '--set', `api_key=${SECRET}`, '--agents', 'codex']);
    expect(onLine.stderr).toMatch(/api_key is a secret: give it on stdin/);
    expect(await homeHashes(sb.home)).toEqual(before);

    const claude = await json<Installed>(['install', '--from-registry', name, '--agents', 'claude-code', '--layer', 'project'], SECRET);
    const codex = await json<Installed>(['install', '--from-registry', name, '--set', 'label=mine', '--agents', 'codex'], SECRET);
    const script = join(bundles(), digest, 'server', 'index.mjs');
    expect(claude.preview.targets[0]!.entry).toEqual({ type: 'stdio', command: 'node', args: [script, 'stdio'], env: { API_KEY: '${API_KEY}', ECHO_LABEL: 'bundled', ECHO_HOME: join(sb.home, 'notes') } });
    expect(codex.preview.targets[0]!.entry).toEqual({ command: 'node', args: [script, 'stdio'], env: { ECHO_LABEL: 'mine', ECHO_HOME: join(sb.home, 'notes') }, env_vars: ['API_KEY'] });
    expect([...claude.secretsKept, ...codex.secretsKept]).toEqual([{ profile: 'claude-code', variables: ['API_KEY'] }, { profile: 'codex', variables: ['API_KEY'] }]);
    expect(await readFile(join(sb.home, '.codex', 'config.toml'), 'utf8')).toContain('model = "gpt-5"   # keep\n');
    expect(await filesHolding(sb.root, SECRET)).toEqual([]);
    expect(await listBundles()).toEqual([digest]);

    for (const p of ['claude-code', 'codex']) {
      const t = await json<Tools>(['tools', '--profile', p, '--server', 'echo-bundle']);
      expect([p, t.servers[0]!.state]).toEqual([p, 'connected']);
      expect(t.tools.map((x) => x.name)).toContain('echo');
      // The keychain's value reached the server started from the bundle's folder (it answers with the sha256 of what it got).
      const called = await json<{ content: { text: string }[] }>(['call', 'echo-bundle', 'env', '--args', '{"name":"API_KEY"}', '--profile', p]);
      expect([p, JSON.parse(called.content[0]!.text).sha256]).toEqual([p, createHash('sha256').update(SECRET).digest('hex')]);
    }
    const kept = await json<{ secrets: { profile: string; server: string; variable: string; bound: boolean }[] }>(['secrets', 'list']);
    expect(kept.secrets.filter((s) => s.server === 'echo-bundle').map((s) => [s.profile, s.variable, s.bound]).sort()).toEqual([['claude-code', 'API_KEY', true], ['codex', 'API_KEY', true]]);

    await json(['install', '--undo', codex.id]);
    await json(['install', '--undo', claude.id]);
    expect(await homeHashes(sb.home)).toEqual(before);
    const left = await json<{ secrets: { server: string }[] }>(['secrets', 'list']);
    expect(left.secrets.filter((s) => s.server === 'echo-bundle')).toEqual([]);
  }, 300_000);

  it('refuses, with nothing unpacked and no download left: one byte changed, a ../ entry, a link pointing out, no digest', async () => {
    const kept = await listBundles();
    const before = await homeHashes(sb.home);
    const cases: Array<[string, RegExp]> = [
      ['echo-tampered', new RegExp(`was refused: its SHA-256 is [a-f0-9]{64}, the registry says ${tamperedDigest}; the download was removed and nothing was unpacked`)],
      ['echo-dotdot', /was refused, nothing of it was unpacked: "\.\.\/escape\.txt": a "\.\." part, which leaves the bundle's folder/],
      ['echo-link', /was refused, nothing of it was unpacked: "server\/passwd": a symbolic link/],
      ['echo-undigested', /MCPB bundle without fileSha256/],
    ];
    for (const [name, why] of cases) {
      const r = await cli(['install', '--from-registry', `io.github.example/${name}`, '--agents', 'codex,claude-code'], SECRET);
      expect([name, r.code, r.stderr]).toEqual([name, 1, expect.stringMatching(why)]);
      expect([name, await listBundles()]).toEqual([name, kept]);
      const shown = await json<Shown>(['registry', 'show', `io.github.example/${name}`]);
      expect([name, shown.choices[0]!.problem]).toEqual([name, expect.stringMatching(why)]);
    }
    expect(await homeHashes(sb.home)).toEqual(before);
    expect(await listBundles()).toEqual(kept);
  }, 300_000);

  it('the bounds: a download, an unpacked size and an entry count over them are refused, nothing kept; a killed fetch\'s leftovers swept', async () => {
    const big = await packEchoBundle(join(sb.root, 'build-big'), undefined, { 'data/zeros.bin': Buffer.alloc(8 * 1024 * 1024) });
    reg.files.set('big.mcpb', big.bytes);
    const pkg = { identifier: `${reg.url}/bundles/big.mcpb`, fileSha256: big.sha256 };
    const dataDir = join(sb.root, 'bounds-data');
    const open = (bounds: Partial<typeof DEFAULT_BUNDLE_BOUNDS>) => new BundleStore(dataDir, { ...DEFAULT_BUNDLE_BOUNDS, ...bounds }).open(pkg);
    const left = async () => (await readdir(join(dataDir, 'bundles'))).sort();
    // Eight MB of zeros deflate to a few KB: the unpacked bytes are counted as they are inflated.
    expect(big.bytes.length).toBeLessThan(1024 * 1024);
    await expect(open({ maxUnpackedBytes: 4 * 1024 * 1024 })).rejects.toMatchObject({ code: 'too_big', message: expect.stringMatching(/unpacks to over 4 MB/) });
    expect(await left()).toEqual([]);
    await expect(open({ maxDownloadBytes: 64 * 1024 })).rejects.toMatchObject({ code: 'too_big', message: expect.stringMatching(/over 64 KB, the bound for a bundle's download/) });
    expect(await left()).toEqual([]);
    await expect(open({ maxEntries: 2 })).rejects.toMatchObject({ code: 'too_big', message: expect.stringMatching(/holds \d+ entries, over the 2/) });
    expect(await left()).toEqual([]);
    // What a panel killed mid-download left (its process is gone) is swept by the next fetch; a live one's is not touched.
    const gone = join(dataDir, 'bundles', `.${big.sha256}.999999999-${'a'.repeat(12)}.mcpb`);
    const live = join(dataDir, 'bundles', `.${big.sha256}.${process.pid}-${'b'.repeat(12)}.unpack`);
    await mkdir(live, { recursive: true });
    await writeFile(gone, 'partial');
    const ok = await open({});
    expect([ok.fetched, ok.manifest.name, await left()]).toEqual([true, 'echo-bundle', [live.slice(live.lastIndexOf('/') + 1), big.sha256]]);
    expect((await open({})).fetched).toBe(false);
  }, 120_000);
});
